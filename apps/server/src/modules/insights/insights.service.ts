// Over 500 lines: the module's door (the refresh, the period reach cache, the tabs' reads). Next split: the refresh.
// The insights module's door (issue 24): the store's refresh (a company's accounts, three levels, the
// 28-day re-read every few hours on the workers' loop) and the /insights reads, Meta's side from the
// store beside the CRM's side from the dashboards' read model. A unit sees the campaigns the ads
// catalogue places in it (campaigns not yet placed: the company's default unit), never another unit's.
import { and, between, eq, inArray, lt, sql } from 'drizzle-orm';

import { formatIsoDate } from '@funil/domain/format/date';
import {
  addIsoDays,
  INSIGHT_LEVELS,
  isProvisional,
  MESSAGING_OBJECTIVES,
  PROVISIONAL_DAYS,
  type InsightLevel,
  type InsightRow,
  type InsightsRows,
  type InsightsSeries,
  type InsightsState,
} from '@funil/domain/insights/insights';

import { queryPrepared, type Db, type DbOrTx } from '../../db/handle.ts';
import { metaNumber } from '../../integrations/meta/graph-client.ts';
import { dueBy } from '../../jobs/due-by.ts';
import { Ticker } from '../../jobs/ticker.ts';
import { metaCampaignUnits } from '../ads/ads-sync.service.ts';
import { crmDailyByMetaIds, crmFactsByMetaId, unknownAdShare } from '../dashboard/dashboard-insights.service.ts';
import { connectedCompanies, metaAccessFor, type MetaRuntime } from '../meta/meta.service.ts';
import { activeUserNamesWithRoles } from '../users/users.service.ts';
import { createInsightsReader, InsightsStopped, type ReaderOptions, type StoredInsight } from './insights-reader.ts';
import { metaInsights, metaInsightsAlcance, metaInsightsSync } from './insights.table.ts';

/** The first import reads three months; later refreshes re-read the last 28 days (Meta revises them). */
export const FIRST_IMPORT_DAYS = 92;
export const REFRESH_EVERY_MS = 4 * 3_600_000;
const LEASE_MS = 15 * 60_000;
const RETRY_AFTER_FAILURE_MS = 15 * 60_000;

export type RefreshOptions = Omit<ReaderOptions, 'client' | 'token'> & { now?: Date; days?: number };
export type RefreshResult = { rows: number; calls: number; since: string; until: string; stats: Record<string, number> };

