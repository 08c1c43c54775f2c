// Shared helpers of the lead, negotiation and tag route tests: a test app with the lead settings
// on, tokens per user and direct lead inserts.
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';

import { contactListResponseSchema, type ContactListResponse } from '@funil/domain/leads-api/lead-api';
import {
  buildContactListPath,
  CONTACT_LIST_LAYOUT,
  emptyFilter,
  type ContactListFilter,
} from '@funil/domain/leads/filter-segments';

import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { unidadeConfiguracoes } from '../tenancy/tenancy.table.ts';
import { usuarios } from '../users/users.table.ts';
import { historico, leads } from './leads.table.ts';
import { phoneKey } from './phone-key.ts';

export type Kit = {
  t: TestApp;
  token: Record<'u' | 'a' | 'ag' | 'sa' | 'm' | 'uA2' | 'uB1' | 'aB1', string>;
  call(who: keyof Kit['token'], options: InjectOptions): ReturnType<TestApp['as']>;
  /** GET a 000 §7 contact list; asserts 200 and a body exactly as the schema keeps it. */
  list(
    who: keyof Kit['token'],
    filter?: Partial<ContactListFilter>,
    kind?: 'lista' | 'listaqualquer' | 'crm',
  ): Promise<ContactListResponse['data']>;
  lead(values: Partial<typeof leads.$inferInsert> & { unit?: 'A1' | 'A2' | 'B1' }): Promise<number>;
  leadRow(id: number): Promise<typeof leads.$inferSelect>;
  history(id: number): Promise<(typeof historico.$inferSelect)[]>;
  setExtras(unit: 'A1' | 'A2' | 'B1', extras: Record<string, unknown>): Promise<void>;
  setUserConfig(user: 'u' | 'a', config: { excluir_leads?: boolean; acessoAtribuidos?: boolean }): Promise<void>;
  unitId(unit: 'A1' | 'A2' | 'B1'): number;
};

let phoneSeq = 0;
/** A fresh valid mobile number per call. */
export function nextPhone(ddd = '11'): string {
  phoneSeq += 1;
  return `${ddd}9${String(70_000_000 + phoneSeq * 7919)
    .padStart(8, '0')
    .slice(-8)}`;
}

export async function createLeadsKit(): Promise<Kit> {
  const t = await createTestApp({
    settings: { extras: { clienteAtendente: true, edicao_status_cliente: true, cadastrarCEP: true } },
  });
  const f = t.fixture;
  const emails = {
    u: f.users.u.email,
    a: f.users.a.email,
    ag: f.users.ag.email,
    sa: f.users.sa.email,
    m: f.users.m.email,
    uA2: f.users.uA2.email,
    uB1: f.users.uB1.email,
    aB1: f.users.aB1.email,
  };
  const token = Object.fromEntries(
    await Promise.all(Object.entries(emails).map(async ([k, e]) => [k, await t.login(e)] as const)),
  ) as Kit['token'];
  const unitId = (unit: 'A1' | 'A2' | 'B1') => (unit === 'A1' ? f.unitA1 : unit === 'A2' ? f.unitA2 : f.unitB1);
  const db = t.database.db;
  return {
    t,
    token,
    unitId,
    call: (who, options) => t.as(token[who], options),
    async list(who, filter = {}, kind = 'lista') {
      const res = await t.as(token[who], {
        method: 'GET',
        url: `/api/${buildContactListPath(kind, { ...emptyFilter(CONTACT_LIST_LAYOUT), ...filter })}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      // The route writes its body without zod's serializer: the body must be exactly what the
      // schema accepts and keeps (no missing, extra or mistyped field).
      const body: unknown = res.json();
      const parsed = contactListResponseSchema.parse(body);
      expect(parsed).toStrictEqual(body);
      return parsed.data;
    },
    async lead({ unit = 'A1', ...values }) {
      const idUnidade = unitId(unit);
      const telefone = values.cliTelefone ?? nextPhone();
      const [row] = await db
        .insert(leads)
        .values({
          idEmpresa: unit === 'B1' ? f.companyB : f.companyA,
          idUnidade,
          cliNome: 'Lead de teste',
          ...values,
          cliTelefone: telefone,
          telefoneChave: phoneKey(telefone),
        })
        .returning({ id: leads.cliCrmId });
      return row!.id;
    },
    async leadRow(id) {
      const [row] = await db.select().from(leads).where(eq(leads.cliCrmId, id));
      return row!;
    },
    history: (id) => db.select().from(historico).where(eq(historico.cliCrmId, id)).orderBy(historico.id),
    async setExtras(unit, extras) {
      await db
        .update(unidadeConfiguracoes)
        .set({ configuracoesExtra: JSON.stringify(extras) })
        .where(eq(unidadeConfiguracoes.idUnidade, unitId(unit)));
    },
    async setUserConfig(user, config) {
      const id = f.users[user].id;
      if (config.excluir_leads !== undefined)
        await db
          .update(usuarios)
          .set({ configuracoes: JSON.stringify({ excluir_leads: config.excluir_leads, notificacoes: true }) })
          .where(eq(usuarios.id, id));
      if (config.acessoAtribuidos !== undefined)
        await db
          .update(usuarios)
          .set({ acessoAtribuidos: config.acessoAtribuidos ? 1 : 0 })
          .where(eq(usuarios.id, id));
    },
  };
}

/**
 * A lead with every list field set, each in the form that tests its writing: instants with
 * milliseconds, a numeric ticket, nested extra data, flags outside 0/1, negative unread counts, an
 * unknown message status, quotes and backslashes in text. The lists' row tests (the CRM page and
 * the chat page, both written by PostgreSQL) compare it with the lead's own read, field by field.
 */
export function everyListFieldSet(idUsuario: number): Partial<typeof leads.$inferInsert> {
  return {
    cliNome: 'Formato Completo',
    cliCampanhaNome: 'Formato',
    cliEmail: 'formato@exemplo.com.br',
    cliDataCaptacao: new Date('2026-03-01T12:34:56.789Z'),
    cliDataAtendimento: new Date('2026-03-02T01:02:03.004Z'),
    cliContatoAgendado: new Date('2026-03-03T23:59:59.999Z'),
    cliDataProximaTentativa: new Date('2026-03-04T00:00:00.000Z'),
    cliMensagemAgendada: 'Olá!',
    cliDataMensagemAgendada: new Date('2026-03-05T02:30:00.000Z'),
    valorTicket: '1234.50',
    valorPotencial: 3,
    idPotencial: 2,
    idUsuario,
    informacoesExtra: { cep: '04538133', outro: { a: [1, 'b'] } },
    whatsappBlocked: 1,
    isGroup: 1,
    marcadoNaoLida: 1,
    whatsappUltimaMensagemTexto: 'última "mensagem" \\ com aspas',
    whatsappUltimaMensagemDataGeral: new Date('2026-03-06T10:00:00.123Z'),
    whatsappUltimaMensagemDataEnviada: new Date('2026-03-06T10:00:00.123Z'),
    whatsappUltimaMensagemDataRecebida: new Date('2026-03-06T09:00:00.5Z'),
    whatsappUltimaMensagemNaoLidas: -2,
    whatsappUltimaMensagemFromMe: 7,
    whatsappUltimaMensagemTipo: 'image',
    whatsappUltimaMensagemStatus: 5,
    utmSource: 'facebook',
    adName: 'Anúncio',
    adId: '123',
    cliCampanhaId: '456',
    cliTentativas: 3,
    cliTentativasDiarias: 1,
  };
}
