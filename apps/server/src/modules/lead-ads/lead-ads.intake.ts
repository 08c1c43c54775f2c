// One Lead Ads delivery turned into a lead (issue 23 §2): the page's company, GET /{leadgen_id},
// the unit (a form assigned to a unit wins; else a unit whose 'Filtro Facebook' matches the form,
// campaign, ad set or ad names, accent- and case-free; else the company's default unit, said in the
// lead's history), the answers mapped to name/phone/e-mail/informacoesExtra, the origin
// (channel 'lead-ads', certainty 'id-exato'), and the lead created or re-entered by the core's
// captureLead in the same transaction that marks the delivery done: one leadgen_id is one lead.
import { filterMatches, LEAD_ADS_MESSAGES, mapFieldData, type FieldDatum } from '@funil/domain/lead-ads/lead-ads-api';
import { originOf } from '@funil/domain/leads/origin';

import type { Db } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import { isRateLimitCode } from '../../integrations/meta/meta-error.ts';
import { findAd } from '../ads/ads.service.ts';
import { platformsCached } from '../catalog/catalog.service.ts';
import { captureLead } from '../leads/lead-capture.service.ts';
import { formOfCompany, metaConnectionFacts } from '../meta/meta.service.ts';
import { unitsOfCompany } from '../tenancy/tenancy.service.ts';
import { GraphCallError, type LeadAdsGraph } from './lead-ads-graph.ts';
import * as repo from './lead-ads.repository.ts';

/** The fields of GET /{leadgen_id} (issue 23 §2), names included where Meta gives them. */
export const LEAD_FIELDS =
  'created_time,id,field_data,ad_id,ad_name,adset_id,adset_name,campaign_id,campaign_name,form_id,is_organic,platform';

/** Attempts before a retryable failure is logged as failed (about 36 hours with the waits below). */
export const MAX_ATTEMPTS = 12;

/** The wait before attempt n+1: 30 s doubling, at most 6 h; never before Meta's regain time. */
export function retryDelayMs(attempts: number, regainMinutes: number | null): number {
  const backoff = Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);
  return Math.max(backoff, (regainMinutes ?? 0) * 60_000);
}

/** The moments of one delivery's intake a bench may record (its latency split): claimed, worked, its lead fetched, its row committed. */
export type IntakeStage = 'claimed' | 'started' | 'fetched' | 'committed';

export type IntakeContext = {
  db: Db;
  graph: LeadAdsGraph;
  now: () => Date;
  trace?: ((leadgenId: string, stage: IntakeStage) => void) | undefined;
};

export type IntakeOutcome = 'done' | 'retry' | 'failed' | 'skipped';

type Unit = { id: number; nome: string; filtro: string; ativo: number };

/** The unit of a lead (issue 23 §2 routing) and whether it went to the default one. */
export async function routeLead(
  db: Db,
  idEmpresa: number,
  facts: { formUnit: number | null; names: (string | null | undefined)[] },
): Promise<{ unit: Unit; byDefault: boolean } | null> {
  const units = (await unitsOfCompany(db, idEmpresa)).filter((u) => u.ativo === 1).sort((a, b) => a.id - b.id);
  if (units.length === 0) return null;
  const assigned = facts.formUnit === null ? undefined : units.find((u) => u.id === facts.formUnit);
  if (assigned) return { unit: assigned, byDefault: false };
  const matched = units.find((u) => filterMatches(u.filtro, facts.names));
  if (matched) return { unit: matched, byDefault: false };
  const chosen = (await metaConnectionFacts(db, idEmpresa))?.defaultUnitId ?? null;
  return { unit: units.find((u) => u.id === chosen) ?? units[0]!, byDefault: true };
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);

