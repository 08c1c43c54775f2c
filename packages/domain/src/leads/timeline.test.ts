import { describe, expect, it } from 'vitest';

import { formatBRL } from '../format/currency.ts';
import { makeHistoryEvent, makeNegotiationStatuses, makeSaleStatuses } from '../testing/factories.ts';
import {
  canEditTicketFromTimeline,
  contactEditHistory,
  describeTimelineEvent,
  historyEventSchema,
  scheduledMessageChange,
  TICKET_CHANGE_DESCRIPTION,
  TIMELINE_EVENT_TYPE,
  TIMELINE_EVENT_TYPE_NOTE,
  type TimelineLookups,
} from './timeline.ts';

const lookups: TimelineLookups = {
  negotiationStatuses: makeNegotiationStatuses(),
  saleStatuses: makeSaleStatuses(),
  users: [{ id: 1, nome: 'Fernanda Lima' }],
  tags: [{ id: 30, nome: 'VIP' }],
  potentials: [{ id: 4, nome: 'Alto potencial' }],
};
const event = (overrides: Parameters<typeof makeHistoryEvent>[0]) =>
  makeHistoryEvent({ data_comentario: '2024-03-05T17:30:15Z', ...overrides });

describe('timeline event types (000 §3 "Timeline event types 1 to 12", first reading)', () => {
  it('000 §3 numbers the twelve types in the first reading order', () => {
    expect(Object.entries(TIMELINE_EVENT_TYPE).map(([name, id]) => `${id} ${name}`)).toEqual([
      '1 whatsapp',
      '2 mensagem',
      '3 chamadaAtendida',
      '4 chamadaNaoAtendida',
      '5 statusNegociacao',
      '6 ligacaoAgendada',
      '7 avaliada',
      '8 statusNegociacaoVenda',
      '9 usuario',
      '10 mensagemAgendadaWhatsapp',
      '11 mensagemTag',
      '12 mensagemAtendimento',
    ]);
    expect(TIMELINE_EVENT_TYPE_NOTE).toContain('first reading');
  });

  it('000 §3 the history event schema has every field and rejects an unknown type', () => {
    const valid = event({ tipo: 3, duracao: 83, tentativas: 2 });
    expect(historyEventSchema.parse(valid)).toEqual(valid);
    // 21 of 000 §3, and `autor` (issue 25: 'Automação: {nome}' on a step's change).
    expect(Object.keys(historyEventSchema.shape)).toHaveLength(22);
    expect(Object.keys(historyEventSchema.shape)).toContain('autor');
    expect(historyEventSchema.safeParse({ ...valid, tipo: 13 }).success).toBe(false);
  });
});

