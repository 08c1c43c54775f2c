// A lead's tags (001 §7 tagsClientes): adding or removing one is a lead change with its
// mensagemTag event (000 §4: id_novo the tag added; 0 when removed, the tag in id_antigo). The
// links themselves are the tags module's (lead_tags), reached through its service.
import { TAG_API_MESSAGES } from '@funil/domain/leads-api/messages';
import { TIMELINE_EVENT_TYPE } from '@funil/domain/leads/timeline';

import { DomainError } from '../../../../http/domain-error.ts';
import type { Session } from '../../../auth/auth.service.ts';
import { linkTagsToLeads, tagsOfLeadById, unitTagsByIds, unlinkTagOfLead, type TagRow } from '../../../tags/tags.service.ts';
import { applyLeadChange, loadVisibleLead, scopeOf, type LeadDeps } from '../../leads.service.ts';

const toLeadTag = (t: TagRow) => ({ id: t.id, nome: t.nome, cor: t.cor, descricao: t.descricao, id_tag: t.id });

export async function leadTags(deps: LeadDeps, session: Session, leadId: number) {
  const lead = await loadVisibleLead(deps.db, scopeOf(session), leadId);
  return { data: (await tagsOfLeadById(deps.db, lead.cliCrmId)).map(toLeadTag) };
}

export async function addLeadTags(deps: LeadDeps, session: Session, leadId: number, ids: readonly number[]) {
  const wanted = [...new Set(ids)];
  // The answer is the lead's tags (read below), not its view: `view: false`.
  await applyLeadChange(
    deps,
    session,
    leadId,
    async (lead, tx) => {
      const found = await unitTagsByIds(tx, lead.idUnidade, wanted);
      if (found.length !== wanted.length) throw new DomainError('invalid', TAG_API_MESSAGES.notFound);
      const current = new Set((await tagsOfLeadById(tx, lead.cliCrmId)).map((t) => t.id));
      const added = found.filter((t) => !current.has(t.id));
      if (added.length === 0) return { unchanged: TAG_API_MESSAGES.assigned };
      return {
        action: 'tags',
        message: TAG_API_MESSAGES.assigned,
        also: (t) =>
          linkTagsToLeads(
            t,
            added.map((tag) => ({ cliCrmId: lead.cliCrmId, idTag: tag.id })),
          ),
        dados: { adicionadas: added.map((tag) => tag.id), removidas: [] },
        history: added.map((tag) => ({ tipo: TIMELINE_EVENT_TYPE.mensagemTag, idNovo: tag.id, descricao: tag.nome })),
      };
    },
    { view: false },
  );
  return { message: TAG_API_MESSAGES.assigned, data: (await tagsOfLeadById(deps.db, leadId)).map(toLeadTag) };
}

export async function removeLeadTag(deps: LeadDeps, session: Session, leadId: number, tagId: number) {
  await applyLeadChange(
    deps,
    session,
    leadId,
    async (lead, tx) => {
      const tag = (await tagsOfLeadById(tx, lead.cliCrmId)).find((t) => t.id === tagId);
      if (!tag) throw new DomainError('not_found', TAG_API_MESSAGES.notFound);
      return {
        action: 'tags',
        message: TAG_API_MESSAGES.removed,
        also: (t) => unlinkTagOfLead(t, lead.cliCrmId, tag.id),
        dados: { adicionadas: [], removidas: [tag.id] },
        history: [{ tipo: TIMELINE_EVENT_TYPE.mensagemTag, idAntigo: tag.id, idNovo: 0, descricao: tag.nome }],
      };
    },
    { view: false },
  );
  return { message: TAG_API_MESSAGES.removed, data: (await tagsOfLeadById(deps.db, leadId)).map(toLeadTag) };
}