/** Works one claimed delivery; never throws (a failure is recorded on the row). */
export async function processDelivery(ctx: IntakeContext, row: repo.DeliveryRow): Promise<IntakeOutcome> {
  const { db, graph } = ctx;
  ctx.trace?.(row.leadgenId, 'started');
  let idEmpresa: number | null = row.idEmpresa;
  // The lead as GET /{leadgen_id} answered it: written with the outcome (the lead's transaction, or the
  // failure's row, so a retry does not fetch it again), not in a commit of its own before the capture.
  let fetched: Record<string, unknown> | null = null;
  const keep = async () => {
    if (idEmpresa !== null && (fetched || row.idEmpresa === null))
      await repo.saveFetched(db, row.id, { ...(fetched ? { dados: fetched } : {}), idEmpresa });
  };
  try {
    idEmpresa ??= await graph.companyOfPage(db, row.pageId);
    if (idEmpresa === null) {
      await repo.markFailed(db, row.id, LEAD_ADS_MESSAGES.pageNotConnected, null);
      return 'failed';
    }
    let lead = row.dados;
    if (!lead) {
      lead = await graph.get(db, idEmpresa, row.pageId, row.leadgenId, { fields: LEAD_FIELDS });
      ctx.trace?.(row.leadgenId, 'fetched');
      fetched = lead;
    }
    const formId = str(lead.form_id) ?? row.formId;
    const form = formId ? await knownForm(ctx, idEmpresa, row.pageId, formId) : null;
    const mapped = mapFieldData((lead.field_data as FieldDatum[] | undefined) ?? []);
    if (!mapped.phone) {
      await keep();
      await repo.markFailed(db, row.id, LEAD_ADS_MESSAGES.noPhone, idEmpresa);
      return 'failed';
    }
    const adId = str(lead.ad_id) ?? row.adId;
    const names = {
      campaign_id: str(lead.campaign_id),
      campaign_name: str(lead.campaign_name),
      adset_id: str(lead.adset_id),
      adset_name: str(lead.adset_name),
      ad_id: adId,
      ad_name: str(lead.ad_name),
    };
    const routed = await routeLead(db, idEmpresa, {
      formUnit: form?.idUnidade ?? null,
      names: [form?.nome, names.campaign_name, names.adset_name, names.ad_name],
    });
    if (!routed) {
      await keep();
      await repo.markFailed(db, row.id, LEAD_ADS_MESSAGES.noUnit, idEmpresa);
      return 'failed';
    }
    // The catalogue knows the names a lead's fields may lack (an ad typed by hand or synced), and the
    // ad's tags: looked up once here and given to the capture (which would look it up again).
    const ad = adId ? await findAd(db, { idEmpresa, idUnidade: routed.unit.id }, { adId }) : null;
    if (ad) {
      names.ad_name ??= ad.ad_name;
      names.adset_id ??= ad.adset_id;
      names.adset_name ??= ad.adset_name;
      names.campaign_id ??= ad.campaign_id;
      names.campaign_name ??= ad.campaign_name;
    }
    const platform = await platformOf(db, str(lead.platform));
    const createdTime = str(lead.created_time);
    const em = createdTime ? new Date(/^\d+$/.test(createdTime) ? Number(createdTime) * 1000 : createdTime) : ctx.now();
    const origin = originOf(
      {
        canal: 'lead-ads',
        plataforma: platform,
        ...names,
        form_id: formId,
        leadgen_id: row.leadgenId,
        certeza: adId || names.campaign_id ? 'id-exato' : null,
      },
      Number.isNaN(em.getTime()) ? ctx.now() : em,
    );
    const extras: Record<string, unknown> = { ...mapped.extras };
    if (form?.nome) extras.formulario = form.nome;
    if (lead.is_organic === true) extras.organico = 'sim';
    const note = routed.byDefault ? ` (${LEAD_ADS_MESSAGES.defaultUnit})` : '';
    const company = idEmpresa;
    const after: (() => void)[] = [];
    const outcome = await db.transaction(async (tx): Promise<IntakeOutcome> => {
      if (!(await repo.lockPending(tx, row.id))) return 'skipped';
      const result = await captureLead(
        { db: tx, cacheDb: db, afterCommit: (fn) => after.push(fn) },
        { idEmpresa: company, idUnidade: routed.unit.id },
        {
          phone: mapped.phone!,
          name: mapped.name,
          email: mapped.email,
          origin,
          extras,
          // Without an id the capture looks the ad up by its name.
          ad: adId ? ad : undefined,
          history: { created: LEAD_ADS_MESSAGES.historyCreated + note, again: LEAD_ADS_MESSAGES.historyAgain + note },
        },
      );
      await repo.markDone(tx, row.id, {
        cliCrmId: result.cliCrmId,
        idUnidade: routed.unit.id,
        idEmpresa: company,
        ...(fetched ? { dados: fetched } : {}),
      });
      return 'done';
    });
    if (outcome === 'done') ctx.trace?.(row.leadgenId, 'committed');
    for (const fn of after) fn();
    return outcome;
  } catch (err) {
    await keep().catch(() => undefined);
    return recordFailure(ctx, row, idEmpresa, err);
  }
}

