// 'Sincronizar com o Meta' (issue 23 §5 §6): reads the company's ad accounts (`/{account}/campaigns`,
// `/adsets`, `/ads`, every page signed) into the ads catalogue, and the daily spend per ad
// (`/{account}/insights`, level ad, time_increment 1) into the campaign costs as 'meta' rows, through
// the ads module's door (ads-sync.service.ts: a typed row is never renamed or deleted, a typed cost
// never overwritten). A campaign goes to the unit whose 'Filtro Facebook' its name contains (accent-
// and case-free), unless a unit already holds it (it stays there), else to the company's default unit.
// The daily job (`startDailySpendSync`) syncs the last days' spend of every connected company once a day.
import { eq, sql } from 'drizzle-orm';

import { formatIsoDate } from '@funil/domain/format/date';
import { foldAccents } from '@funil/domain/format/fold';
import { META_MESSAGES, type MetaSyncState, type MetaSyncSummaryBody } from '@funil/domain/meta/meta-api';

import type { Db } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import { metaNumber, type GraphSession } from '../../integrations/meta/graph-client.ts';
import { MetaGraphError } from '../../integrations/meta/meta-error.ts';
import { Ticker } from '../../jobs/ticker.ts';
import { metaCampaignUnits, upsertMetaCatalogue, upsertMetaDailyCosts, type MetaDailyCost } from '../ads/ads-sync.service.ts';
import { unitFacebookFilters } from '../tenancy/tenancy.service.ts';
import { metaFailure } from './meta-connection.ts';
import { metaAccessFor, type MetaRuntime } from './meta.service.ts';
import { metaConexoes } from './meta.table.ts';

type Campaign = { id: string; name?: string; effective_status?: string; status?: string };
type AdSet = { id: string; name?: string; campaign_id?: string; effective_status?: string; status?: string };
type Ad = { id: string; name?: string; adset_id?: string; campaign_id?: string; effective_status?: string; status?: string };
type InsightRow = { campaign_id?: string; adset_id?: string; ad_id?: string; spend?: string; date_start?: string };

const fold = (text: string) => foldAccents(text).toLowerCase().trim();
const isActive = (o: { effective_status?: string; status?: string }) => (o.effective_status ?? o.status ?? 'ACTIVE') === 'ACTIVE';

/** 'YYYY-MM-DD' of an instant in São Paulo (the clinics' day). */
export const dayInSaoPaulo = (at: Date): string => formatIsoDate(at);
const addDays = (day: string, n: number): string => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** A sync insights read asked for too much (code 1): the same read with half the page size, down to 25. */
async function insightsRows(graph: GraphSession, account: string, since: string, until: string): Promise<InsightRow[]> {
  let limit = 500;
  for (;;) {
    try {
      return await graph.getAll<InsightRow>(`${account}/insights`, {
        level: 'ad',
        fields: 'campaign_id,adset_id,ad_id,spend,date_start',
        time_increment: 1,
        time_range: { since, until },
        limit,
      });
    } catch (error) {
      if (error instanceof MetaGraphError && error.code === 1 && limit > 25) {
        limit = Math.floor(limit / 2);
        continue;
      }
      throw error;
    }
  }
}

export type SyncOptions = { since: string; until: string };

const running = new Set<number>();
/** The first key of the sync's advisory lock (the second is the company). */
const META_SYNC_LOCK = 230_205;

/**
 * Syncs one company. Throws a DomainError (not connected, no unit, Meta's rate limit or token error)
 * after recording the failure in the connection's last sync; answers the summary otherwise.
 */
