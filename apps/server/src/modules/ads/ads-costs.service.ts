// Campaign costs, 'Gerenciar Campanhas' (002 §2.10, §3 'Campaign cost (admin)', §5, §7 'Admin'; issue 23 §6):
// GET cadastros/campanha, POST cadastros/campanha, PUT cadastros/campanha_custo. 000 §6: the unit admin (a)
// and the manager (m) their unit, the company admin (ag) and the multi-unit manager (mg) their company's
// units. A cost covers a period (a month when typed) and is marked 'manual': a Meta sync never changes it,
// and typing over Meta's spend never changes Meta's rows.
// `costForPeriod` is what the dashboards read: a cost prorated to any period, null when none ('—').
import { and, eq, gte, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';

import {
  COST_MESSAGES,
  countedCosts,
  monthBounds,
  proratedCost,
  type CostCreate,
  type CostRow,
  type CostUpdate,
  type CountableCost,
} from '@funil/domain/ads/costs';

import type { DbOrTx, Tx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { referenceLists } from '../catalog/catalog.service.ts';
import type { Actor } from '../tenancy/admin-scope.service.ts';
import { unitById, unitNamesOfCompany } from '../tenancy/tenancy.service.ts';
import { catalogueNames, ensureCampaign, renameCampaign } from './ads.service.ts';
import { anunciosCampanhas, anunciosCustos } from './ads.table.ts';

type CostDb = typeof anunciosCustos.$inferSelect;

const companyWide = (actor: Actor) => actor.permission === 'ag' || actor.permission === 'mg';

/** The units whose costs the actor manages (000 §6 /campanhas: each within its units). */
async function unitsOf(db: DbOrTx, actor: Actor): Promise<Map<number, string>> {
  const names = await unitNamesOfCompany(db, actor.empresaId);
  if (companyWide(actor)) return names;
  const own = names.get(actor.unidadeId);
  return own === undefined ? new Map() : new Map([[actor.unidadeId, own]]);
}

async function unitInCostScope(db: DbOrTx, actor: Actor, idUnidade: number) {
  const unit = await unitById(db, idUnidade);
  // Another company's unit answers like a missing one.
  if (!unit || unit.idEmpresa !== actor.empresaId) throw new DomainError('not_found', 'Unidade não encontrada.');
  if (!companyWide(actor) && unit.id !== actor.unidadeId) throw new DomainError('forbidden', COST_MESSAGES.otherUnit);
  return unit;
}

async function platformName(db: DbOrTx, idTipoLead: number): Promise<string> {
  const { plataforma } = await referenceLists(db);
  const hit = plataforma.find((p) => p.id === idTipoLead);
  if (!hit) throw new DomainError('invalid', COST_MESSAGES.platform);
  return hit.nome;
}

const money = (text: string) => Number(text);
const cents = (value: number) => Math.round(value * 100) / 100;
const audited = (c: CostDb) => ({
  idUnidade: c.idUnidade,
  idCampanha: c.idCampanha,
  custo: money(c.custo),
  publico: c.publico,
  idTipoLead: c.idTipoLead,
  periodo_inicio: c.periodoInicio,
  periodo_fim: c.periodoFim,
  origem: c.origem,
});

/**
 * GET cadastros/campanha: one row per unit, campaign and month (issue 23 §6), not one per Meta ad and day.
 * The month's total is what `costForPeriod` counts for that month (`countedCosts`): a typed cost wins over
 * Meta's spend of its month; Meta's spend is summed per ad for the row's detail.
 */
export async function listCosts(db: DbOrTx, actor: Actor): Promise<CostRow[]> {
  const units = await unitsOf(db, actor);
  if (units.size === 0) return [];
  const inScope = and(eq(anunciosCustos.idEmpresa, actor.empresaId), inArray(anunciosCustos.idUnidade, [...units.keys()]));
  const isTyped = and(eq(anunciosCustos.origem, 'manual'), isNull(anunciosCustos.idAd));
  const month = sql<string>`to_char(${anunciosCustos.periodoInicio}, 'YYYY-MM')`;
  const [typed, spends, refs] = await Promise.all([
    db.select().from(anunciosCustos).where(and(inScope, isTyped)),
    // Meta's daily spend (and a day typed over before issue 23 §6 kept Meta's rows), summed per ad and month.
    db
      .select({
        idUnidade: anunciosCustos.idUnidade,
        idCampanha: anunciosCustos.idCampanha,
        idConjunto: anunciosCustos.idConjunto,
        idAd: anunciosCustos.idAd,
        origem: anunciosCustos.origem,
        mes: month,
        custo: sql<string>`sum(${anunciosCustos.custo})::text`,
        dias: sql<number>`count(distinct ${anunciosCustos.periodoInicio})::int`,
        periodoInicio: sql<string>`min(${anunciosCustos.periodoInicio})::text`,
        periodoFim: sql<string>`max(${anunciosCustos.periodoFim})::text`,
        datacad: sql<string>`min(${anunciosCustos.datacad})::text`,
        dataAtualizacao: sql<string>`max(${anunciosCustos.dataAtualizacao})::text`,
      })
      .from(anunciosCustos)
      .where(and(inScope, or(ne(anunciosCustos.origem, 'manual'), isNotNull(anunciosCustos.idAd))))
      .groupBy(
        anunciosCustos.idUnidade,
        anunciosCustos.idCampanha,
        anunciosCustos.idConjunto,
        anunciosCustos.idAd,
        anunciosCustos.origem,
        month,
      ),
    referenceLists(db),
  ]);
  const names = await catalogueNames(db, {
    campaigns: [...new Set([...typed, ...spends].map((r) => r.idCampanha))],
    adSets: [...new Set(spends.flatMap((r) => (r.idConjunto === null ? [] : [r.idConjunto])))],
    ads: [...new Set(spends.flatMap((r) => (r.idAd === null ? [] : [r.idAd])))],
  });
  const platforms = new Map(refs.plataforma.map((p) => [p.id, p.nome]));

  type Group = { idUnidade: number; idCampanha: number; mes: string; typed: CostDb | null; spends: typeof spends };
  const groups = new Map<string, Group>();
  const groupOf = (idUnidade: number, idCampanha: number, mes: string) => {
    const chave = `${idUnidade}-${idCampanha}-${mes}`;
    let group = groups.get(chave);
    if (!group) groups.set(chave, (group = { idUnidade, idCampanha, mes, typed: null, spends: [] }));
    return group;
  };
  for (const r of typed) groupOf(r.idUnidade, r.idCampanha, r.periodoInicio.slice(0, 7)).typed = r;
  for (const r of spends) groupOf(r.idUnidade, r.idCampanha, r.mes).spends.push(r);

  const rows = [...groups.entries()].map(([chave, g]): CostRow => {
    const campaign = names.campaigns.get(g.idCampanha);
    const counted = countedCosts<CountableCost & { custo: string }>([...(g.typed ? [g.typed] : []), ...g.spends]);
    const meta = g.spends.filter((r) => r.origem === 'meta');
    const anuncios = g.spends
      .map((r) => {
        const adSet = r.idConjunto === null ? undefined : names.adSets.get(r.idConjunto);
        const ad = r.idAd === null ? undefined : names.ads.get(r.idAd);
        return {
          adset_id: adSet?.id ?? null,
          adset_name: adSet?.name ?? null,
          ad_id: ad?.id ?? null,
          ad_name: ad?.name ?? null,
          custo: money(r.custo),
          dias: r.dias,
        };
      })
      .sort((a, b) => b.custo - a.custo || (a.ad_name ?? '').localeCompare(b.ad_name ?? '', 'pt-BR'));
    const single = anuncios.length === 1 ? anuncios[0]! : null;
    const stamps = [
      ...(g.typed ? [g.typed.datacad.toISOString()] : []),
      ...g.spends.map((r) => new Date(r.datacad).toISOString()),
    ];
    const updates = [
      ...(g.typed ? [g.typed.dataAtualizacao.toISOString()] : []),
      ...g.spends.map((r) => new Date(r.dataAtualizacao).toISOString()),
    ];
    const { inicio, fim } = monthBounds(g.mes);
    return {
      chave,
      id: g.typed?.id ?? null,
      idUnidade: g.idUnidade,
      unidade: units.get(g.idUnidade) ?? '',
      idCampanha: g.idCampanha,
      campaign_id: campaign?.id ?? '',
      campaign_name: campaign?.name ?? '',
      adset_id: single?.adset_id ?? null,
      adset_name: single?.adset_name ?? null,
      ad_id: single?.ad_id ?? null,
      ad_name: single?.ad_name ?? null,
      custo: cents(counted.reduce((sum, r) => sum + money(r.custo), 0)),
      custo_manual: g.typed ? money(g.typed.custo) : null,
      custo_meta: meta.length > 0 ? cents(meta.reduce((sum, r) => sum + money(r.custo), 0)) : null,
      anuncios,
      publico: g.typed?.publico ?? null,
      idTipoLead: g.typed?.idTipoLead ?? null,
      tipoLead: g.typed?.idTipoLead == null ? '' : (platforms.get(g.typed.idTipoLead) ?? ''),
      mes: g.mes,
      periodo_inicio: inicio,
      periodo_fim: fim,
      origem: g.typed ? 'manual' : 'meta',
      dataCadastro: stamps.sort()[0]!,
      dataAtualizacao: updates.sort().at(-1)!,
    };
  });
  // Newest month first, then the campaign's name and the unit's.
  return rows.sort(
    (a, b) =>
      b.mes.localeCompare(a.mes) ||
      a.campaign_name.localeCompare(b.campaign_name, 'pt-BR') ||
      a.unidade.localeCompare(b.unidade, 'pt-BR'),
  );
}

const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === '23505';
};

/** POST cadastros/campanha: the campaign (created in the unit's catalogue when new) and its month's cost. */
export async function createCost(db: DbOrTx, actor: Actor, input: CostCreate): Promise<CostDb> {
  const unit = await unitInCostScope(db, actor, input.idUnidade);
  await platformName(db, input.idTipoLead);
  const { inicio, fim } = monthBounds(input.mes);
  return typedCostUnique(() =>
    db.transaction(async (tx) => {
      const campaign = await ensureCampaign(tx, { idEmpresa: unit.idEmpresa, idUnidade: unit.id }, input.campaign_id, input.nome);
      return insertTypedCost(
        tx,
        actor,
        { idEmpresa: unit.idEmpresa, idUnidade: unit.id, idCampanha: campaign.id, inicio, fim },
        { publico: input.publico, idTipoLead: input.idTipoLead, custo: input.custo },
        { campaign_id: campaign.campaignId, campaign_name: campaign.campaignName },
      );
    }),
  );
}

/** A typed month cost and its audit row, in the caller's transaction. */
async function insertTypedCost(
  tx: Tx,
  actor: Actor,
  at: { idEmpresa: number; idUnidade: number; idCampanha: number; inicio: string; fim: string },
  cost: { publico: number | null; idTipoLead: number | null; custo: number },
  names: { campaign_id: string; campaign_name: string },
): Promise<CostDb> {
  const [row] = await tx
    .insert(anunciosCustos)
    .values({
      idEmpresa: at.idEmpresa,
      idUnidade: at.idUnidade,
      idCampanha: at.idCampanha,
      publico: cost.publico,
      idTipoLead: cost.idTipoLead,
      custo: cost.custo.toFixed(2),
      periodoInicio: at.inicio,
      periodoFim: at.fim,
      origem: 'manual',
    })
    .returning();
  await recordAudit(tx, {
    session: actor,
    entity: 'custo_campanha',
    entityId: row!.id,
    action: 'create',
    after: { ...audited(row!), ...names },
    scope: { idEmpresa: at.idEmpresa, idUnidade: at.idUnidade },
  });
  return row!;
}

/** A second typed cost of one campaign's month (the unique index) answers COST_MESSAGES.duplicate. */
async function typedCostUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', COST_MESSAGES.duplicate);
    throw error;
  }
}

