// The lead core's capture door (issue 23 §1, §4): a lead arriving from outside (the capture URL,
// and the Lead Ads intake of the next issues) is created with its origin, or, when the unit already
// has its number, re-enters: its last touch becomes the new origin, it goes back to the queue
// ('Novo', attempts cleared: the unit's queue rules then decide when it is called), with a
// 'Lead captado novamente' history event and a `captado-novamente` lead event, in one transaction.
import { fieldChanges } from '@funil/domain/lead-events/lead-events';
import { CONTACT_MESSAGES } from '@funil/domain/leads/contact';
import { CONTACT_STATUS } from '@funil/domain/leads/negotiation';
import { originSummary, type LeadOrigin } from '@funil/domain/leads/origin';
import { TIMELINE_EVENT_TYPE } from '@funil/domain/leads/timeline';

import { DomainError } from '../../http/domain-error.ts';
import { appendLeadEvents } from '../lead-events/lead-events.service.ts';
import { invalidateLeadCounts } from './lead-count-cache.ts';
import { firstTouchColumns, lastTouchColumns } from './lead-origin.ts';
import * as rows from './lead-rows.repository.ts';
import { findLead, insertHistory, updateLead, type NewLead } from './leads.repository.ts';
import { createdEvent, leadPhoneOf, lockLeadPhone, type LeadCreation, type UnitRef } from './leads.service.ts';

export type CaptureInput = {
  phone: string;
  /** The lead's name; empty: the number (as a message from an unknown number). */
  name: string;
  email: string | null;
  origin: LeadOrigin;
  /** Other fields of the capture, kept in informacoesExtra (merged over the lead's on a re-entry). */
  extras: Record<string, unknown>;
  /** The history events' texts (000 §3): a new lead's and a re-entry's. */
  history: { created: string; again: string };
};

export type CaptureResult = { cliCrmId: number; created: boolean };

/**
 * Creates the unit's lead of this phone with its origin, or re-enters the live lead that has it
 * (001 §5: any ninth-digit form, with or without 55). 400 'Celular inválido' for text that is not
 * a phone. Takes the number's creation lock (lockLeadPhone), so two captures of one number make one lead
 * and captures of different numbers run side by side.
 */
export async function captureLead(c: LeadCreation, unit: UnitRef, input: CaptureInput): Promise<CaptureResult> {
  const parsed = leadPhoneOf(input.phone);
  if (!parsed) throw new DomainError('invalid', CONTACT_MESSAGES.phoneInvalid);
  const summary = originSummary(input.origin);
  const result = await c.db.transaction(async (tx): Promise<CaptureResult> => {
    await lockLeadPhone(tx, unit.idUnidade, parsed.key);
    const found = await rows.findLeadByPhoneKey(tx, unit.idUnidade, parsed.key);
    if (found) {
      const scope = { empresaId: unit.idEmpresa, unidadeId: unit.idUnidade, userId: 0, seesAssigned: true };
      const lead = (await findLead(tx, scope, found.cliCrmId, true)) ?? found;
      const set: Partial<NewLead> = {
        ...lastTouchColumns(input.origin),
        // Back to the queue (002 §3 call-attempt rules): 'Novo', attempts and the next-attempt wait cleared.
        cliContatoStatus: CONTACT_STATUS.NaFila,
        cliTentativas: 0,
        cliTentativasDiarias: 0,
        cliDataProximaTentativa: null,
        ...(lead.cliEmail === null && input.email ? { cliEmail: input.email } : {}),
        ...(Object.keys(input.extras).length > 0 ? { informacoesExtra: { ...lead.informacoesExtra, ...input.extras } } : {}),
      };
      await updateLead(tx, lead.cliCrmId, { ...set, dataAtualizacao: new Date() });
      await insertHistory(tx, [
        {
          cliCrmId: lead.cliCrmId,
          idUnidade: lead.idUnidade,
          atendente: null,
          tipo: TIMELINE_EVENT_TYPE.usuario,
          descricao: input.history.again,
          texto: summary,
        },
      ]);
      const audience = { idUnidade: lead.idUnidade, idUsuario: lead.idUsuario };
      await appendLeadEvents(tx, [
        {
          tipo: 'captado-novamente',
          cliCrmId: lead.cliCrmId,
          idEmpresa: lead.idEmpresa,
          idUnidade: lead.idUnidade,
          antes: audience,
          depois: audience,
          ator: null,
          mudancas: fieldChanges(lead, set),
          dados: { descricao: input.history.again, toque: input.origin },
        },
      ]);
      return { cliCrmId: lead.cliCrmId, created: false };
    }
    const lead = await rows.insertLeadRow(tx, {
      idEmpresa: unit.idEmpresa,
      idUnidade: unit.idUnidade,
      cliNome: (input.name.trim() || parsed.telefone).slice(0, 200),
      cliTelefone: parsed.telefone,
      telefoneChave: parsed.key,
      cliEmail: input.email,
      informacoesExtra: input.extras,
      ...firstTouchColumns(input.origin),
    });
    await insertHistory(tx, [
      {
        cliCrmId: lead.cliCrmId,
        idUnidade: unit.idUnidade,
        atendente: null,
        tipo: TIMELINE_EVENT_TYPE.usuario,
        descricao: input.history.created,
        texto: summary,
      },
    ]);
    await appendLeadEvents(tx, [
      createdEvent(lead, null, { origem: 'captura', descricao: input.history.created, toque: input.origin }),
    ]);
    return { cliCrmId: lead.cliCrmId, created: true };
  });
  // Both change the unit's lists (a new lead; a re-entered one's status and order of attendance).
  const invalidate = () => invalidateLeadCounts(c.cacheDb, [unit.idUnidade]);
  if (c.afterCommit) c.afterCommit(invalidate);
  else invalidate();
  return result;
}
