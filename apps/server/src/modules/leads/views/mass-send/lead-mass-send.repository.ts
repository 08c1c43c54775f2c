// The mass-send view's reads of the leads table (issue 13): the composer's search through the
// core's listWhere, a campaign's recipients, and the opt-out mark.
import { and, eq, inArray, isNull, or } from 'drizzle-orm';

import type { ContactListFilter } from '@funil/domain/leads/filter-segments';

import { queryRows, type Db, type DbOrTx } from '../../../../db/handle.ts';
import { isoSql, listWhere, Params } from '../../lead-sql.service.ts';
import type { LeadRow, LeadScope } from '../../leads.service.ts';
import { leads } from '../../leads.table.ts';

/** Issue 13: the most leads the mass-send search answers (the admin variant's maximum, 002 §9). */
export const MASS_SEND_SEARCH_LIMIT = 1000;

export type MassSendLeadRow = {
  cli_crm_id: number;
  cli_nome: string;
  cli_telefone: string;
  ticketId: number | null;
  cli_status_negociacao: number | null;
  cli_status_negociacao_venda: number | null;
  cli_contato_status: number | null;
  cli_tipo_lead: number | null;
  cli_campanha_nome: string | null;
  cli_data_captacao: string | null;
  whatsapp_blocked: boolean;
  optout: boolean;
};

/**
 * 002 §7 GET /envioemmassa/clientes/{…}: the leads of a filter for the composer, newest captured
 * first, through the contact list's one WHERE (listWhere), at most MASS_SEND_SEARCH_LIMIT rows,
 * and their exact total.
 */
export async function listMassSendLeads(
  db: Db,
  scope: LeadScope,
  filter: ContactListFilter,
): Promise<{ rows: MassSendLeadRow[]; total: number }> {
  const p = new Params();
  const where = listWhere(scope, { filter }, p, 'page');
  const text = `select l.cli_crm_id, coalesce(l.cli_nome, '') as cli_nome, coalesce(l.cli_telefone, '') as cli_telefone,
    l.id_ticket as "ticketId",
l.cli_status_negociacao, l.cli_status_negociacao_venda, l.cli_contato_status, l.cli_tipo_lead, l.cli_campanha_nome,
${isoSql('l.cli_data_captacao')} as cli_data_captacao, (l.whatsapp_blocked = 1) as whatsapp_blocked, (l.optout_envio_massa is
  not null) as optout
from leads l where ${where} order by l.cli_data_captacao desc, l.cli_crm_id desc limit ${MASS_SEND_SEARCH_LIMIT}`;
  const rows = await queryRows<MassSendLeadRow>(db, text, p.values);
  const c = new Params();
  const [count] = await queryRows<{ total: number }>(
    db,
    `select count(*)::int as total from leads l where ${listWhere(scope, { filter }, c, 'count')}`,
    c.values,
  );
  return { rows, total: Number(count?.total ?? 0) };
}

/** The live leads of the unit among `ids` the scope may see (a campaign's recipients). */
export async function findMassSendLeads(db: DbOrTx, scope: LeadScope, ids: readonly number[]): Promise<LeadRow[]> {
  if (ids.length === 0) return [];
  const conditions = [
    inArray(leads.cliCrmId, [...ids]),
    eq(leads.idUnidade, scope.unidadeId),
    eq(leads.idEmpresa, scope.empresaId),
    eq(leads.desativado, 0),
  ];
  if (!scope.seesAssigned) conditions.push(or(isNull(leads.idUsuario), eq(leads.idUsuario, scope.userId))!);
  return db
    .select()
    .from(leads)
    .where(and(...conditions));
}

/** Name, phone and last received message of leads (the mass-send monitor, issue 13). */
export async function leadFacts(
  db: DbOrTx,
  ids: readonly number[],
): Promise<
  { cliCrmId: number; nome: string | null; telefone: string | null; recebidaEm: Date | null; idUsuario: number | null }[]
> {
  return db
    .select({
      cliCrmId: leads.cliCrmId,
      nome: leads.cliNome,
      telefone: leads.cliTelefone,
      recebidaEm: leads.whatsappUltimaMensagemDataRecebida,
      idUsuario: leads.idUsuario,
    })
    .from(leads)
    .where(inArray(leads.cliCrmId, [...ids]));
}