describe('timeline rows (000 §2 "icon, title, date (DD/MM/YYYY HH:mm:ss) and attendant")', () => {
  it('000 §2 shows the date as DD/MM/YYYY HH:mm:ss in America/Sao_Paulo and the attendant name', () => {
    const row = describeTimelineEvent(event({ tipo: 2, texto: 'Ligar amanhã' }), lookups);
    expect(row).toEqual({
      icon: 'note',
      title: 'Anotação',
      details: ['Ligar amanhã'],
      date: '05/03/2024 14:30:15',
      attendant: 'Fernanda Lima',
    });
  });

  it("000 §2, §8 a user that cannot be resolved shows 'ERR'", () => {
    expect(describeTimelineEvent(event({ atendente: 99 }), lookups).attendant).toBe('ERR');
    expect(describeTimelineEvent(event({ atendente: null }), lookups).attendant).toBe('ERR');
  });

  it('falls back to datacad when data_comentario is missing', () => {
    const row = describeTimelineEvent(event({ data_comentario: null, datacad: '2024-01-02 08:00:00' }), lookups);
    expect(row.date).toBe('02/01/2024 08:00:00');
  });

  it('000 §4 negotiation status changes show old to new status, looked up by idFunil', () => {
    const row = describeTimelineEvent(event({ tipo: 5, id_antigo: 2, id_novo: 5, texto: null }), lookups);
    expect(row.icon).toBe('negotiation-status');
    expect(row.details).toEqual(['Agendado → Fechado']);
  });

  it('000 §4 sale status changes show old to new, looked up by idFunilVenda', () => {
    const row = describeTimelineEvent(event({ tipo: 8, id_antigo: 1, id_novo: 2, texto: null }), lookups);
    expect(row.icon).toBe('sale-status');
    expect(row.details).toEqual(['Não convertido → Convertido']);
  });

  it("000 §4 an unknown status shows 'Desconhecido'", () => {
    expect(describeTimelineEvent(event({ tipo: 5, id_antigo: null, id_novo: 77, texto: null }), lookups).details).toEqual([
      'Desconhecido → Desconhecido',
    ]);
    expect(describeTimelineEvent(event({ tipo: 8, id_antigo: 3, id_novo: 9, texto: null }), lookups).details).toEqual([
      'Cancelado → Desconhecido',
    ]);
  });

  it('001 §3, issue 7 §6: a potential change shows the star level labels old → new, and which potential', () => {
    // As the server stores it: the lead's potential id on both sides, the 0..5 levels as text.
    expect(
      describeTimelineEvent(event({ tipo: 7, id_antigo: 4, id_novo: 4, valor_antigo: '1', valor_novo: '4' }), lookups).details,
    ).toEqual(['Pouco → Médio+', 'Potencial: Alto potencial']);
    expect(
      describeTimelineEvent(event({ tipo: 7, id_antigo: null, id_novo: 4, valor_antigo: 1, valor_novo: 4 }), lookups).details,
    ).toEqual(['Pouco → Médio+', 'Potencial: Alto potencial']);
    expect(describeTimelineEvent(event({ tipo: 7, valor_antigo: '0', valor_novo: 5 }), lookups).details).toEqual([
      'Nenhum → Muito',
    ]);
  });

  it("issue 7 §6: never 'name → name' — the potential's own level labels are used, and another potential names each side", () => {
    const withLabels: TimelineLookups = {
      ...lookups,
      potentials: [
        {
          id: 4,
          nome: 'Interesse no tratamento',
          status: 'Sem interesse',
          status1: 'Curioso',
          status2: 'Pouco+',
          status3: 'Médio',
          status4: 'Médio+',
          status5: 'Fechando',
        },
        {
          id: 6,
          nome: 'Orçamento',
          status: 'Nenhum',
          status1: 'Pouco',
          status2: 'Pouco+',
          status3: 'Médio',
          status4: 'Médio+',
          status5: 'Muito',
        },
      ],
    };
    const same = describeTimelineEvent(
      event({ tipo: 7, id_antigo: 4, id_novo: 4, valor_antigo: '1', valor_novo: '5' }),
      withLabels,
    ).details;
    expect(same).toEqual(['Curioso → Fechando', 'Potencial: Interesse no tratamento']);
    expect(same[0]).not.toBe('Interesse no tratamento → Interesse no tratamento');
    expect(
      describeTimelineEvent(event({ tipo: 7, id_antigo: 4, id_novo: 6, valor_antigo: '0', valor_novo: '3' }), withLabels).details,
    ).toEqual(['Interesse no tratamento: Sem interesse → Orçamento: Médio']);
    expect(
      describeTimelineEvent(event({ tipo: 7, id_antigo: 4, id_novo: 4, valor_antigo: '9', valor_novo: null }), withLabels)
        .details[0],
    ).toBe('Desconhecido → Desconhecido');
  });

  it("000 §4, issue 7 §6: a ticket change reads as a ticket change in BRL, not 'status → same status'", () => {
    const row = describeTimelineEvent(
      event({
        tipo: 5,
        id_antigo: 4,
        id_novo: 4,
        valor_antigo: '0.00',
        valor_novo: '1234.50',
        descricao: TICKET_CHANGE_DESCRIPTION,
        texto: 'Valor do ticket: R$ 0,00 → R$ 1.234,50',
      }),
      lookups,
    );
    expect([row.icon, row.title, row.details]).toEqual([
      'ticket',
      'Valor do ticket alterado',
      [`${formatBRL(0)} → ${formatBRL(1234.5)}`],
    ]);
    expect(row.details.join(' ')).not.toContain('Em negociação');
  });

  it('issue 7 §6: a contact edit shows field: old → new for the changed fields, the phone and CEP formatted', () => {
    const stored = contactEditHistory(
      { nome: 'Ana', telefone: '11987654321', email: null, cep: '01310100' },
      { nome: 'Ana Souza', telefone: '11912345678', email: 'ana@exemplo.com.br', cep: '01310100' },
    )!;
    expect(stored.descricao).toBe('Dados do contato alterados: nome, telefone, email');
    const row = describeTimelineEvent(
      event({ tipo: 9, descricao: stored.descricao, texto_antigo: stored.textoAntigo, texto: stored.texto }),
      lookups,
    );
    expect([row.icon, row.title, row.details]).toEqual([
      'contact-edit',
      'Dados do contato alterados',
      ['Nome: Ana → Ana Souza', 'Telefone: (11) 98765-4321 → (11) 91234-5678', 'E-mail: — → ana@exemplo.com.br'],
    ]);
    const cep = contactEditHistory({ cep: '01310100' }, { cep: '04538133' })!;
    expect(
      describeTimelineEvent(
        event({ tipo: 9, descricao: cep.descricao, texto_antigo: cep.textoAntigo, texto: cep.texto }),
        lookups,
      ).details,
    ).toEqual(['CEP: 01310-100 → 04538-133']);
    expect(contactEditHistory({ nome: 'Ana' }, { nome: 'Ana' })).toBeNull();
  });

  it('issue 7 §6: an old contact edit stored as pipes is shown as well as it can be', () => {
    const row = describeTimelineEvent(
      event({
        tipo: 9,
        descricao: 'Dados do contato alterados: telefone',
        texto_antigo: 'Ana | 11987654321 | ana@x.com',
        texto: 'Ana | 11912345678 | ana@x.com',
      }),
      lookups,
    );
    expect(row.details).toEqual(['Telefone: (11) 98765-4321 → (11) 91234-5678']);
    expect(row.details.join(' ')).not.toContain('|');
    // Only the CEP changed: the pipes did not carry it, the description says so.
    const cepOnly = describeTimelineEvent(
      event({
        tipo: 9,
        descricao: 'Dados do contato alterados: CEP',
        texto_antigo: 'Ana | 11987654321 | ',
        texto: 'Ana | 11987654321 | ',
      }),
      lookups,
    );
    expect(cepOnly.details).toEqual(['Dados do contato alterados: CEP']);
  });

  it("000 §4 a tag event shows 'added' when id_novo is nonzero and 'removed' when zero", () => {
    const added = describeTimelineEvent(event({ tipo: 11, id_novo: 30, id_antigo: null }), lookups);
    expect([added.icon, added.title, added.details]).toEqual(['tag-added', 'Tag adicionada', ['VIP']]);
    const removed = describeTimelineEvent(event({ tipo: 11, id_novo: 0, id_antigo: 30 }), lookups);
    expect([removed.icon, removed.title, removed.details]).toEqual(['tag-removed', 'Tag removida', ['VIP']]);
  });

  it('000 §4 scheduled WhatsApp message: id_novo null scheduled, -1 cancelled, 0 old message shown, other updated', () => {
    expect([null, -1, 0, 12].map((id) => scheduledMessageChange(id))).toEqual([
      'agendada',
      'cancelada',
      'anterior',
      'atualizada',
    ]);
    const scheduled = describeTimelineEvent(
      event({ tipo: 10, id_novo: null, texto: 'Bom dia!', valor_novo: '2024-03-06 09:00:00' }),
      lookups,
    );
    expect([scheduled.title, scheduled.details]).toEqual(['Mensagem agendada', ['Bom dia!', 'Agendada para 06/03/2024 09:00']]);
    const cancelled = describeTimelineEvent(event({ tipo: 10, id_novo: -1, texto: null, texto_antigo: 'Bom dia!' }), lookups);
    expect([cancelled.title, cancelled.details]).toEqual(['Mensagem agendada cancelada', ['Bom dia!']]);
    const old = describeTimelineEvent(event({ tipo: 10, id_novo: 0, texto: 'nova', texto_antigo: 'antiga' }), lookups);
    expect(old.details).toEqual(['antiga']);
    const updated = describeTimelineEvent(event({ tipo: 10, id_novo: 5, texto: 'nova', texto_antigo: 'antiga' }), lookups);
    expect([updated.title, updated.details]).toEqual(['Mensagem agendada atualizada', ['Anterior: antiga', 'Nova: nova']]);
  });

  it('000 §3 calls show duration, attempts and disconnection reason; type 9 carries a description', () => {
    const call = describeTimelineEvent(
      event({ tipo: 3, texto: null, duracao: 83, duracao_falada: 61, tentativas: 2, motivo_desconexao: 'Normal' }),
      lookups,
    );
    expect([call.icon, call.title, call.details]).toEqual([
      'call-answered',
      'Chamada atendida',
      ['Duração: 01:23', 'Duração falada: 01:01', 'Tentativas: 2', 'Motivo: Normal'],
    ]);
    expect(describeTimelineEvent(event({ tipo: 4, texto: null, tentativas: 3 }), lookups).title).toBe('Chamada não atendida');
    const user = describeTimelineEvent(event({ tipo: 9, texto: null, descricao: 'Transferido para Carlos' }), lookups);
    expect([user.icon, user.details]).toEqual(['user', ['Transferido para Carlos']]);
  });

  it('issue 21 items 12, 13: every call outcome reads in plain pt-BR, and a pick-up under the minimum says why it is not answered', () => {
    const details = (e: Partial<Parameters<typeof event>[0]>) =>
      describeTimelineEvent(event({ texto: null, ...e }), lookups).details;
    // Older records: a dialer's English words and a SIP reply.
    expect(details({ tipo: 3, status_chamada: 'ANSWERED', duracao: null, duracao_falada: null })).toEqual(['Status: Atendida']);
    expect(details({ tipo: 4, status_chamada: 'NO ANSWER', duracao: null, duracao_falada: null })).toEqual([
      'Status: Não atendida',
    ]);
    expect(
      details({ tipo: 4, status_chamada: 'Ocupado', motivo_desconexao: '486 Busy Here', duracao: null, duracao_falada: null }),
    ).toEqual(['Status: Ocupado', 'Motivo: Linha ocupada']);
    expect(
      details({
        tipo: 4,
        status_chamada: '487 Request Terminated',
        motivo_desconexao: 'NO_ANSWER',
        duracao: null,
        duracao_falada: null,
      }),
    ).toEqual(['Status: Não atendida', 'Motivo: Não atendida']);
    // 002 §9: 'Chamada não atendida' never sits beside a bare 'Status: Atendida'.
    const short = describeTimelineEvent(
      event({
        tipo: 4,
        texto: null,
        status_chamada: 'Atendida (menos de 20 s: conta como não atendida)',
        duracao: 30,
        duracao_falada: 14,
      }),
      lookups,
    );
    expect([short.title, short.details]).toEqual([
      'Chamada não atendida',
      ['Duração: 00:30', 'Duração falada: 00:14', 'Status: Atendida (menos de 20 s: conta como não atendida)'],
    ]);
    expect(details({ tipo: 4, status_chamada: 'Atendida', duracao: null, duracao_falada: null })).toEqual([
      'Status: Atendida (curta demais: conta como não atendida)',
    ]);
    // A client's own words stay as they are.
    expect(details({ tipo: 4, status_chamada: 'Caixa postal', duracao: null, duracao_falada: null })).toEqual([
      'Status: Caixa postal',
    ]);
  });

  it('000 §3 the other types get their own icon and title', () => {
    const rows = [1, 6, 12].map((tipo) =>
      describeTimelineEvent(event({ tipo, texto: 'x', valor_novo: tipo === 6 ? '2024-03-07 10:30:00' : null }), lookups),
    );
    expect(rows.map((r) => [r.icon, r.title, r.details])).toEqual([
      ['whatsapp', 'Mensagem de WhatsApp', ['x']],
      ['call-scheduled', 'Ligação agendada', ['Agendada para 07/03/2024 10:30']],
      ['attendance', 'Atendimento', ['x']],
    ]);
  });
});

