// The lead core's capture door (issue 23 §1, §4): a lead arriving from outside (the capture URL,
// and the Lead Ads intake of the next issues) is created with its origin, or, when the unit already
// has its number, re-enters: its last touch becomes the new origin, it goes back to the queue
// ('Novo', attempts cleared: the unit's queue rules then decide when it is called), with a
// 'Lead captado novamente' history event and a `captado-novamente` lead event, in one transaction.
// A lead captured from an ad the catalogue knows gets that ad's tags (issue 23 §4), each with its
// mensagemTag history event (000 §4) and one `tags` lead event, in the same transaction.
import type { SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';

import { fieldChanges } from '@funil/domain/lead-events/lead-events';
import { CONTACT_MESSAGES } from '@funil/domain/leads/contact';
import { CONTACT_STATUS } from '@funil/domain/leads/negotiation';
import { originSummary, type LeadOrigin } from '@funil/domain/leads/origin';
import { TIMELINE_EVENT_TYPE } from '@funil/domain/leads/timeline';

import type { Tx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import { findAd, type CatalogueAd } from '../ads/ads.service.ts';
import {
  announceLeadEvents,
  appendLeadEvents,
  appendLeadEventsWith,
  leadEventValues,
  sameAudienceEvent,
} from '../lead-events/lead-events.service.ts';
import { linkTagsToLeads, tagsOfLeadById, unitTagsByIds } from '../tags/tags.service.ts';
import { invalidateLeadCounts } from './lead-count-cache.ts';
import { firstTouchColumns, lastTouchColumns } from './lead-origin.ts';
import * as rows from './lead-rows.repository.ts';
import { historyInsertPart, insertHistory, leadUpdatePart, type LeadRow, type NewLead } from './leads.repository.ts';
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
  /** The new lead's `criado` event origin (000 §3): 'captura' unless said. */
  eventOrigin?: 'captura' | 'whatsapp' | undefined;
  /** The gateway instance a lead created by a message belongs to. */
  idInstancia?: number | null | undefined;
  /**
   * The catalogue ad of the touch when the caller looked it up already (null: none is known);
   * undefined: captureLead looks the origin's ad up (by `ad_id`, else by `ad_name`).
   */
  ad?: CatalogueAd | null | undefined;
  /**
   * A known lead this touch must leave as it is (no re-entry): the same click-to-WhatsApp
   * conversation told twice. Decided under the number's lock.
   */
  sameTouch?: ((lead: LeadRow) => boolean) | undefined;
};

export type CaptureResult = {
  cliCrmId: number;
  created: boolean;
  /** A known lead left as it was (`sameTouch`). */
  unchanged: boolean;
  /** The unit's tags of the ad given to the lead by this capture. */
  tags: number[];
  /** The lead's key, audience and ticket (before a re-entry's changes). */
  lead: rows.InsertedLead;
};

/** The channels whose ad names the capture looks up in the catalogue (a person's typing is taken as typed). */
const AD_CHANNELS = new Set<LeadOrigin['canal']>(['captura', 'lead-ads', 'whatsapp-anuncio']);

/** The catalogue ad a touch names: by its Meta id, else by its name (accent- and case-free); null when none. */
export async function adOfOrigin(
  db: Parameters<typeof findAd>[0],
  unit: UnitRef,
  origin: LeadOrigin,
): Promise<CatalogueAd | null> {
  if (!AD_CHANNELS.has(origin.canal)) return null;
  const scope = { idEmpresa: unit.idEmpresa, idUnidade: unit.idUnidade };
  if (origin.ad_id) return findAd(db, scope, { adId: origin.ad_id });
  if (origin.ad_name) return findAd(db, scope, { text: origin.ad_name });
  return null;
}

/** The touch with what the catalogue knows of its ad where the touch itself is silent (ids and names). */
export function withCatalogueAd(origin: LeadOrigin, ad: CatalogueAd | null): LeadOrigin {
  if (!ad) return origin;
  return {
    ...origin,
    campaign_id: origin.campaign_id ?? ad.campaign_id,
    campaign_name: origin.campaign_name ?? ad.campaign_name,
    adset_id: origin.adset_id ?? ad.adset_id,
    adset_name: origin.adset_name ?? ad.adset_name,
    ad_id: origin.ad_id ?? ad.ad_id,
    ad_name: origin.ad_name ?? ad.ad_name,
  };
}

/**
 * Issue 23 §4: gives a captured lead the unit's tags among its ad's (those it lacks), each with its
 * mensagemTag history event (000 §4: id_novo the tag) and one `tags` lead event. Returns the tags added.
 */
async function giveAdTags(
  tx: Tx,
  lead: { cliCrmId: number; idEmpresa: number; idUnidade: number; idUsuario: number | null },
  tagIds: readonly number[],
  isNew: boolean,
): Promise<number[]> {
  if (tagIds.length === 0) return [];
  const unitTags = await unitTagsByIds(tx, lead.idUnidade, [...new Set(tagIds)]);
  if (unitTags.length === 0) return [];
  const current = isNew ? new Set<number>() : new Set((await tagsOfLeadById(tx, lead.cliCrmId)).map((t) => t.id));
  const added = unitTags.filter((t) => !current.has(t.id));
  if (added.length === 0) return [];
  await linkTagsToLeads(
    tx,
    added.map((t) => ({ cliCrmId: lead.cliCrmId, idTag: t.id })),
  );
  await insertHistory(
    tx,
    added.map((t) => ({
      cliCrmId: lead.cliCrmId,
      idUnidade: lead.idUnidade,
      atendente: null,
      tipo: TIMELINE_EVENT_TYPE.mensagemTag,
      idNovo: t.id,
      descricao: t.nome,
    })),
  );
  await appendLeadEvents(tx, [
    sameAudienceEvent(lead, {
      tipo: 'tags',
      ator: null,
      mudancas: {},
      dados: { adicionadas: added.map((t) => t.id), removidas: [] },
    }),
  ]);
  return added.map((t) => t.id);
}

/**
 * Creates the unit's lead of this phone with its origin, or re-enters the live lead that has it
 * (001 §5: any ninth-digit form, with or without 55). 400 'Celular inválido' for text that is not
 * a phone. Takes the number's creation lock (lockLeadPhone), so two captures of one number make one lead
 * and captures of different numbers run side by side.
 */
export async function captureLead(c: LeadCreation, unit: UnitRef, input: CaptureInput): Promise<CaptureResult> {
  return (await capture(c, unit, input, undefined))!;
}

/**
 * captureLead behind a claim of the caller's (an insert returning a row when it claims: the capture
 * URL's idempotency key), run in the capture's transaction with the number's lock (one round trip).
 * Null when it did not claim: nothing else was done (a retry, whose first answer the caller reads).
 */
export function captureLeadClaiming(
  c: LeadCreation,
  unit: UnitRef,
  input: CaptureInput,
  claim: SQL,
): Promise<CaptureResult | null> {
  return capture(c, unit, input, claim);
}

async function capture(
  c: LeadCreation,
  unit: UnitRef,
  input: CaptureInput,
  claim: SQL | undefined,
): Promise<CaptureResult | null> {
  const parsed = leadPhoneOf(input.phone);
  if (!parsed) throw new DomainError('invalid', CONTACT_MESSAGES.phoneInvalid);
  const ad = input.ad !== undefined ? input.ad : await adOfOrigin(c.db, unit, input.origin);
  const origin = withCatalogueAd(input.origin, ad);
  const summary = originSummary(origin);
  const work = async (tx: Tx): Promise<CaptureResult | null> => {
    if (!(await lockLeadPhone(tx, unit.idUnidade, parsed.key, claim))) return null;
    // The number's lead, its row locked as a lead change locks it; or, when the unit has none, the
    // new lead with its history event and its lead event: one statement (issue 23 §1 speed).
    const outcome = await rows.findOrCreateCapturedLead(
      tx,
      { idUnidade: unit.idUnidade, key: parsed.key },
      {
        idEmpresa: unit.idEmpresa,
        idUnidade: unit.idUnidade,
        cliNome: (input.name.trim() || parsed.telefone).slice(0, 200),
        cliTelefone: parsed.telefone,
        telefoneChave: parsed.key,
        cliEmail: input.email,
        informacoesExtra: input.extras,
        ...(input.idInstancia ? { idInstanciaEvolution: input.idInstancia } : {}),
        ...firstTouchColumns(origin),
      },
      { tipo: TIMELINE_EVENT_TYPE.usuario, descricao: input.history.created, texto: summary },
      leadEventValues(
        createdEvent({ ...unit, cliCrmId: 0, idUsuario: null }, null, {
          origem: input.eventOrigin ?? 'captura',
          descricao: input.history.created,
          toque: origin,
        }),
      ),
    );
    if (outcome.created) {
      await announceLeadEvents(tx);
      const tags = await giveAdTags(tx, outcome.created, ad?.tagIds ?? [], true);
      return { cliCrmId: outcome.created.cliCrmId, created: true, unchanged: false, tags, lead: outcome.created };
    }
    const lead = outcome.found;
    if (input.sameTouch?.(lead)) return { cliCrmId: lead.cliCrmId, created: false, unchanged: true, tags: [], lead };
    const set: Partial<NewLead> = {
      ...lastTouchColumns(origin),
      // Back to the queue (002 §3 call-attempt rules): 'Novo', attempts and the next-attempt wait cleared.
      cliContatoStatus: CONTACT_STATUS.NaFila,
      cliTentativas: 0,
      cliTentativasDiarias: 0,
      cliDataProximaTentativa: null,
      ...(lead.cliEmail === null && input.email ? { cliEmail: input.email } : {}),
      ...(Object.keys(input.extras).length > 0 ? { informacoesExtra: { ...lead.informacoesExtra, ...input.extras } } : {}),
    };
    // The update, its history event and its lead event in one statement (one round trip).
    const update = leadUpdatePart(tx, lead.cliCrmId, { ...set, dataAtualizacao: new Date() });
    const history = historyInsertPart(tx, [
      {
        cliCrmId: lead.cliCrmId,
        idUnidade: lead.idUnidade,
        atendente: null,
        tipo: TIMELINE_EVENT_TYPE.usuario,
        descricao: input.history.again,
        texto: summary,
      },
    ]);
    await appendLeadEventsWith(
      tx,
      [update, history],
      [
        sameAudienceEvent(lead, {
          tipo: 'captado-novamente',
          ator: null,
          mudancas: fieldChanges(lead, set),
          dados: { descricao: input.history.again, toque: origin },
        }),
      ],
    );
    const tags = await giveAdTags(tx, lead, ad?.tagIds ?? [], false);
    return { cliCrmId: lead.cliCrmId, created: false, unchanged: false, tags, lead };
  };
  // Inside a caller's transaction (the Lead Ads delivery's, a webhook batch) the work joins it: a
  // savepoint would cost two more round trips, and a failure fails the caller's transaction anyway.
  const result = c.db instanceof PgTransaction ? await work(c.db) : await c.db.transaction(work);
  if (result === null || result.unchanged) return result;
  // Both change the unit's lists (a new lead; a re-entered one's status and order of attendance).
  const invalidate = () => invalidateLeadCounts(c.cacheDb, [unit.idUnidade]);
  if (c.afterCommit) c.afterCommit(invalidate);
  else invalidate();
  return result;
}
