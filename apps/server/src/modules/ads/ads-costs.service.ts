// Campaign costs, 'Gerenciar Campanhas' (002 §2.10, §3 'Campaign cost (admin)', §5, §7 'Admin'; issue 23 §6):
// GET cadastros/campanha, POST cadastros/campanha, PUT cadastros/campanha_custo. 000 §6: the unit admin (a)
// and the manager (m) their unit, the company admin (ag) and the multi-unit manager (mg) their company's
// units. A cost covers a period (a month when typed) and is marked 'manual': a Meta sync never changes it.
// `costForPeriod` is what the dashboards read: a cost prorated to any period, null when none ('—').
import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';

import {
  COST_MESSAGES,
  monthBounds,
  proratedCost,
  type CostCreate,
  type CostRow,
  type CostUpdate,
} from '@funil/domain/ads/costs';

import type { DbOrTx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { referenceLists } from '../catalog/catalog.service.ts';
import type { Actor } from '../tenancy/admin-scope.service.ts';
import { unitById, unitNamesOfCompany } from '../tenancy/tenancy.service.ts';
import { catalogueNames, ensureCampaign, renameCampaign } from './ads.service.ts';
import { anunciosCustos } from './ads.table.ts';

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

export async function listCosts(db: DbOrTx, actor: Actor): Promise<CostRow[]> {
  const units = await unitsOf(db, actor);
  if (units.size === 0) return [];
  const rows = await db
    .select()
    .from(anunciosCustos)
    .where(and(eq(anunciosCustos.idEmpresa, actor.empresaId), inArray(anunciosCustos.idUnidade, [...units.keys()])))
    .orderBy(desc(anunciosCustos.periodoInicio), asc(anunciosCustos.id))
    .limit(5000);
  const [names, refs] = await Promise.all([
    catalogueNames(db, {
      campaigns: [...new Set(rows.map((r) => r.idCampanha))],
      adSets: [...new Set(rows.flatMap((r) => (r.idConjunto === null ? [] : [r.idConjunto])))],
      ads: [...new Set(rows.flatMap((r) => (r.idAd === null ? [] : [r.idAd])))],
    }),
    referenceLists(db),
  ]);
  const platforms = new Map(refs.plataforma.map((p) => [p.id, p.nome]));
  return rows.map((r) => {
    const campaign = names.campaigns.get(r.idCampanha);
    const adSet = r.idConjunto === null ? undefined : names.adSets.get(r.idConjunto);
    const ad = r.idAd === null ? undefined : names.ads.get(r.idAd);
    return {
      id: r.id,
      idUnidade: r.idUnidade,
      unidade: units.get(r.idUnidade) ?? '',
      idCampanha: r.idCampanha,
      campaign_id: campaign?.id ?? '',
      campaign_name: campaign?.name ?? '',
      adset_id: adSet?.id ?? null,
      adset_name: adSet?.name ?? null,
      ad_id: ad?.id ?? null,
      ad_name: ad?.name ?? null,
      custo: money(r.custo),
      publico: r.publico,
      idTipoLead: r.idTipoLead,
      tipoLead: r.idTipoLead === null ? '' : (platforms.get(r.idTipoLead) ?? ''),
      mes: r.periodoInicio.slice(0, 7),
      periodo_inicio: r.periodoInicio,
      periodo_fim: r.periodoFim,
      origem: r.origem === 'meta' ? 'meta' : 'manual',
      dataCadastro: r.datacad.toISOString(),
      dataAtualizacao: r.dataAtualizacao.toISOString(),
    };
  });
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
  try {
    return await db.transaction(async (tx) => {
      const campaign = await ensureCampaign(tx, { idEmpresa: unit.idEmpresa, idUnidade: unit.id }, input.campaign_id, input.nome);
      const [row] = await tx
        .insert(anunciosCustos)
        .values({
          idEmpresa: unit.idEmpresa,
          idUnidade: unit.id,
          idCampanha: campaign.id,
          publico: input.publico,
          idTipoLead: input.idTipoLead,
          custo: input.custo.toFixed(2),
          periodoInicio: inicio,
          periodoFim: fim,
          origem: 'manual',
        })
        .returning();
      await recordAudit(tx, {
        session: actor,
        entity: 'custo_campanha',
        entityId: row!.id,
        action: 'create',
        after: { ...audited(row!), campaign_id: campaign.campaignId, campaign_name: campaign.campaignName },
        scope: { idEmpresa: unit.idEmpresa, idUnidade: unit.id },
      });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', COST_MESSAGES.duplicate);
    throw error;
  }
}

/** PUT cadastros/campanha_custo: the cost, the campaign's name, and the audience and platform when sent. */
export async function updateCost(db: DbOrTx, actor: Actor, input: CostUpdate): Promise<CostDb> {
  const [before] = await db.select().from(anunciosCustos).where(eq(anunciosCustos.id, input.id));
  if (!before || before.idEmpresa !== actor.empresaId) throw new DomainError('not_found', COST_MESSAGES.notFound);
  await unitInCostScope(db, actor, before.idUnidade);
  const names = await catalogueNames(db, { campaigns: [before.idCampanha], adSets: [], ads: [] });
  const campaign = names.campaigns.get(before.idCampanha);
  if (input.campaign_id !== undefined && campaign && input.campaign_id !== campaign.id)
    throw new DomainError('invalid', COST_MESSAGES.campaignMismatch);
  if (input.idTipoLead !== undefined) await platformName(db, input.idTipoLead);
  return db.transaction(async (tx) => {
    await renameCampaign(tx, before.idCampanha, input.campaign_name);
    const [row] = await tx
      .update(anunciosCustos)
      .set({
        custo: input.custo.toFixed(2),
        // A cost typed over a synced one becomes the user's: a later sync leaves it alone (issue 23 §6).
        origem: 'manual',
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
  const manual = rows.filter((r) => r.origem === 'manual' && r.idAd === null);
  const covered = (r: CostDb) =>
    manual.some(
      (m) =>
        m.idUnidade === r.idUnidade &&
        m.idCampanha === r.idCampanha &&
        m.periodoInicio <= r.periodoInicio &&
        m.periodoFim >= r.periodoFim,
    );
  const counted = rows.filter((r) => r.origem === 'manual' || !covered(r));
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