/**
 * PUT cadastros/campanha_custo: the typed cost, the campaign's name, and the audience and platform when
 * sent. A month that only Meta's spend fills (no typed cost: the unit and month are sent instead of the
 * id, or the id of a Meta row) gets a typed cost of its own; Meta's rows are never changed, so a later
 * sync still writes its spend while the typed cost is the one counted (issue 23 §6).
 */
export async function updateCost(db: DbOrTx, actor: Actor, input: CostUpdate): Promise<CostDb> {
  let target: { idUnidade: number; idCampanha: number; mes: string };
  if (input.id !== undefined) {
    const [before] = await db.select().from(anunciosCustos).where(eq(anunciosCustos.id, input.id));
    if (!before || before.idEmpresa !== actor.empresaId) throw new DomainError('not_found', COST_MESSAGES.notFound);
    await unitInCostScope(db, actor, before.idUnidade);
    if (before.origem === 'manual' && before.idAd === null) return updateTyped(db, actor, before, input);
    target = { idUnidade: before.idUnidade, idCampanha: before.idCampanha, mes: before.periodoInicio.slice(0, 7) };
  } else {
    // The schema asks for the unit, the month and campaign_id when there is no id.
    const unit = await unitInCostScope(db, actor, input.idUnidade!);
    const [campaign] = await db
      .select({ id: anunciosCampanhas.id })
      .from(anunciosCampanhas)
      .where(and(eq(anunciosCampanhas.idUnidade, unit.id), eq(anunciosCampanhas.campaignId, input.campaign_id!)));
    if (!campaign) throw new DomainError('not_found', COST_MESSAGES.notFound);
    target = { idUnidade: unit.id, idCampanha: campaign.id, mes: input.mes! };
  }
  const { inicio, fim } = monthBounds(target.mes);
  const [typed] = await db
    .select()
    .from(anunciosCustos)
    .where(
      and(
        eq(anunciosCustos.idUnidade, target.idUnidade),
        eq(anunciosCustos.idCampanha, target.idCampanha),
        eq(anunciosCustos.origem, 'manual'),
        isNull(anunciosCustos.idAd),
        eq(anunciosCustos.periodoInicio, inicio),
        eq(anunciosCustos.periodoFim, fim),
      ),
    );
  if (typed) return updateTyped(db, actor, typed, input);
  return typeMonth(db, actor, { ...target, inicio, fim }, input);
}

