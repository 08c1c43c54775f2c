// 'Sincronizar com o Meta' (issue 23 §5 §6): the ads module's door for the Meta sync (modules/meta).
// The catalogue is upserted by Meta id, per unit: a new campaign, ad set or ad comes in marked
// 'meta'; one already there keeps what was typed by hand (a 'manual' row is never renamed, and
// nothing is ever deleted; the user's 'Ativo'/'Visível' choices are the user's). The daily spend per
// ad goes into `anuncios_custos` as 'meta' rows of one day each; a typed (manual) cost is never
// touched, and `costForPeriod` counts the typed one where both cover a day.
import { and, eq, gte, isNull, lte } from 'drizzle-orm';

import type { DbOrTx } from '../../db/handle.ts';
import { anunciosAds, anunciosCampanhas, anunciosConjuntos, anunciosCustos } from './ads.table.ts';

export type MetaCatalogueCampaign = { campaignId: string; name: string; active: boolean; idUnidade: number };
export type MetaCatalogueAdSet = { adsetId: string; campaignId: string; name: string; active: boolean };
export type MetaCatalogueAd = { adId: string; adsetId: string; name: string; active: boolean };

export type MetaCatalogueResult = {
  campaigns: number;
  adSets: number;
  ads: number;
  /** Rows typed by hand that the sync found and left as they were. */
  keptManual: number;
  /** Keys of the unit's catalogue by Meta id, for the costs: campaign → {id, idUnidade}, ad set → id, ad → id. */
  keys: {
    campaigns: Map<string, { id: number; idUnidade: number }>;
    adSets: Map<string, number>;
    ads: Map<string, number>;
  };
};

const cut = (text: string) => text.trim().slice(0, 200) || '(sem nome)';

/** Upserts a company's Meta catalogue (campaigns into their unit, ad sets under them, ads under those). */
export async function upsertMetaCatalogue(
  db: DbOrTx,
  input: { idEmpresa: number; campaigns: MetaCatalogueCampaign[]; adSets: MetaCatalogueAdSet[]; ads: MetaCatalogueAd[] },
): Promise<MetaCatalogueResult> {
  const result: MetaCatalogueResult = {
    campaigns: 0,
    adSets: 0,
    ads: 0,
    keptManual: 0,
    keys: { campaigns: new Map(), adSets: new Map(), ads: new Map() },
  };
  const now = new Date();
  for (const c of input.campaigns) {
    const [found] = await db
      .select()
      .from(anunciosCampanhas)
      .where(and(eq(anunciosCampanhas.idUnidade, c.idUnidade), eq(anunciosCampanhas.campaignId, c.campaignId)));
    let id: number;
    if (!found) {
      const [row] = await db
        .insert(anunciosCampanhas)
        .values({
          idEmpresa: input.idEmpresa,
          idUnidade: c.idUnidade,
          campaignId: c.campaignId,
          campaignName: cut(c.name),
          ativo: c.active ? 1 : 0,
          origem: 'meta',
        })
        .onConflictDoNothing()
        .returning();
      id = row?.id ?? (await campaignKey(db, c.idUnidade, c.campaignId));
      result.campaigns += 1;
    } else {
      id = found.id;
      if (found.origem === 'manual') result.keptManual += 1;
      else if (found.campaignName !== cut(c.name)) {
        await db
          .update(anunciosCampanhas)
          .set({ campaignName: cut(c.name), dataAtualizacao: now })
          .where(eq(anunciosCampanhas.id, id));
        result.campaigns += 1;
      }
    }
    result.keys.campaigns.set(c.campaignId, { id, idUnidade: c.idUnidade });
  }
  for (const s of input.adSets) {
    const parent = result.keys.campaigns.get(s.campaignId);
    if (!parent) continue;
    const [found] = await db
      .select()
      .from(anunciosConjuntos)
      .where(and(eq(anunciosConjuntos.idCampanha, parent.id), eq(anunciosConjuntos.adsetId, s.adsetId)));
    let id: number;
    if (!found) {
      const [row] = await db
        .insert(anunciosConjuntos)
        .values({ idCampanha: parent.id, adsetId: s.adsetId, adsetName: cut(s.name), ativo: s.active ? 1 : 0, origem: 'meta' })
        .onConflictDoNothing()
        .returning();
      id =
        row?.id ??
        (
          await db
            .select({ id: anunciosConjuntos.id })
            .from(anunciosConjuntos)
            .where(and(eq(anunciosConjuntos.idCampanha, parent.id), eq(anunciosConjuntos.adsetId, s.adsetId)))
        )[0]!.id;
      result.adSets += 1;
    } else {
      id = found.id;
      if (found.origem === 'manual') result.keptManual += 1;
      else if (found.adsetName !== cut(s.name)) {
        await db
          .update(anunciosConjuntos)
          .set({ adsetName: cut(s.name), dataAtualizacao: now })
          .where(eq(anunciosConjuntos.id, id));
        result.adSets += 1;
      }
    }
    result.keys.adSets.set(s.adsetId, id);
  }
  for (const a of input.ads) {
    const parent = result.keys.adSets.get(a.adsetId);
    if (parent === undefined) continue;
    const [found] = await db
      .select()
      .from(anunciosAds)
      .where(and(eq(anunciosAds.idConjunto, parent), eq(anunciosAds.adId, a.adId)));
    let id: number;
    if (!found) {
      const [row] = await db
        .insert(anunciosAds)
        .values({ idConjunto: parent, adId: a.adId, adName: cut(a.name), ativo: a.active ? 1 : 0, origem: 'meta' })
        .onConflictDoNothing()
        .returning();
      id =
        row?.id ??
        (
          await db
            .select({ id: anunciosAds.id })
            .from(anunciosAds)
            .where(and(eq(anunciosAds.idConjunto, parent), eq(anunciosAds.adId, a.adId)))
        )[0]!.id;
      result.ads += 1;
    } else {
      id = found.id;
      if (found.origem === 'manual') result.keptManual += 1;
      else if (found.adName !== cut(a.name)) {
        await db
          .update(anunciosAds)
          .set({ adName: cut(a.name), dataAtualizacao: now })
          .where(eq(anunciosAds.id, id));
        result.ads += 1;
      }
    }
    result.keys.ads.set(a.adId, id);
  }
  return result;
}

