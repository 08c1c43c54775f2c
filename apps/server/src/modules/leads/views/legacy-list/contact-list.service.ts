// The legacy-list view's door (000 §7, 002 §2.1 §3): the contact lists contato/lista,
// contato/listaqualquer and contato/crm, their filter path and their cached exact totals. It
// reads the leads table through contact-list.repository.ts over the core's fragments.
import { CONTACT_LIST_PAGE_SIZE, type ContactListResponse } from '@funil/domain/leads-api/lead-api';
import {
  CONTACT_LIST_LAYOUT,
  FilterSegmentsError,
  parseFilterSegments,
  type ContactListFilter,
  type ContactListKind,
} from '@funil/domain/leads/filter-segments';

import { DomainError } from '../../../../http/domain-error.ts';
import type { Session } from '../../../auth/auth.service.ts';
import { contactListReferences, type ListReferences } from '../../../catalog/catalog.service.ts';
import { chosenUnitScope, leadCountCache, nowOf, scopeOf, type LeadDeps, type LeadScope } from '../../leads.service.ts';
import { countLeads, listLeadsPageJson } from './contact-list.repository.ts';

export function parseContactListPath(tail: string) {
  try {
    return parseFilterSegments(CONTACT_LIST_LAYOUT, tail);
  } catch (error) {
    if (error instanceof FilterSegmentsError) throw new DomainError('invalid', error.message);
    throw error;
  }
}

/** The cache key of a list total: the filter without its page, the window and who is looking. */
function countKey(scope: LeadScope, filter: ContactListFilter, crmDays: number | null): string {
  const { page: _page, ...rest } = filter;
  // The viewer matters only when the conditions use it (001 §6 visibility, "attended by me").
  const viewer = !scope.seesAssigned || filter.cli_atendimento === 1 ? scope.userId : 0;
  return JSON.stringify([scope.empresaId, viewer, scope.seesAssigned, crmDays, rest]);
}

/**
 * The contact list's body (002 §3 ContactListResponse) as UTF-8 JSON: the page comes from
 * PostgreSQL already written as JSON (listLeadsPageJson) and is put in place as is; the rest is
 * small and serialised here (the reference lists once per cached references).
 */
export async function contactList(
  deps: LeadDeps,
  session: Session,
  kind: ContactListKind,
  tail: string,
  idUnidade?: number,
): Promise<Buffer> {
  const filter = parseContactListPath(tail);
  const db = deps.db;
  const chosen = await chosenUnitScope(db, session, idUnidade);
  const scope = chosen?.scope ?? scopeOf(session);
  const references = contactListReferences(db, session.empresaId);
  // contato/crm: 'Dados dos últimos N dias' (002 §2.1), the unit's interval read with the session,
  // so the references, the page and the total all start at once (the chosen unit's for ag).
  const intervalDays = chosen?.crmIntervalDays ?? session.crmIntervalDays;
  const crmDays = kind === 'crm' ? intervalDays : null;
  // The exact total, cached a few seconds per unit and filter and dropped on any lead change of
  // the unit; the page uses the window the total was counted with, so both agree.
  const counted = leadCountCache(db).get(scope.unidadeId, countKey(scope, filter, crmDays), () => {
    const capturedSince = crmDays === null ? undefined : new Date(nowOf(deps).getTime() - crmDays * 86_400_000);
    return { capturedSince, total: countLeads(db, scope, { filter, ...(capturedSince ? { capturedSince } : {}) }) };
  });
  const options = { filter, ...(counted.capturedSince ? { capturedSince: counted.capturedSince } : {}) };
  const [refs, page, total] = await Promise.all([references, listLeadsPageJson(db, scope, options), counted.total]);
  const counts: Pick<ContactListResponse['data'], 'crm_contato_total' | 'pagina' | 'por_pagina' | 'crm_configuracoes'> = {
    crm_contato_total: { total },
    pagina: Math.max(1, filter.page),
    por_pagina: CONTACT_LIST_PAGE_SIZE,
    crm_configuracoes: { intervalo_dias_crm: intervalDays },
  };
  // {"data":{"crm_contato":<page>,<counts>,<references>}}, written as UTF-8 once: the page text
  // is neither copied into a longer string nor measured again to send it.
  const rest = `,${membersOf(JSON.stringify(counts))},${referencesJson(refs)}}}`;
  return Buffer.concat([PAGE_HEAD, Buffer.from(page), Buffer.from(rest)]);
}

const PAGE_HEAD = Buffer.from('{"data":{"crm_contato":');
/** An object's JSON without its braces, to be joined with other members. */
const membersOf = (objectJson: string) => objectJson.slice(1, -1);

type ReferenceLists = Pick<
  ContactListResponse['data'],
  | 'crm_contato_negociacao_status'
  | 'crm_contato_negociacao_status_venda'
  | 'crm_contato_negociacao_status_contato'
  | 'crm_contato_negociacao_plataforma'
  | 'crm_cliente_mensagem_status'
>;
/** The reference lists' members of the body, written once per cached references (catalog's contactListReferences keeps the object). */
const referencesJsonOf = new WeakMap<ListReferences, string>();
function referencesJson(refs: ListReferences): string {
  let json = referencesJsonOf.get(refs);
  if (json === undefined) {
    const lists: ReferenceLists = {
      crm_contato_negociacao_status: refs.negociacao.map((s) => ({
        id: s.id,
        nome: s.nome,
        cor: s.cor,
        idFunil: s.idFunil,
        idFunilVenda: null,
      })),
      crm_contato_negociacao_status_venda: refs.venda.map((s) => ({
        id: s.id,
        nome: s.nome,
        cor: s.cor,
        idFunil: null,
        idFunilVenda: s.idFunilVenda,
      })),
      crm_contato_negociacao_status_contato: refs.contato.map((s) => ({
        id: s.id,
        nome: s.nome,
        cor: s.cor,
        idFunil: null,
        idFunilVenda: null,
      })),
      crm_contato_negociacao_plataforma: refs.plataforma,
      crm_cliente_mensagem_status: refs.mensagem,
    };
    json = membersOf(JSON.stringify(lists));
    referencesJsonOf.set(refs, json);
  }
  return json;
}
