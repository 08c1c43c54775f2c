import { describe, expect, it } from 'vitest';

import {
  buildContactListPath,
  buildFilterSegments,
  buildKanbanTablePath,
  buildMassSendClientsPath,
  buildWhatsappClientsPath,
  CONTACT_LIST_LAYOUT,
  emptyFilter,
  FilterSegmentsError,
  isFilterDate,
  MASS_SEND_CLIENTS_LAYOUT,
  parseFilterSegments,
  PIPELINE_LAYOUT,
  WHATSAPP_CLIENTS_LAYOUT,
  type ContactListFilter,
  type SegmentLayout,
  type WhatsappClientsFilter,
} from './filter-segments.ts';

// What a router hands the server: the path tail URL-decoded once (Fastify params).
const routerDecoded = (path: string): string => path.split('/').map(decodeURIComponent).join('/');

const contactFilter: ContactListFilter = {
  page: 2,
  cli_status_negociacao: 5,
  cli_status_negociacao_venda: null,
  cli_contato_status: 3,
  texto_busca: 'João / 50% ação',
  cli_tipo_lead: 1,
  status_envio_massa: null,
  cli_campanha_nome: 'Clareamento Verão #2',
  tags: [3, 8],
  atendentes: [],
  cli_atendimento: 0,
  data_inicio: '2024-05-01 00:00:00',
  data_fim: '2024-05-31 23:59:59',
  tipo_data: 1,
};