async function recordFailure(ctx: IntakeContext, row: repo.DeliveryRow, idEmpresa: number | null, err: unknown) {
  if (err instanceof DomainError && err.code === 'invalid') {
    await repo.markFailed(ctx.db, row.id, LEAD_ADS_MESSAGES.phoneInvalid, idEmpresa);
    return 'failed' as const;
  }
  const graphError = err instanceof GraphCallError ? err : null;
  const detail = graphError
    ? `${graphError.message} (código ${graphError.code}${graphError.subcode ? `/${graphError.subcode}` : ''})`
    : err instanceof Error
      ? err.message
      : String(err);
  const retryable = graphError ? graphError.retryable : true;
  if (!retryable || row.tentativas >= MAX_ATTEMPTS) {
    const text = retryable ? LEAD_ADS_MESSAGES.gaveUp(row.tentativas, detail) : LEAD_ADS_MESSAGES.fetchFailed(detail);
    await repo.markFailed(ctx.db, row.id, text, idEmpresa);
    return 'failed' as const;
  }
  const wait = retryDelayMs(row.tentativas, graphError?.regainMinutes ?? null);
  const text =
    graphError && (graphError.regainMinutes !== null || isRateLimitCode(graphError.code))
      ? LEAD_ADS_MESSAGES.rateLimited(Math.ceil(wait / 60_000))
      : LEAD_ADS_MESSAGES.fetchFailed(detail);
  await repo.markRetry(ctx.db, row.id, new Date(ctx.now().getTime() + wait), text);
  return 'retry' as const;
}

/** The form as the company chose it (its assigned unit and name, meta module), or its name from the Graph. */
async function knownForm(
  ctx: IntakeContext,
  idEmpresa: number,
  pageId: string,
  formId: string,
): Promise<{ nome: string; idUnidade: number | null }> {
  const chosen = await formOfCompany(ctx.db, idEmpresa, formId);
  if (chosen && chosen.nome !== '') return chosen;
  let nome = '';
  try {
    nome = str((await ctx.graph.get(ctx.db, idEmpresa, pageId, formId, { fields: 'name' })).name) ?? '';
  } catch {
    // The name only helps routing and the log; the lead does not wait for it.
  }
  return { nome, idUnidade: chosen?.idUnidade ?? null };
}

/** The lead's platform (Meta's `platform`: fb, ig…) as a plataformas id; Facebook when Meta says nothing. */
async function platformOf(db: Db, platform: string | null): Promise<number | null> {
  const wanted = platform?.toLowerCase() === 'ig' || platform?.toLowerCase() === 'instagram' ? 'instagram' : 'facebook';
  return (await platformsCached(db)).find((p) => p.nome.toLowerCase() === wanted)?.id ?? null;
}