/** A PostgreSQL array literal of texts or numbers (NULL kept), sent as one parameter. */
const arrayLiteral = (values: readonly (string | number | null)[]): string =>
  `{${values
    .map((v) => (v === null ? 'NULL' : typeof v === 'number' ? String(Math.trunc(v)) : `"${v.replace(/[\\"]/g, '\\$&')}"`))
    .join(',')}}`;

// One statement per page whatever its size: the columns as arrays, unnested (a year of 20,000 ads is 7.3
// million rows; building a multi-row VALUES through the query builder cost more than PostgreSQL's work).
const UPSERT = `insert into meta_insights (id_empresa, conta, atualizado_em, dia, nivel, objeto_id, campanha_id, conjunto_id,
    nome, objetivo, impressoes, alcance, cliques, gasto_centavos, leads, conversas)
  select $1::int, $2::varchar, $3::timestamptz, u.* from unnest($4::date[], $5::varchar[], $6::varchar[], $7::varchar[],
    $8::varchar[], $9::varchar[], $10::varchar[], $11::bigint[], $12::bigint[], $13::bigint[], $14::bigint[], $15::int[],
    $16::int[]) as u
  on conflict (id_empresa, conta, dia, nivel, objeto_id) do update set campanha_id = excluded.campanha_id,
    conjunto_id = excluded.conjunto_id, nome = excluded.nome, objetivo = excluded.objetivo, impressoes = excluded.impressoes,
    alcance = excluded.alcance, cliques = excluded.cliques, gasto_centavos = excluded.gasto_centavos, leads = excluded.leads,
    conversas = excluded.conversas, atualizado_em = excluded.atualizado_em`;

async function upsertRows(db: Db, idEmpresa: number, conta: string, rows: StoredInsight[], at: Date): Promise<void> {
  if (rows.length === 0) return;
  const column = (pick: (r: StoredInsight) => string | number | null) => arrayLiteral(rows.map(pick));
  await queryPrepared(db, UPSERT, [
    idEmpresa,
    conta,
    at.toISOString(),
    column((r) => r.dia),
    column((r) => r.nivel),
    column((r) => r.objetoId),
    column((r) => r.campanhaId),
    column((r) => r.conjuntoId),
    column((r) => r.nome),
    column((r) => r.objetivo),
    column((r) => r.impressoes),
    column((r) => r.alcance),
    column((r) => r.cliques),
    column((r) => r.gastoCentavos),
    column((r) => r.leads),
    column((r) => r.conversas),
  ]);
}

/**
 * Refreshes one company's store: every ad account of its connection, the three levels, daily rows of
 * the window (92 days the first time, then 28) upserted in place page by page; once a level is read
 * whole, a row of its window Meta no longer returned (its delivery revised away) is deleted. Throws
 * InsightsStopped on 190 / #2635 (the rows upserted until then stay: each is a whole day of one object).
 */
export async function refreshCompany(
  db: Db,
  runtime: MetaRuntime,
  idEmpresa: number,
  options: RefreshOptions = {},
): Promise<RefreshResult> {
  const access = await metaAccessFor(db, idEmpresa, runtime);
  if (!access) throw new InsightsStopped('Empresa sem conexão com o Meta.');
  const now = options.now ?? new Date();
  const [state] = await db.select().from(metaInsightsSync).where(eq(metaInsightsSync.idEmpresa, idEmpresa));
  const days = options.days ?? (state?.atualizadoEm ? PROVISIONAL_DAYS : FIRST_IMPORT_DAYS);
  const until = formatIsoDate(now);
  const since = addIsoDays(until, -(days - 1));
  const reader = createInsightsReader({ ...options, client: access.client, token: access.graph.token });
  const names = await reader.accounts();
  let written = 0;
  for (const conta of access.adAccountIds) {
    for (const level of INSIGHT_LEVELS) {
      // Each page is upserted as it arrives, while the next one is read (a year of 20,000 ads is 7.3 million
      // rows, never held at once); once the level is read whole, the window's rows it did not touch are gone.
      const at = new Date();
      let levelRows = 0;
      let writing: Promise<void> = Promise.resolve();
      let failure: unknown = null;
      await reader.each(conta, level, since, until, async (rows) => {
        await writing;
        if (failure) throw failure;
        if (rows === null) {
          levelRows = 0;
          return;
        }
        levelRows += rows.length;
        writing = upsertRows(db, idEmpresa, conta, rows, at).catch((error: unknown) => {
          failure = error;
        });
      });
      await writing;
      if (failure) throw failure;
      await db
        .delete(metaInsights)
        .where(
          and(
            eq(metaInsights.idEmpresa, idEmpresa),
            eq(metaInsights.conta, conta),
            eq(metaInsights.nivel, level),
            between(metaInsights.dia, since, until),
            lt(metaInsights.atualizadoEm, at),
          ),
        );
      written += levelRows;
    }
  }
  // A first import (or any read longer than the 28-day re-read) adds many rows at once: the planner is told
  // now, not when autovacuum gets round to it. With the table's statistics still those of an empty table, the
  // ads tab read one ad set's days through the (company, account, level, day) index, filtering 1.8 million
  // rows (0.5 s instead of 5 ms at the bench's full size, docs/performance.md).
  if (days > PROVISIONAL_DAYS) await db.execute(sql`analyze meta_insights`);
  const contas = access.adAccountIds.map((id) => ({ id, nome: names.find((n) => n.id === id)?.nome ?? id }));
  await db
    .insert(metaInsightsSync)
    .values({ idEmpresa, contas, atualizadoEm: now, chamadas: reader.stats.calls, erro: null })
    .onConflictDoUpdate({
      target: metaInsightsSync.idEmpresa,
      set: { contas, atualizadoEm: now, chamadas: reader.stats.calls, erro: null },
    });
  return { rows: written, calls: reader.stats.calls, since, until, stats: { ...reader.stats } };
}

/**
 * One pass of the refresh job: registers connected companies, claims one whose refresh is due (one
 * statement, FOR UPDATE SKIP LOCKED, a 15-minute lease) and refreshes it. True when it did something.
 */
export async function refreshPass(
  db: Db,
  runtime: MetaRuntime,
  options: RefreshOptions & { log?: { error: (obj: object, msg: string) => void } } = {},
): Promise<boolean> {
  const companies = await connectedCompanies(db);
  if (companies.length === 0) return false;
  await db
    .insert(metaInsightsSync)
    .values(companies.map((idEmpresa) => ({ idEmpresa })))
    .onConflictDoNothing();
  const now = options.now ?? new Date();
  const claimed = await db
    .update(metaInsightsSync)
    .set({ leaseAte: new Date(now.getTime() + LEASE_MS) })
    .where(
      eq(
        metaInsightsSync.idEmpresa,
        sql`(select id_empresa from meta_insights_sync where proxima_em < ${dueBy(now)}::timestamptz
              and (lease_ate is null or lease_ate < ${now.toISOString()}::timestamptz)
              and id_empresa in (${sql.join(
                companies.map((c) => sql`${c}`),
                sql`, `,
              )})
              order by proxima_em limit 1 for update skip locked)`,
      ),
    )
    .returning({ idEmpresa: metaInsightsSync.idEmpresa });
  const row = claimed[0];
  if (!row) return false;
  try {
    await refreshCompany(db, runtime, row.idEmpresa, options);
    await db
      .update(metaInsightsSync)
      .set({ leaseAte: null, proximaEm: new Date(now.getTime() + REFRESH_EVERY_MS) })
      .where(eq(metaInsightsSync.idEmpresa, row.idEmpresa));
  } catch (error) {
    const stopped = error instanceof InsightsStopped;
    if (!stopped) options.log?.error({ err: error, idEmpresa: row.idEmpresa }, 'Meta Insights: falha na atualização');
    await db
      .update(metaInsightsSync)
      .set({
        leaseAte: null,
        // Stopped (token, version): told on the screen, tried again at the next period or 'Atualizar agora'.
        proximaEm: new Date(now.getTime() + (stopped ? REFRESH_EVERY_MS : RETRY_AFTER_FAILURE_MS)),
        ...(stopped ? { erro: (error as Error).message } : {}),
      })
      .where(eq(metaInsightsSync.idEmpresa, row.idEmpresa));
  }
  return true;
}

/** The refresh on the workers' loop (jobs/ticker.ts): a pass every minute; a company is due every 4 hours. */
export function startInsightsRefresh(
  db: Db,
  runtime: MetaRuntime,
  log: { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void },
  idleMs = 60_000,
): Ticker {
  const ticker = new Ticker({
    pass: () => refreshPass(db, runtime, { log }),
    idleMs,
    unref: true,
    onError: (error) => log.error({ err: error }, 'Meta Insights: falha no ciclo de atualização'),
  });
  ticker.start();
  return ticker;
}

/** 'Atualizar agora': the company's refresh is due at once. */
export async function requestRefresh(db: DbOrTx, idEmpresa: number): Promise<void> {
  await db
    .insert(metaInsightsSync)
    .values({ idEmpresa, proximaEm: new Date() })
    .onConflictDoUpdate({ target: metaInsightsSync.idEmpresa, set: { proximaEm: new Date() } });
}

export async function insightsState(
  db: DbOrTx,
  runtime: MetaRuntime | null,
  idEmpresa: number,
  now = new Date(),
): Promise<InsightsState> {
  const access = await metaAccessFor(db, idEmpresa, runtime);
  const [state] = await db.select().from(metaInsightsSync).where(eq(metaInsightsSync.idEmpresa, idEmpresa));
  // Issue 24 'Who connects': the connection is the company's (its token reads every unit's accounts), so
  // only its company admins (ag) start it; a unit admin is shown their names.
  const quemConecta = await activeUserNamesWithRoles(db, idEmpresa, ['ag']);
  if (!access) return { connected: false, contas: [], atualizadoEm: null, atualizando: false, erro: null, quemConecta };
  const named = new Map((state?.contas ?? []).map((c) => [c.id, c.nome]));
  return {
    connected: true,
    contas: access.adAccountIds.map((id) => ({ id, nome: named.get(id) ?? id })),
    atualizadoEm: state?.atualizadoEm?.toISOString() ?? null,
    atualizando: state ? state.proximaEm <= now || (state.leaseAte !== null && state.leaseAte > now) : true,
    erro: state?.erro ?? null,
    quemConecta,
  };
}

/** The campaigns a unit may see: those the catalogue places in it; unplaced ones go to the default unit. */
async function visibleCampaign(db: DbOrTx, runtime: MetaRuntime | null, idEmpresa: number, idUnidade: number) {
  const [placed, access] = await Promise.all([metaCampaignUnits(db, idEmpresa), metaAccessFor(db, idEmpresa, runtime)]);
  const isDefault = access?.defaultUnitId === idUnidade;
  return (campaignId: string | null): boolean => {
    if (!campaignId) return false;
    const unit = placed.get(campaignId);
    return unit === undefined ? isDefault : unit === idUnidade;
  };
}

const ratio = (num: number | null, den: number | null, scale = 1): number | null =>
  num === null || den === null || den === 0 ? null : (num * scale) / den;

/** How long a recent period's reach is kept before Meta is asked again (a period over 28 days old never changes). */
export const PERIOD_REACH_TTL_MS = REFRESH_EVERY_MS;
const REACH_IDS_PER_CALL = 100;

/**
 * Reach of each object over the whole period (issue 24: people, not a sum of days), from the cache or read
 * from Meta without time_increment (one call per 100 ids, paged) and cached. An object Meta did not answer
 * for, or a read that failed, is absent: the tab shows '—', never 0.
 */
export async function periodReach(
  db: DbOrTx,
  runtime: MetaRuntime | null,
  key: { idEmpresa: number; conta: string; nivel: InsightLevel; inicio: string; fim: string },
  ids: readonly string[],
  now = new Date(),
): Promise<Map<string, number | null>> {
  const known = new Map<string, number | null>();
  if (ids.length === 0) return known;
  const cached = await db
    .select({ objetoId: metaInsightsAlcance.objetoId, alcance: metaInsightsAlcance.alcance, lidoEm: metaInsightsAlcance.lidoEm })
    .from(metaInsightsAlcance)
    .where(
      and(
        eq(metaInsightsAlcance.idEmpresa, key.idEmpresa),
        eq(metaInsightsAlcance.conta, key.conta),
        eq(metaInsightsAlcance.nivel, key.nivel),
        eq(metaInsightsAlcance.inicio, key.inicio),
        eq(metaInsightsAlcance.fim, key.fim),
        inArray(metaInsightsAlcance.objetoId, [...ids]),
      ),
    );
  const settled = key.fim < addIsoDays(formatIsoDate(now), -28);
  for (const c of cached)
    if (settled || now.getTime() - c.lidoEm.getTime() < PERIOD_REACH_TTL_MS) known.set(c.objetoId, c.alcance);
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length === 0) return known;
  const access = await metaAccessFor(db, key.idEmpresa, runtime);
  if (!access) return known;
  for (let i = 0; i < missing.length; i += REACH_IDS_PER_CALL) {
    const chunk = missing.slice(i, i + REACH_IDS_PER_CALL);
    let rows: Record<string, unknown>[];
    try {
      rows = await access.graph.getAll<Record<string, unknown>>(`${key.conta}/insights`, {
        level: key.nivel,
        fields: `${key.nivel}_id,reach`,
        time_range: { since: key.inicio, until: key.fim },
        filtering: [{ field: `${key.nivel}.id`, operator: 'IN', value: chunk }],
        limit: 500,
      });
    } catch {
      // Meta unavailable: the reach stays unknown ('—') and is asked again on the next view.
      continue;
    }
    const got = new Map(rows.map((r) => [String(r[`${key.nivel}_id`]), metaNumber(r.reach)]));
    const values = chunk.map((objetoId) => ({ ...key, objetoId, alcance: got.get(objetoId) ?? null, lidoEm: now }));
    await db
      .insert(metaInsightsAlcance)
      .values(values)
      .onConflictDoUpdate({
        target: [
          metaInsightsAlcance.idEmpresa,
          metaInsightsAlcance.conta,
          metaInsightsAlcance.nivel,
          metaInsightsAlcance.objetoId,
          metaInsightsAlcance.inicio,
          metaInsightsAlcance.fim,
        ],
        set: { alcance: sql`excluded.alcance`, lidoEm: now },
      });
    for (const v of values) known.set(v.objetoId, v.alcance);
  }
  return known;
}

export type ReadScope = { idEmpresa: number; idUnidade: number; runtime: MetaRuntime | null; now?: Date };

/** GET /api/insights/{nivel}: one row per object of the level with delivery in the period. */
export async function insightsRows(
  db: DbOrTx,
  scope: ReadScope,
  level: InsightLevel,
  q: { conta: string; inicio: string; fim: string; pais?: string[] | undefined },
): Promise<InsightsRows> {
  const today = formatIsoDate(scope.now ?? new Date());
  const parent = level === 'adset' ? metaInsights.campanhaId : level === 'ad' ? metaInsights.conjuntoId : null;
  if (parent && (!q.pais || q.pais.length === 0)) {
    return {
      data: [],
      anuncioDesconhecido: await unknownAdShare(db, { idUnidade: scope.idUnidade, inicio: q.inicio, fim: q.fim }),
    };
  }
  const [visible, stored, unknown] = await Promise.all([
    visibleCampaign(db, scope.runtime, scope.idEmpresa, scope.idUnidade),
    db
      .select({
        id: metaInsights.objetoId,
        nome: sql<string>`(array_agg(${metaInsights.nome} order by ${metaInsights.dia} desc))[1]`,
        campanhaId: sql<string | null>`max(${metaInsights.campanhaId})`,
        conjuntoId: sql<string | null>`max(${metaInsights.conjuntoId})`,
        objetivo: sql<string | null>`max(${metaInsights.objetivo})`,
        impressoes: sql<string | null>`sum(${metaInsights.impressoes})`,
        cliques: sql<string | null>`sum(${metaInsights.cliques})`,
        gasto: sql<string | null>`sum(${metaInsights.gastoCentavos})`,
        leads: sql<string | null>`sum(${metaInsights.leads})`,
        conversas: sql<string | null>`sum(${metaInsights.conversas})`,
        ultimoDia: sql<string>`to_char(max(${metaInsights.dia}), 'YYYY-MM-DD')`,
      })
      .from(metaInsights)
      .where(
        and(
          eq(metaInsights.idEmpresa, scope.idEmpresa),
          eq(metaInsights.conta, q.conta),
          eq(metaInsights.nivel, level),
          between(metaInsights.dia, q.inicio, q.fim),
          parent ? inArray(parent, q.pais!) : undefined,
        ),
      )
      .groupBy(metaInsights.objetoId),
    unknownAdShare(db, { idUnidade: scope.idUnidade, inicio: q.inicio, fim: q.fim }),
  ]);
  const rows = stored.filter((r) => visible(r.campanhaId));
  // Reach is people over the whole period, read from Meta (cached), never the sum of the daily rows.
  const reach = await periodReach(
    db,
    scope.runtime,
    { idEmpresa: scope.idEmpresa, conta: q.conta, nivel: level, inicio: q.inicio, fim: q.fim },
    rows.map((r) => r.id),
    scope.now ?? new Date(),
  );
  const crm = await crmFactsByMetaId(db, {
    idUnidade: scope.idUnidade,
    level,
    inicio: q.inicio,
    fim: q.fim,
    ids: rows.map((r) => r.id),
  });
  const num = (v: string | number | null): number | null => (v === null ? null : Number(v));
  const data: InsightRow[] = rows.map((r) => {
    const impressoes = num(r.impressoes);
    const cliques = num(r.cliques);
    const gasto = num(r.gasto);
    const messaging = (MESSAGING_OBJECTIVES as readonly string[]).includes(r.objetivo ?? '');
    const leads = messaging ? num(r.conversas) : num(r.leads);
    const facts = crm.get(r.id) ?? { leads: 0, conversoes: 0, ticketCentavos: 0 };
    return {
      id: r.id,
      nome: r.nome,
      campanhaId: r.campanhaId,
      conjuntoId: r.conjuntoId,
      objetivo: r.objetivo,
      impressoes,
      alcance: reach.get(r.id) ?? null,
      cliques,
      ctr: ratio(cliques, impressoes, 100),
      gastoCentavos: gasto,
      cpmCentavos: ratio(gasto, impressoes, 1000),
      leads,
      resultado: messaging ? 'conversas' : 'leads',
      custoPorLeadCentavos: ratio(gasto, leads),
      crmLeads: facts.leads,
      conversoes: facts.conversoes,
      ticketCentavos: facts.ticketCentavos,
      custoPorLeadCrmCentavos: ratio(gasto, facts.leads),
      custoPorVendaCentavos: ratio(gasto, facts.conversoes),
      roas: ratio(facts.ticketCentavos, gasto),
      provisorio: isProvisional(r.ultimoDia, today),
    };
  });
  data.sort((a, b) => (b.gastoCentavos ?? -1) - (a.gastoCentavos ?? -1) || a.nome.localeCompare(b.nome, 'pt-BR'));
  return { data, anuncioDesconhecido: unknown };
}

/** GET /api/insights/serie: the selected rows' spend and leads per day beside the CRM's leads and sales. */
export async function insightsSeries(
  db: DbOrTx,
  scope: ReadScope,
  q: { conta: string; inicio: string; fim: string; nivel: InsightLevel; ids: string[] },
): Promise<InsightsSeries> {
  const today = formatIsoDate(scope.now ?? new Date());
  const visible = await visibleCampaign(db, scope.runtime, scope.idEmpresa, scope.idUnidade);
  const owners = await db
    .selectDistinct({ id: metaInsights.objetoId, campanhaId: metaInsights.campanhaId })
    .from(metaInsights)
    .where(
      and(
        eq(metaInsights.idEmpresa, scope.idEmpresa),
        eq(metaInsights.conta, q.conta),
        eq(metaInsights.nivel, q.nivel),
        inArray(metaInsights.objetoId, q.ids),
      ),
    );
  const ids = [...new Set(owners.filter((o) => visible(o.campanhaId)).map((o) => o.id))];
  if (ids.length === 0) return { data: [] };
  const [meta, crm] = await Promise.all([
    db
      .select({
        dia: sql<string>`to_char(${metaInsights.dia}, 'YYYY-MM-DD')`,
        gasto: sql<string | null>`sum(${metaInsights.gastoCentavos})`,
        leads: sql<string | null>`sum(case when ${metaInsights.objetivo} in (${sql.join(
          MESSAGING_OBJECTIVES.map((o) => sql`${o}`),
          sql`, `,
        )}) then ${metaInsights.conversas} else ${metaInsights.leads} end)`,
      })
      .from(metaInsights)
      .where(
        and(
          eq(metaInsights.idEmpresa, scope.idEmpresa),
          eq(metaInsights.conta, q.conta),
          eq(metaInsights.nivel, q.nivel),
          inArray(metaInsights.objetoId, ids),
          between(metaInsights.dia, q.inicio, q.fim),
        ),
      )
      .groupBy(metaInsights.dia),
    crmDailyByMetaIds(db, { idUnidade: scope.idUnidade, level: q.nivel, inicio: q.inicio, fim: q.fim, ids }),
  ]);
  const byDay = new Map(meta.map((m) => [m.dia, m]));
  const crmByDay = new Map(crm.map((c) => [c.dia, c]));
  const data: InsightsSeries['data'] = [];
  for (let dia = q.inicio; dia <= q.fim; dia = addIsoDays(dia, 1)) {
    const m = byDay.get(dia);
    const c = crmByDay.get(dia);
    data.push({
      dia,
      gastoCentavos: m?.gasto != null ? Number(m.gasto) : null,
      leads: m?.leads != null ? Number(m.leads) : null,
      crmLeads: c?.leads ?? 0,
      vendas: c?.vendas ?? 0,
      provisorio: isProvisional(dia, today),
    });
  }
  return { data };
}