async function checkCampaignId(db: DbOrTx, idCampanha: number, input: CostUpdate) {
  const names = await catalogueNames(db, { campaigns: [idCampanha], adSets: [], ads: [] });
  const campaign = names.campaigns.get(idCampanha);
  if (input.campaign_id !== undefined && campaign && input.campaign_id !== campaign.id)
    throw new DomainError('invalid', COST_MESSAGES.campaignMismatch);
  if (input.idTipoLead !== undefined) await platformName(db, input.idTipoLead);
  return campaign;
}

/** A typed month cost changed. */
async function updateTyped(db: DbOrTx, actor: Actor, before: CostDb, input: CostUpdate): Promise<CostDb> {
  const campaign = await checkCampaignId(db, before.idCampanha, input);
  return db.transaction(async (tx) => {
    await renameCampaign(tx, before.idCampanha, input.campaign_name);
    const [row] = await tx
      .update(anunciosCustos)
      .set({
        custo: input.custo.toFixed(2),
        ...(input.publico !== undefined ? { publico: input.publico } : {}),
        ...(input.idTipoLead !== undefined ? { idTipoLead: input.idTipoLead } : {}),
        dataAtualizacao: new Date(),
      })
      .where(eq(anunciosCustos.id, before.id))
      .returning();
    await recordAudit(tx, {
      session: actor,
      entity: 'custo_campanha',
      entityId: before.id,
      action: 'update',
      before: { ...audited(before), campaign_name: campaign?.name ?? '' },
      after: { ...audited(row!), campaign_name: input.campaign_name },
      scope: { idEmpresa: before.idEmpresa, idUnidade: before.idUnidade },
    });
    return row!;
  });
}

