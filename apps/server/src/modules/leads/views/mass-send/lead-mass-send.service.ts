// The mass-send view's door (issue 13; 002 §7 'Mass send'): the composer's lead search, a
// campaign's recipients the session may see, and what the campaign monitor shows of them. The
// opt-out words are a domain rule (@funil/domain/mass-send/opt-out); recording an opt-out is a
// change of the lead, in the core (recordMassSendOptOut).
import {
  CONTACT_LIST_LAYOUT,
  emptyFilter,
  FilterSegmentsError,
  MASS_SEND_CLIENTS_LAYOUT,
  parseFilterSegments,
  type ContactListFilter,
  type MassSendClientsFilter,
} from '@funil/domain/leads/filter-segments';
import { isLeadVisibleTo, seesAssignedLeads } from '@funil/domain/leads/visibility';

import type { Db, Tx } from '../../../../db/handle.ts';
import { DomainError } from '../../../../http/domain-error.ts';
import type { Session } from '../../../auth/auth.service.ts';
import { scopeOf, viewerOf, type LeadRow } from '../../leads.service.ts';
import { findMassSendLeads, leadFacts, listMassSendLeads } from './lead-mass-send.repository.ts';

/** 002 §7 GET /envioemmassa/clientes/{…segments}: the leads of a filter the session may see. */
export async function massSendLeadSearch(db: Db, session: Session, tail: string) {
  let f: MassSendClientsFilter;
  try {
    f = parseFilterSegments(MASS_SEND_CLIENTS_LAYOUT, tail);
  } catch (error) {
    if (error instanceof FilterSegmentsError) throw new DomainError('invalid', error.message);
    throw error;
  }
  // The composer's segments in the contact list's filter: one WHERE for both (listWhere).
  const filter: ContactListFilter = {
    ...emptyFilter(CONTACT_LIST_LAYOUT),
    cli_status_negociacao: f.status_negociacao,
    cli_status_negociacao_venda: f.status_venda,
    cli_contato_status: f.status_contato,
    cli_tipo_lead: f.tipo_lead,
    status_envio_massa: f.status_mensagem,
    cli_campanha_nome: f.campanha,
    data_inicio: f.data_inicio,
    data_fim: f.data_fim,
    tags: f.tags,
    atendentes: f.atendentes,
  };
  const { rows, total } = await listMassSendLeads(db, scopeOf(session), filter);
  return { clientes: rows, total };
}

/** The campaign's leads the session may see, among `ids` (live, of its unit). */
export function massSendLeadsOf(db: Db | Tx, session: Session, ids: readonly number[]): Promise<LeadRow[]> {
  return findMassSendLeads(db, scopeOf(session), ids);
}

/** What the campaign monitor shows of its leads (002 §3 'Campaign client'): name, number, last answer. */
export async function massSendLeadFacts(
  db: Db | Tx,
  ids: readonly number[],
): Promise<Map<number, { nome: string; telefone: string; recebidaEm: Date | null; idUsuario: number | null }>> {
  const rows = ids.length === 0 ? [] : await leadFacts(db, ids);
  return new Map(
    rows.map((r) => [
      r.cliCrmId,
      { nome: r.nome ?? '', telefone: r.telefone ?? '', recebidaEm: r.recebidaEm, idUsuario: r.idUsuario },
    ]),
  );
}

/**
 * Whether the session may see a campaign's lead (001 §6, issue 21): another attendant's lead is
 * not shown to an attendant without acesso_atribuidos; a lead whose row is gone, only to those who
 * see every lead.
 */
export function sessionSeesLead(session: Session, lead: { idUsuario: number | null } | undefined): boolean {
  return lead ? isLeadVisibleTo(lead, viewerOf(session)) : seesAssignedLeads(viewerOf(session));
}