describe(
  '000 §7 contact list segments (page, negotiation status, sale status, contact status, text, ' +
    'platform, mass-send status, campaign, tags, attendants, attendance, optional start and end, date ' +
    'type)',
  () => {
    it('000 §7 builds the positional path: -1 for empty, text encoded twice, lists comma-joined', () => {
      expect(buildContactListPath('lista', contactFilter)).toBe(
        'contato/lista/2/5/-1/3/Jo%25C3%25A3o%2520%252F%252050%2525%2520a%25C3%25A7%25C3%25A3o/1/-1/' +
          'Clareamento%2520Ver%25C3%25A3o%2520%25232/3,8/-1/0/2024-05-01%2000%3A00%3A00/2024-05-31%2023%3A59%3A59/1',
      );
    });

    it('000 §7 build → parse gives back the filter, from the router-decoded or the raw path', () => {
      const segments = buildFilterSegments(CONTACT_LIST_LAYOUT, contactFilter);
      expect(parseFilterSegments(CONTACT_LIST_LAYOUT, routerDecoded(segments))).toEqual(contactFilter);
      expect(parseFilterSegments(CONTACT_LIST_LAYOUT, segments, { raw: true })).toEqual(contactFilter);
    });

    it('000 §7 the start and end date-time are optional: left out when both are empty, read back as null', () => {
      const noDates = { ...contactFilter, data_inicio: null, data_fim: null };
      const segments = buildFilterSegments(CONTACT_LIST_LAYOUT, noDates);
      expect(segments.split('/')).toHaveLength(12);
      expect(segments.endsWith('/-1/0/1')).toBe(true);
      expect(parseFilterSegments(CONTACT_LIST_LAYOUT, routerDecoded(segments))).toEqual(noDates);
    });

    it('000 §7 a start without an end keeps both positions, the end as -1', () => {
      const startOnly = { ...contactFilter, data_fim: null };
      const segments = buildFilterSegments(CONTACT_LIST_LAYOUT, startOnly);
      expect(segments.split('/')).toHaveLength(14);
      expect(parseFilterSegments(CONTACT_LIST_LAYOUT, routerDecoded(segments))).toEqual(startOnly);
    });

    it('000 §7 the empty filter is page 1 and -1 everywhere else', () => {
      expect(buildContactListPath('crm', emptyFilter(CONTACT_LIST_LAYOUT))).toBe(
        'contato/crm/1/-1/-1/-1/-1/-1/-1/-1/-1/-1/-1/-1',
      );
      expect(buildContactListPath('listaqualquer', emptyFilter(CONTACT_LIST_LAYOUT))).toMatch(/^contato\/listaqualquer\/1\//);
    });
  },
);

describe('001 §7 whatsapp/clientes/{page}/{filters...} with the 001 §3 filter fields', () => {
  const filter: WhatsappClientsFilter = {
    ...emptyFilter(WHATSAPP_CLIENTS_LAYOUT),
    page: 1,
    texto_busca: 'maria',
    cli_data_inicio: '2024-01-01 00:00:00',
    cli_data_fim: '2024-01-31 23:59:59',
    tag: [1, 2, 3],
    atendentes: [7],
    status_mensagem: 0,
    nao_lidos: true,
    meus_atendimentos: true,
  };

  it('001 §7 every filter has its fixed position; status_mensagem 0 is a value, not empty; flags are 1 or -1', () => {
    const path = buildWhatsappClientsPath(filter);
    const segments = path.replace('whatsapp/clientes/', '').split('/');
    expect(segments).toHaveLength(WHATSAPP_CLIENTS_LAYOUT.length);
    expect(segments.slice(0, 5)).toEqual(['1', '-1', '-1', '-1', 'maria']);
    expect(segments.slice(12)).toEqual(['1,2,3', '7', '0', '-1', '1', '1', '-1', '-1', '-1']);
  });

  it('001 §7 build → parse gives back the filter', () => {
    const tail = buildWhatsappClientsPath(filter).replace('whatsapp/clientes/', '');
    expect(parseFilterSegments(WHATSAPP_CLIENTS_LAYOUT, routerDecoded(tail))).toEqual(filter);
  });
});

describe(
  '002 §7 "Each unset segment is -1; multi-values are comma-joined ids; text values are double ' +
    'URL-encoded; dates YYYY-MM-DD"',
  () => {
    it('002 §7 envioemmassa/clientes keeps its trailing slash and round-trips', () => {
      const filter = {
        ...emptyFilter(MASS_SEND_CLIENTS_LAYOUT),
        status_negociacao: 4,
        campanha: 'Black Friday',
        data_inicio: '2024-11-01',
        tags: [10],
      };
      const path = buildMassSendClientsPath(filter);
      expect(path).toBe('envioemmassa/clientes/4/-1/-1/-1/-1/Black%2520Friday/2024-11-01/-1/10/-1/');
      expect(parseFilterSegments(MASS_SEND_CLIENTS_LAYOUT, routerDecoded(path.replace('envioemmassa/clientes/', '')))).toEqual(
        filter,
      );
    });

    it('002 §3 pipeline filter set round-trips behind kanban/tabela/{page}', () => {
      const filter = {
        ...emptyFilter(PIPELINE_LAYOUT),
        texto_busca: 'ana',
        cli_atendimento: 2,
        ids_atendentes: [1, 2],
        nao_atribuidos: true,
      };
      const path = buildKanbanTablePath(3, filter);
      expect(path.startsWith('kanban/tabela/3/ana/-1/-1/')).toBe(true);
      expect(parseFilterSegments(PIPELINE_LAYOUT, routerDecoded(path.replace('kanban/tabela/3/', '')))).toEqual(filter);
    });

    it('text with slashes, percent signs and accents survives the router decode because it is encoded twice', () => {
      const layout = [{ key: 'q', kind: 'text' }] as const satisfies SegmentLayout;
      for (const q of ['a/b', '100%', 'ação', '#?&=', ' espaço ']) {
        const built = buildFilterSegments(layout, { q });
        expect(built).not.toContain('/');
        expect(parseFilterSegments(layout, routerDecoded(built))).toEqual({ q });
      }
    });
  },
);

describe("malformed segments give FilterSegmentsError 'Filtro inválido: …'", () => {
  const parse = (tail: string) => () => parseFilterSegments(MASS_SEND_CLIENTS_LAYOUT, tail);

  it('rejects a wrong number of segments', () => {
    expect(parse('1/2/3')).toThrow(FilterSegmentsError);
    expect(parse('1/2/3')).toThrow('Filtro inválido: esperados 10 segmentos, recebidos 3');
    expect(() => parseFilterSegments(CONTACT_LIST_LAYOUT, '1/2')).toThrow('esperados 12 ou 14 segmentos');
  });

  it('rejects malformed ids, lists, dates, flags and page numbers, naming the field', () => {
    const cases: [SegmentLayout, string, string][] = [
      [MASS_SEND_CLIENTS_LAYOUT, 'abc/-1/-1/-1/-1/-1/-1/-1/-1/-1', 'status_negociacao'],
      [MASS_SEND_CLIENTS_LAYOUT, '-1/-1/-1/-1/-1/-1/-1/-1/1,,2/-1', 'tags'],
      [MASS_SEND_CLIENTS_LAYOUT, '-1/-1/-1/-1/-1/-1/2024-02-30/-1/-1/-1', 'data_inicio'],
      [MASS_SEND_CLIENTS_LAYOUT, '-2/-1/-1/-1/-1/-1/-1/-1/-1/-1', 'status_negociacao'],
      [PIPELINE_LAYOUT, '-1/-1/-1/-1/-1/-1/-1/-1/-1/-1/-1/sim/-1', 'meus_atendimentos'],
      [CONTACT_LIST_LAYOUT, 'x/-1/-1/-1/-1/-1/-1/-1/-1/-1/-1/-1', 'page'],
    ];
    for (const [layout, tail, field] of cases) {
      try {
        parseFilterSegments(layout, tail);
        expect.unreachable(`${tail} should not parse`);
      } catch (error) {
        expect(error).toBeInstanceOf(FilterSegmentsError);
        expect((error as FilterSegmentsError).code).toBe('invalid-value');
        expect((error as FilterSegmentsError).field).toBe(field);
        expect((error as Error).message).toMatch(/^Filtro inválido: /);
      }
    }
  });

  it('rejects ids beyond a PostgreSQL integer and dates out of range without repeating the value (issue 7 §4)', () => {
    const tail = (i: number, value: string) => Array.from({ length: 10 }, (_, j) => (j === i ? value : '-1')).join('/');
    expect(parseFilterSegments(MASS_SEND_CLIENTS_LAYOUT, tail(0, '2147483647')).status_negociacao).toBe(2_147_483_647);
    expect(parseFilterSegments(MASS_SEND_CLIENTS_LAYOUT, tail(8, '0,2147483647')).tags).toEqual([0, 2_147_483_647]);
    for (const [i, value, field] of [
      [0, '2147483648', 'status_negociacao'],
      [0, '99999999999', 'status_negociacao'],
      [8, '1,2147483648', 'tags'],
      [6, '9999-12-31', 'data_inicio'],
      [7, '9999-12-31 23:59:59', 'data_fim'],
      [7, '0001-01-01', 'data_fim'],
    ] as const) {
      expect(() => parseFilterSegments(MASS_SEND_CLIENTS_LAYOUT, tail(i, value))).toThrow(
        `Filtro inválido: valor inválido em ${field}`,
      );
    }
    expect(parseFilterSegments(MASS_SEND_CLIENTS_LAYOUT, tail(7, '2999-12-31')).data_fim).toBe('2999-12-31');
    expect([
      isFilterDate('1900-01-01'),
      isFilterDate('2999-12-31 23:59:59'),
      isFilterDate('9999-12-31'),
      isFilterDate('1899-12-31'),
      isFilterDate('2024-02-30'),
    ]).toEqual([true, true, false, false, false]);
    expect(() => parseFilterSegments(MASS_SEND_CLIENTS_LAYOUT, tail(5, 'a%00b'))).toThrow(
      'Filtro inválido: valor inválido em campanha',
    );
  });

  it('rejects broken percent-encoding in text', () => {
    expect(() => parseFilterSegments([{ key: 'q', kind: 'text' }] as const, '%E0%A4%A')).toThrow(
      'Filtro inválido: codificação inválida em q',
    );
  });

  it('refuses to build a filter with a negative id or a malformed date', () => {
    expect(() => buildFilterSegments(MASS_SEND_CLIENTS_LAYOUT, { ...emptyFilter(MASS_SEND_CLIENTS_LAYOUT), tags: [-3] })).toThrow(
      FilterSegmentsError,
    );
    expect(() =>
      buildFilterSegments(MASS_SEND_CLIENTS_LAYOUT, { ...emptyFilter(MASS_SEND_CLIENTS_LAYOUT), data_fim: '31/01/2024' }),
    ).toThrow('Filtro inválido: valor "31/01/2024" em data_fim');
  });
});