/** A month typed over Meta's spend: a new typed cost beside Meta's rows. */
async function typeMonth(
  db: DbOrTx,
  actor: Actor,
  target: { idUnidade: number; idCampanha: number; inicio: string; fim: string },
  input: CostUpdate,
): Promise<CostDb> {
  const campaign = await checkCampaignId(db, target.idCampanha, input);
  return typedCostUnique(() =>
    db.transaction(async (tx) => {
      await renameCampaign(tx, target.idCampanha, input.campaign_name);
      return insertTypedCost(
        tx,
        actor,
        { idEmpresa: actor.empresaId, ...target },
        { publico: input.publico ?? null, idTipoLead: input.idTipoLead ?? null, custo: input.custo },
        { campaign_id: campaign?.id ?? '', campaign_name: input.campaign_name },
      );
    }),
  );
}

/**
 * What the units spent on a campaign (or one ad) in a period of days 'YYYY-MM-DD' (both inclusive),
 * every cost prorated by the days it shares with the period; null when no cost touches the period
 * (the dashboards show '—', not zero; issue 23 §6). A typed campaign cost and a synced ad spend of
 * the same days are not added twice: where a unit's campaign has a manual campaign-level cost for a
 * day, that cost counts and the synced spend does not.
 */
export async function costForPeriod(
  db: DbOrTx,
  query: { idUnidades: readonly number[]; idCampanha?: number; idAd?: number; inicio: string; fim: string },
): Promise<number | null> {
  if (query.idUnidades.length === 0) return null;
  const rows = await db
    .select()
    .from(anunciosCustos)
    .where(
      and(
        inArray(anunciosCustos.idUnidade, [...query.idUnidades]),
        lte(anunciosCustos.periodoInicio, query.fim),
        gte(anunciosCustos.periodoFim, query.inicio),
        query.idCampanha !== undefined ? eq(anunciosCustos.idCampanha, query.idCampanha) : undefined,
        query.idAd !== undefined ? eq(anunciosCustos.idAd, query.idAd) : undefined,
      ),
    );
  if (rows.length === 0) return null;
  const counted = countedCosts(rows);
  const total = counted.reduce(
    (sum, r) => sum + proratedCost({ custo: money(r.custo), inicio: r.periodoInicio, fim: r.periodoFim }, query),
    0,
  );
  return Math.round(total * 100) / 100;
}

/** The costs of a period per campaign key (the dashboards' campaign tables), each as `costForPeriod` counts it. */
export async function costsByCampaign(
  db: DbOrTx,
  query: { idUnidades: readonly number[]; inicio: string; fim: string },
): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (query.idUnidades.length === 0) return result;
  const campaigns = await db
    .selectDistinct({ id: anunciosCustos.idCampanha })
    .from(anunciosCustos)
    .where(
      and(
        inArray(anunciosCustos.idUnidade, [...query.idUnidades]),
        lte(anunciosCustos.periodoInicio, query.fim),
        gte(anunciosCustos.periodoFim, query.inicio),
      ),
    );
  for (const { id } of campaigns) {
    const cost = await costForPeriod(db, { ...query, idCampanha: id });
    if (cost !== null) result.set(id, cost);
  }
  return result;
}