describe('000 §4 ticket value edit on the timeline: company 1, negotiation status change, new status 5', () => {
  it('000 §4 offered only when all three hold', () => {
    expect(canEditTicketFromTimeline(1, { tipo: 5, id_novo: 5 })).toBe(true);
    expect(canEditTicketFromTimeline(10, { tipo: 5, id_novo: 5 })).toBe(false);
    expect(canEditTicketFromTimeline(1, { tipo: 8, id_novo: 5 })).toBe(false);
    expect(canEditTicketFromTimeline(1, { tipo: 5, id_novo: 4 })).toBe(false);
  });
});

describe('issue 9: the scheduled message sent or failed for good', () => {
  it('id_novo -2 is sent, -3 failed with its reason', async () => {
    const { SCHEDULED_MESSAGE_FAILED, SCHEDULED_MESSAGE_SENT, describeTimelineEvent, TIMELINE_EVENT_TYPE } =
      await import('./timeline.ts');
    expect([SCHEDULED_MESSAGE_SENT, SCHEDULED_MESSAGE_FAILED].map((id) => scheduledMessageChange(id))).toEqual([
      'enviada',
      'falhou',
    ]);
    const sent = describeTimelineEvent(
      makeHistoryEvent({ tipo: TIMELINE_EVENT_TYPE.mensagemAgendadaWhatsapp, id_novo: SCHEDULED_MESSAGE_SENT, texto: 'Olá!' }),
      lookups,
    );
    expect([sent.title, sent.details]).toEqual(['Mensagem agendada enviada', ['Olá!']]);
    const failed = describeTimelineEvent(
      makeHistoryEvent({
        tipo: TIMELINE_EVENT_TYPE.mensagemAgendadaWhatsapp,
        id_novo: SCHEDULED_MESSAGE_FAILED,
        texto: 'Olá!',
        descricao: 'Lead bloqueado para WhatsApp.',
      }),
      lookups,
    );
    expect([failed.title, failed.details]).toEqual([
      'Falha no envio da mensagem agendada',
      ['Olá!', 'Motivo: Lead bloqueado para WhatsApp.'],
    ]);
  });
});