async function campaignKey(db: DbOrTx, idUnidade: number, campaignId: string): Promise<number> {
  const [row] = await db
    .select({ id: anunciosCampanhas.id })
    .from(anunciosCampanhas)
    .where(and(eq(anunciosCampanhas.idUnidade, idUnidade), eq(anunciosCampanhas.campaignId, campaignId)));
  return row!.id;
}

/** The Meta campaigns a company's catalogue already holds, by Meta id → unit (a sync keeps a campaign in its unit). */
export async function metaCampaignUnits(db: DbOrTx, idEmpresa: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ campaignId: anunciosCampanhas.campaignId, idUnidade: anunciosCampanhas.idUnidade })
    .from(anunciosCampanhas)
    .where(eq(anunciosCampanhas.idEmpresa, idEmpresa))
    .orderBy(anunciosCampanhas.id);
  const out = new Map<string, number>();
  for (const r of rows) if (!out.has(r.campaignId)) out.set(r.campaignId, r.idUnidade);
  return out;
}

export type MetaDailyCost = {
  idUnidade: number;
  idCampanha: number;
  idConjunto: number | null;
  idAd: number | null;
  /** 'YYYY-MM-DD' */
  day: string;
  /** BRL, as Meta's `spend` string read. */
  custo: number;
};

/**
 * Writes a day's spend per ad as 'meta' costs (one row per unit, campaign, ad and day; a second sync
 * of the same day replaces its own row's value). A typed cost is never changed; `coveredByManual`
 * counts the synced days a typed campaign cost already covers (that cost is the one the dashboards count).
 */
export async function upsertMetaDailyCosts(
  db: DbOrTx,
  input: { idEmpresa: number; rows: MetaDailyCost[] },
): Promise<{ written: number; coveredByManual: number }> {
  let written = 0;
  let coveredByManual = 0;
  const now = new Date();
  for (const r of input.rows) {
    const custo = (Math.round(r.custo * 100) / 100).toFixed(2);
    const same = await db
      .select({ id: anunciosCustos.id, custo: anunciosCustos.custo, origem: anunciosCustos.origem })
      .from(anunciosCustos)
      .where(
        and(
          eq(anunciosCustos.idUnidade, r.idUnidade),
          eq(anunciosCustos.idCampanha, r.idCampanha),
          r.idAd === null ? isNull(anunciosCustos.idAd) : eq(anunciosCustos.idAd, r.idAd),
          eq(anunciosCustos.periodoInicio, r.day),
          eq(anunciosCustos.periodoFim, r.day),
        ),
      );
    // A synced day someone typed over (before issue 23 §6 a PUT made it 'manual') stays theirs.
    if (same.some((row) => row.origem === 'manual')) {
      coveredByManual += 1;
      continue;
    }
    const existing = same[0];
    if (existing) {
      if (existing.custo !== custo)
        await db.update(anunciosCustos).set({ custo, dataAtualizacao: now }).where(eq(anunciosCustos.id, existing.id));
    } else {
      await db.insert(anunciosCustos).values({
        idEmpresa: input.idEmpresa,
        idUnidade: r.idUnidade,
        idCampanha: r.idCampanha,
        idConjunto: r.idConjunto,
        idAd: r.idAd,
        custo,
        periodoInicio: r.day,
        periodoFim: r.day,
        origem: 'meta',
      });
    }
    written += 1;
    const [manual] = await db
      .select({ id: anunciosCustos.id })
      .from(anunciosCustos)
      .where(
        and(
          eq(anunciosCustos.idUnidade, r.idUnidade),
          eq(anunciosCustos.idCampanha, r.idCampanha),
          eq(anunciosCustos.origem, 'manual'),
          isNull(anunciosCustos.idAd),
          lte(anunciosCustos.periodoInicio, r.day),
          gte(anunciosCustos.periodoFim, r.day),
        ),
      )
      .limit(1);
    if (manual) coveredByManual += 1;
  }
  return { written, coveredByManual };
}
