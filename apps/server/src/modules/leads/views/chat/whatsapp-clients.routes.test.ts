// The chat's lead list written by PostgreSQL (issue 8): GET whatsapp/clientes answers each row as
// 001 §3 "Lead" with its list-derived fields (whatsappClientSchema), the same values the lead's own
// read gives (leadView, the one mapping toCrmContato), no field more, and the message the search
// found (issue 9, 001 §2 'Busque por contatos e mensagens') added to its row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  buildWhatsappClientsPath,
  emptyFilter,
  WHATSAPP_CLIENTS_LAYOUT,
  type WhatsappClientsFilter,
} from '@funil/domain/leads/filter-segments';
import {
  WHATSAPP_CLIENTS_PAGE_SIZE,
  whatsappClientSchema,
  whatsappClientsResponseSchema,
} from '@funil/domain/whatsapp-api/legacy-api';

import { whatsappMensagens } from '../../../whatsapp/chat/messages.table.ts';
import { startKit, type Kit } from '../../../whatsapp/whatsapp-test-kit.ts';
import { everyListFieldSet } from '../../leads-test-kit.ts';
import { leadView } from '../../leads.service.ts';

let k: Kit;
const ids: Record<string, number> = {};

async function clientes(filter: Partial<WhatsappClientsFilter>, token = k.tokens.a) {
  const path = buildWhatsappClientsPath({ ...emptyFilter(WHATSAPP_CLIENTS_LAYOUT), ...filter });
  const res = await k.t.as(token, { method: 'GET', url: `/api/${path}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  // No field beyond the schema's, at any level of the body.
  return whatsappClientsResponseSchema.strict().extend({ clientes: whatsappClientSchema.strict().array() }).parse(res.json());
}

/** The row the list owes for a lead: its own read (leadView) kept to the list item's fields. */
async function expectedRow(cliCrmId: number, mensagem_encontrada: unknown = null) {
  return whatsappClientSchema.parse({ ...(await leadView(k.t.database.db, cliCrmId)), mensagem_encontrada });
}

beforeAll(async () => {
  k = await startKit();
  const f = k.t.fixture;
  ids.full = await k.addLead(f.unitA1, f.companyA, 'Formato Completo', '11911112001', everyListFieldSet(f.users.u.id));
  ids.empty = await k.addLead(f.unitA1, f.companyA, 'Formato Vazio', '11911112002', {
    cliCampanhaNome: 'Formato',
    cliDataCaptacao: new Date('2026-02-01T00:00:00Z'),
    whatsappUltimaMensagemFromMe: 1,
    whatsappUltimaMensagemStatus: 2,
  });
  ids.message = await k.addLead(f.unitA1, f.companyA, 'Formato Mensagem', '11911112003', {
    cliCampanhaNome: 'Formato',
    cliDataCaptacao: new Date('2026-01-01T00:00:00Z'),
  });
  await k.t.database.db.insert(whatsappMensagens).values({
    idEmpresa: f.companyA,
    idUnidade: f.unitA1,
    cliCrmId: ids.message,
    fromMe: true,
    mediaType: 'chat',
    body: 'Segue o "orçamento" \\ combinado',
    criadoEm: new Date('2026-01-02T15:04:05.006Z'),
  });
}, 180_000);
afterAll(async () => {
  await k?.close();
});

describe('GET whatsapp/clientes: each row as the lead reads (issue 8, 001 §3)', () => {
  it('a lead with every list field set and one with every optional field empty, field by field, in the chat order', async () => {
    const body = await clientes({ cli_campanha_nome: 'Formato' });
    // The chat's order: the last message, else the capture, newest first.
    expect(body.clientes.map((c) => c.cli_crm_id)).toEqual([ids.full, ids.empty, ids.message]);
    for (const row of body.clientes) expect(row).toStrictEqual(await expectedRow(row.cli_crm_id));
    expect(body.clientes[0]).toMatchObject({
      valor_ticket: 1234.5,
      cli_data_mensagem_agendada: '2026-03-04 23:30:00',
      whatsapp_ultima_mensagem_texto: 'última "mensagem" \\ com aspas',
      whatsapp_ultima_mensagem_nao_lidas: 0,
      whatsapp_ultima_mensagem_from_me: 0,
      whatsapp_ultima_mensagem_status: null,
      isGroup: true,
      nome_atendimento: 'Usuário u',
    });
    expect({ total: body.total, pagina: body.pagina, por_pagina: body.por_pagina }).toEqual({
      total: 3,
      pagina: 1,
      por_pagina: WHATSAPP_CLIENTS_PAGE_SIZE,
    });
  });

  it('the message a search found is added to its row, escaped; the rows found by name answer null', async () => {
    const body = await clientes({ cli_campanha_nome: 'Formato', texto_busca: 'orcamento' });
    expect(body.clientes.map((c) => c.cli_crm_id)).toEqual([ids.message]);
    const [row] = body.clientes;
    const [message] = await k.messagesOf(ids.message!);
    expect(row).toStrictEqual(
      await expectedRow(ids.message!, {
        id: message!.id,
        texto: 'Segue o "orçamento" \\ combinado',
        data: '2026-01-02T15:04:05.006Z',
        fromMe: true,
      }),
    );
    const byName = await clientes({ cli_campanha_nome: 'Formato', texto_busca: 'formato vaz' });
    expect(byName.clientes).toStrictEqual([await expectedRow(ids.empty!)]);
  });

  it('an empty page is an empty list with the total', async () => {
    expect(await clientes({ cli_campanha_nome: 'Formato', page: 2 })).toEqual({
      clientes: [],
      total: 3,
      pagina: 2,
      por_pagina: WHATSAPP_CLIENTS_PAGE_SIZE,
    });
    expect(await clientes({ cli_campanha_nome: 'Nenhuma' })).toEqual({
      clientes: [],
      total: 0,
      pagina: 1,
      por_pagina: WHATSAPP_CLIENTS_PAGE_SIZE,
    });
  });

  it("another unit's user never reads these leads", async () => {
    expect(await clientes({ cli_campanha_nome: 'Formato' }, k.tokens.uA2)).toEqual({
      clientes: [],
      total: 0,
      pagina: 1,
      por_pagina: WHATSAPP_CLIENTS_PAGE_SIZE,
    });
  });
});