export async function syncCompany(
  db: Db,
  runtime: MetaRuntime,
  idEmpresa: number,
  options: SyncOptions,
): Promise<MetaSyncSummaryBody> {
  const access = await metaAccessFor(db, idEmpresa, runtime);
  if (!access) throw new DomainError('conflict', META_MESSAGES.notConnected);
  if (running.has(idEmpresa)) throw new DomainError('conflict', META_MESSAGES.syncRunning);
  running.add(idEmpresa);
  const summary: MetaSyncSummaryBody = {
    at: new Date().toISOString(),
    ok: true,
    campaigns: 0,
    adSets: 0,
    ads: 0,
    costs: 0,
    skippedManualCosts: 0,
  };
  try {
    const filters = (await unitFacebookFilters(db, idEmpresa)).filter((u) => fold(u.filtro) !== '');
    const known = await metaCampaignUnits(db, idEmpresa);
    const unitOf = (campaignId: string, name: string): number | null =>
      known.get(campaignId) ?? filters.find((u) => fold(name).includes(fold(u.filtro)))?.id ?? access.defaultUnitId;
    const accounts = access.adAccountIds;
    for (const account of accounts) {
      const campaigns = await access.graph.getAll<Campaign>(`${account}/campaigns`, {
        fields: 'id,name,effective_status',
        limit: 200,
      });
      const placed = campaigns.flatMap((c) => {
        const idUnidade = unitOf(c.id, c.name ?? '');
        return idUnidade === null ? [] : [{ campaignId: c.id, name: c.name ?? c.id, active: isActive(c), idUnidade }];
      });
      if (placed.length < campaigns.length && access.defaultUnitId === null)
        throw new DomainError('conflict', META_MESSAGES.noDefaultUnit);
      // The daily job reads the catalogue too: a day's spend is per ad, and an ad new since the last sync needs its row.
      const adSets = await access.graph.getAll<AdSet>(`${account}/adsets`, {
        fields: 'id,name,campaign_id,effective_status',
        limit: 200,
      });
      const ads = await access.graph.getAll<Ad>(`${account}/ads`, {
        fields: 'id,name,adset_id,campaign_id,effective_status',
        limit: 200,
      });
      const rows = await insightsRows(access.graph, account, options.since, options.until);
      await db.transaction(async (tx) => {
        // Two processes syncing one company (the button and the daily job) write one after the other.
        await tx.execute(sql`select pg_advisory_xact_lock(${META_SYNC_LOCK}, ${idEmpresa})`);
        const catalogue = await upsertMetaCatalogue(tx, {
          idEmpresa,
          campaigns: placed,
          adSets: adSets.flatMap((s) =>
            s.campaign_id ? [{ adsetId: s.id, campaignId: s.campaign_id, name: s.name ?? s.id, active: isActive(s) }] : [],
          ),
          ads: ads.flatMap((a) =>
            a.adset_id ? [{ adId: a.id, adsetId: a.adset_id, name: a.name ?? a.id, active: isActive(a) }] : [],
          ),
        });
        summary.campaigns += catalogue.campaigns;
        summary.adSets += catalogue.adSets;
        summary.ads += catalogue.ads;
        const costs: MetaDailyCost[] = [];
        for (const r of rows) {
          const campaign = r.campaign_id ? catalogue.keys.campaigns.get(r.campaign_id) : undefined;
          const spend = metaNumber(r.spend);
          if (!campaign || spend === null || !r.date_start) continue;
          costs.push({
            idUnidade: campaign.idUnidade,
            idCampanha: campaign.id,
            idConjunto: r.adset_id ? (catalogue.keys.adSets.get(r.adset_id) ?? null) : null,
            idAd: r.ad_id ? (catalogue.keys.ads.get(r.ad_id) ?? null) : null,
            day: r.date_start,
            custo: spend,
          });
        }
        const written = await upsertMetaDailyCosts(tx, { idEmpresa, rows: costs });
        summary.costs += written.written;
        summary.skippedManualCosts += written.coveredByManual;
      });
    }
    await db.update(metaConexoes).set({ ultimaSincronizacao: summary }).where(eq(metaConexoes.idEmpresa, idEmpresa));
    return summary;
  } catch (error) {
    const failure = metaFailure(error);
    await db
      .update(metaConexoes)
      .set({ ultimaSincronizacao: { ...summary, ok: false, error: failure.message } })
      .where(eq(metaConexoes.idEmpresa, idEmpresa));
    throw failure;
  } finally {
    running.delete(idEmpresa);
  }
}

/** GET /api/meta/estado: connected (Meta configured and the company has a connection) and the last sync. */
export async function syncState(db: Db, runtime: MetaRuntime | null, idEmpresa: number): Promise<MetaSyncState> {
  const [conn] = await db
    .select({ last: metaConexoes.ultimaSincronizacao })
    .from(metaConexoes)
    .where(eq(metaConexoes.idEmpresa, idEmpresa));
  return { connected: runtime !== null && conn !== undefined, lastSync: conn?.last ?? null };
}

/** The button's period: the last 30 days through today. */
export const defaultSyncPeriod = (now: Date): { since: string; until: string } => {
  const today = dayInSaoPaulo(now);
  return { since: addDays(today, -29), until: today };
};

/** The daily job's days: the three days before today (Meta revises a day's spend for a while after it). */
export const dailySpendPeriod = (now: Date): { since: string; until: string } => {
  const today = dayInSaoPaulo(now);
  return { since: addDays(today, -3), until: addDays(today, -1) };
};

/**
 * One pass of the daily job: claims one connected company whose spend was not yet synced through
 * yesterday (one statement, FOR UPDATE SKIP LOCKED: one process per company per day) and syncs the
 * last days' spend.
 */
export async function dailySpendPass(db: Db, runtime: MetaRuntime, now = new Date()): Promise<boolean> {
  const period = dailySpendPeriod(now);
  const claimed = await db
    .update(metaConexoes)
    .set({ gastoSincronizadoAte: period.until })
    .where(
      eq(
        metaConexoes.id,
        sql`(select id from meta_conexoes where gasto_sincronizado_ate is null or gasto_sincronizado_ate < ${period.until}
              order by id limit 1 for update skip locked)`,
      ),
    )
    .returning({ idEmpresa: metaConexoes.idEmpresa });
  const row = claimed[0];
  if (!row) return false;
  // A failure (rate limit, expired token) is in the connection's last sync for the screen; the claim is
  // kept, and tomorrow's pass covers the missed day again (it reads the three days before today).
  await syncCompany(db, runtime, row.idEmpresa, period).catch(() => null);
  return true;
}

/** The daily job on the workers' loop (jobs/ticker.ts): a pass every hour; a company synced today waits for tomorrow. */
export function startDailySpendSync(
  db: Db,
  runtime: MetaRuntime,
  log: { error: (obj: object, msg: string) => void },
  idleMs = 3_600_000,
) {
  const ticker = new Ticker({
    pass: () => dailySpendPass(db, runtime),
    idleMs,
    unref: true,
    onError: (error) => log.error({ err: error }, 'Meta: falha na sincronização diária de gastos'),
  });
  ticker.start();
  return ticker;
}
