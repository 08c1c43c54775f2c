// Over 500 lines: the four catalogue levels share one set of scope, audit and CSV rules; split by level they would repeat them.
// The ads catalogue of a unit (002 §2.6, §3, §4, §5, §7 'Extras and catalogue', §8; issue 23 §5): campaigns,
// ad sets, ads and their tags. The catalogue is the session's unit's (docs/decisions.md "Issue 23: the ads
// catalogue is a unit's"): an id of another unit or company answers 404, like a missing one. Every write
// is audited in its transaction. The capture helper and the dashboards read it through `findAd`.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';

import type { AdsCsvResult, AdsCsvRow } from '@funil/domain/ads/ads-csv';
import {
  CATALOGUE_MESSAGES,
  type AdCreate,
  type AdRow,
  type AdSetCreate,
  type AdSetRow,
  type AdTagRow,
  type AdTagsCreate,
  type CampaignCreate,
  type CampaignRow,
  type LevelUpdate,
} from '@funil/domain/ads/catalogue';
import { foldAccents } from '@funil/domain/format/fold';

import type { DbOrTx } from '../../db/handle.ts';
import { builtOnce } from '../../db/prebuilt.ts';
import { DomainError } from '../../http/domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findOrCreateTagsByName, unitTagList, unitTagsByIds } from '../tags/tags.service.ts';
import type { Actor } from '../tenancy/admin-scope.service.ts';
import { anunciosAds, anunciosAdsTags, anunciosCampanhas, anunciosConjuntos } from './ads.table.ts';

type CampaignDb = typeof anunciosCampanhas.$inferSelect;
type AdSetDb = typeof anunciosConjuntos.$inferSelect;
type AdDb = typeof anunciosAds.$inferSelect;
type LinkDb = typeof anunciosAdsTags.$inferSelect;

const flag = (n: number): 0 | 1 => (n === 1 ? 1 : 0);
const stamps = (r: { id: number; datacad: Date; dataAtualizacao: Date; ativo: number }) => ({
  id: r.id,
  dataCad: r.datacad.toISOString(),
  dataAtualizacao: r.dataAtualizacao.toISOString(),
  ativo: flag(r.ativo),
});
const campaignBody = (r: CampaignDb): CampaignRow => ({
  ...stamps(r),
  oculto: flag(r.oculto),
  campaign_id: r.campaignId,
  campaign_name: r.campaignName,
});
const adSetBody = (r: AdSetDb): AdSetRow => ({
  ...stamps(r),
  oculto: flag(r.oculto),
  adset_id: r.adsetId,
  adset_name: r.adsetName,
  idCampanha: r.idCampanha,
});
const adBody = (r: AdDb): AdRow => ({
  ...stamps(r),
  oculto: flag(r.oculto),
  ad_id: r.adId,
  ad_name: r.adName,
  idAdSet: r.idConjunto,
});

const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === '23505';
};
const scopeOf = (actor: Actor) => ({ idEmpresa: actor.empresaId, idUnidade: actor.unidadeId });

// ---- ownership: a row is the actor's when its campaign is of the actor's unit ----

async function campaignOf(db: DbOrTx, actor: Actor, id: number): Promise<CampaignDb> {
  const [row] = await db
    .select()
    .from(anunciosCampanhas)
    .where(and(eq(anunciosCampanhas.id, id), eq(anunciosCampanhas.idUnidade, actor.unidadeId)));
  if (!row) throw new DomainError('not_found', CATALOGUE_MESSAGES.campaignNotFound);
  return row;
}

async function adSetOf(db: DbOrTx, actor: Actor, id: number): Promise<AdSetDb> {
  const [row] = await db
    .select({ s: anunciosConjuntos })
    .from(anunciosConjuntos)
    .innerJoin(anunciosCampanhas, eq(anunciosCampanhas.id, anunciosConjuntos.idCampanha))
    .where(and(eq(anunciosConjuntos.id, id), eq(anunciosCampanhas.idUnidade, actor.unidadeId)));
  if (!row) throw new DomainError('not_found', CATALOGUE_MESSAGES.adSetNotFound);
  return row.s;
}

async function adOf(db: DbOrTx, actor: Actor, id: number): Promise<AdDb> {
  const [row] = await db
    .select({ a: anunciosAds })
    .from(anunciosAds)
    .innerJoin(anunciosConjuntos, eq(anunciosConjuntos.id, anunciosAds.idConjunto))
    .innerJoin(anunciosCampanhas, eq(anunciosCampanhas.id, anunciosConjuntos.idCampanha))
    .where(and(eq(anunciosAds.id, id), eq(anunciosCampanhas.idUnidade, actor.unidadeId)));
  if (!row) throw new DomainError('not_found', CATALOGUE_MESSAGES.adNotFound);
  return row.a;
}

async function linkOf(db: DbOrTx, actor: Actor, id: number): Promise<LinkDb> {
  const [row] = await db
    .select({ l: anunciosAdsTags })
    .from(anunciosAdsTags)
    .innerJoin(anunciosAds, eq(anunciosAds.id, anunciosAdsTags.idAd))
    .innerJoin(anunciosConjuntos, eq(anunciosConjuntos.id, anunciosAds.idConjunto))
    .innerJoin(anunciosCampanhas, eq(anunciosCampanhas.id, anunciosConjuntos.idCampanha))
    .where(and(eq(anunciosAdsTags.id, id), eq(anunciosCampanhas.idUnidade, actor.unidadeId)));
  if (!row) throw new DomainError('not_found', CATALOGUE_MESSAGES.linkNotFound);
  return row.l;
}

// ---- reads (002 §7 GET anuncios/…) ----

export async function listCampaigns(db: DbOrTx, actor: Actor): Promise<CampaignRow[]> {
  const rows = await db
    .select()
    .from(anunciosCampanhas)
    .where(eq(anunciosCampanhas.idUnidade, actor.unidadeId))
    .orderBy(asc(anunciosCampanhas.campaignName), asc(anunciosCampanhas.id));
  return rows.map(campaignBody);
}

export async function listAdSets(db: DbOrTx, actor: Actor, idCampanha: number): Promise<AdSetRow[]> {
  const campaign = await campaignOf(db, actor, idCampanha);
  const rows = await db
    .select()
    .from(anunciosConjuntos)
    .where(eq(anunciosConjuntos.idCampanha, campaign.id))
    .orderBy(asc(anunciosConjuntos.adsetName), asc(anunciosConjuntos.id));
  return rows.map(adSetBody);
}

export async function listAds(db: DbOrTx, actor: Actor, idAdSet: number): Promise<AdRow[]> {
  const adSet = await adSetOf(db, actor, idAdSet);
  const rows = await db
    .select()
    .from(anunciosAds)
    .where(eq(anunciosAds.idConjunto, adSet.id))
    .orderBy(asc(anunciosAds.adName), asc(anunciosAds.id));
  return rows.map(adBody);
}

export async function listAdTags(db: DbOrTx, actor: Actor, idAd: number): Promise<AdTagRow[]> {
  const ad = await adOf(db, actor, idAd);
  const [rows, unitTags] = await Promise.all([
    db.select().from(anunciosAdsTags).where(eq(anunciosAdsTags.idAd, ad.id)).orderBy(asc(anunciosAdsTags.id)),
    unitTagList(db, actor.unidadeId),
  ]);
  const byId = new Map(unitTags.map((t) => [t.id, t]));
  return rows.map((r) => {
    const tag = r.idTag === null ? undefined : byId.get(r.idTag);
    return {
      ...stamps(r),
      idTag: r.idTag ?? 0,
      idAd: r.idAd,
      // 002 §2.6: a tag that no longer exists shows as 'Tag desconhecida'.
      tag: tag ? { id: tag.id, nome: tag.nome, cor: tag.cor } : null,
    };
  });
}

// ---- writes ----

export async function createCampaign(db: DbOrTx, actor: Actor, input: CampaignCreate): Promise<CampaignRow> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(anunciosCampanhas)
        .values({
          idEmpresa: actor.empresaId,
          idUnidade: actor.unidadeId,
          campaignId: input.campaign_id,
          campaignName: input.campaign_name,
        })
        .returning();
      await recordAudit(tx, {
        session: actor,
        entity: 'campanha_anuncio',
        entityId: row!.id,
        action: 'create',
        after: { campaign_id: row!.campaignId, campaign_name: row!.campaignName },
        scope: scopeOf(actor),
      });
      return campaignBody(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', CATALOGUE_MESSAGES.campaignIdTaken);
    throw error;
  }
}

export async function createAdSet(db: DbOrTx, actor: Actor, input: AdSetCreate): Promise<AdSetRow> {
  const campaign = await campaignOf(db, actor, input.idCampanha);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(anunciosConjuntos)
        .values({ idCampanha: campaign.id, adsetId: input.adset_id, adsetName: input.adset_name })
        .returning();
      await recordAudit(tx, {
        session: actor,
        entity: 'conjunto_anuncios',
        entityId: row!.id,
        action: 'create',
        after: { idCampanha: campaign.id, adset_id: row!.adsetId, adset_name: row!.adsetName },
        scope: scopeOf(actor),
      });
      return adSetBody(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', CATALOGUE_MESSAGES.adSetIdTaken);
    throw error;
  }
}

export async function createAd(db: DbOrTx, actor: Actor, input: AdCreate): Promise<AdRow> {
  const adSet = await adSetOf(db, actor, input.idAdSet);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(anunciosAds)
        .values({ idConjunto: adSet.id, adId: input.ad_id, adName: input.ad_name })
        .returning();
      await recordAudit(tx, {
        session: actor,
        entity: 'anuncio',
        entityId: row!.id,
        action: 'create',
        after: { idAdSet: adSet.id, ad_id: row!.adId, ad_name: row!.adName },
        scope: scopeOf(actor),
      });
      return adBody(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', CATALOGUE_MESSAGES.adIdTaken);
    throw error;
  }
}

/** PUT anuncios/campanhas/{id}: a new name (the id is locked, 002 §5) or {ativo} (002 §4). */
export async function updateCampaign(db: DbOrTx, actor: Actor, id: number, input: LevelUpdate): Promise<CampaignRow> {
  const before = await campaignOf(db, actor, id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(anunciosCampanhas)
      .set({ campaignName: input.name ?? before.campaignName, ativo: input.ativo ?? before.ativo, dataAtualizacao: new Date() })
      .where(eq(anunciosCampanhas.id, before.id))
      .returning();
    await recordAudit(tx, {
      session: actor,
      entity: 'campanha_anuncio',
      entityId: before.id,
      action: 'update',
      before: { campaign_name: before.campaignName, ativo: before.ativo },
      after: { campaign_name: row!.campaignName, ativo: row!.ativo },
      scope: scopeOf(actor),
    });
    return campaignBody(row!);
  });
}

export async function updateAdSet(db: DbOrTx, actor: Actor, id: number, input: LevelUpdate): Promise<AdSetRow> {
  const before = await adSetOf(db, actor, id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(anunciosConjuntos)
      .set({ adsetName: input.name ?? before.adsetName, ativo: input.ativo ?? before.ativo, dataAtualizacao: new Date() })
      .where(eq(anunciosConjuntos.id, before.id))
      .returning();
    await recordAudit(tx, {
      session: actor,
      entity: 'conjunto_anuncios',
      entityId: before.id,
      action: 'update',
      before: { adset_name: before.adsetName, ativo: before.ativo },
      after: { adset_name: row!.adsetName, ativo: row!.ativo },
      scope: scopeOf(actor),
    });
    return adSetBody(row!);
  });
}

export async function updateAd(db: DbOrTx, actor: Actor, id: number, input: LevelUpdate): Promise<AdRow> {
  const before = await adOf(db, actor, id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(anunciosAds)
      .set({ adName: input.name ?? before.adName, ativo: input.ativo ?? before.ativo, dataAtualizacao: new Date() })
      .where(eq(anunciosAds.id, before.id))
      .returning();
    await recordAudit(tx, {
      session: actor,
      entity: 'anuncio',
      entityId: before.id,
      action: 'update',
      before: { ad_name: before.adName, ativo: before.ativo },
      after: { ad_name: row!.adName, ativo: row!.ativo },
      scope: scopeOf(actor),
    });
    return adBody(row!);
  });
}

/**
 * POST anuncios/ads-tags (002 §7): links the unit's tags to the ad. A tag of another unit answers 404
 * through the tags module's door; a tag already linked becomes active again.
 */
export async function linkAdTags(db: DbOrTx, actor: Actor, input: AdTagsCreate): Promise<number[]> {
  const ad = await adOf(db, actor, input.idAd);
  const wanted = [...new Set(input.idsTags)];
  const found = await unitTagsByIds(db, actor.unidadeId, wanted);
  if (found.length !== wanted.length) throw new DomainError('not_found', CATALOGUE_MESSAGES.tagNotFound);
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(anunciosAdsTags)
      .values(wanted.map((idTag) => ({ idAd: ad.id, idTag })))
      .onConflictDoUpdate({
        target: [anunciosAdsTags.idAd, anunciosAdsTags.idTag],
        set: { ativo: 1, dataAtualizacao: new Date() },
      })
      .returning({ id: anunciosAdsTags.id });
    await recordAudit(tx, {
      session: actor,
      entity: 'anuncio',
      entityId: ad.id,
      action: 'update',
      after: { tags: wanted },
      scope: scopeOf(actor),
    });
    return rows.map((r) => r.id);
  });
}

/** PUT anuncios/ads-tags/{id} (002 §7): {ativo}. */
export async function updateAdTag(
  db: DbOrTx,
  actor: Actor,
  id: number,
  ativo: 0 | 1,
): Promise<{ id: number; dataAtualizacao: Date }> {
  const before = await linkOf(db, actor, id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(anunciosAdsTags)
      .set({ ativo, dataAtualizacao: new Date() })
      .where(eq(anunciosAdsTags.id, before.id))
      .returning();
    await recordAudit(tx, {
      session: actor,
      entity: 'anuncio',
      entityId: before.idAd,
      action: 'update',
      before: { tag: before.idTag, ativo: before.ativo },
      after: { tag: row!.idTag, ativo: row!.ativo },
      scope: scopeOf(actor),
    });
    return { id: row!.id, dataAtualizacao: row!.dataAtualizacao };
  });
}

/**
 * POST /anuncios/csv (002 §7, §4 'CSV import of ads'): one batch of up to 1000 rows, in one
 * transaction. A campaign, ad set or ad already in the catalogue (same id at its level) takes the
 * row's name; a new one is created active and visible (002 §4); a tag name the unit lacks becomes a
 * tag (as the contacts' CSV does); links are added, never removed. One audit record per batch.
 */
export async function importAdsCsv(db: DbOrTx, actor: Actor, rows: readonly AdsCsvRow[]): Promise<AdsCsvResult> {
  return db.transaction(async (tx) => {
    const now = new Date();
    // One multi-row upsert per level; the keys are made unique first (an upsert may not touch a row twice).
    const campaignRows = new Map(rows.map((r) => [r.campaign_id, r.campaign_name]));
    const campaigns = await tx
      .insert(anunciosCampanhas)
      .values(
        [...campaignRows].map(([campaignId, campaignName]) => ({
          idEmpresa: actor.empresaId,
          idUnidade: actor.unidadeId,
          campaignId,
          campaignName,
        })),
      )
      .onConflictDoUpdate({
        target: [anunciosCampanhas.idUnidade, anunciosCampanhas.campaignId],
        set: { campaignName: sql`excluded.campaign_name`, dataAtualizacao: now },
      })
      .returning({ id: anunciosCampanhas.id, campaignId: anunciosCampanhas.campaignId });
    const campaignKey = new Map(campaigns.map((c) => [c.campaignId, c.id]));
    const setKey = (r: AdsCsvRow) => `${campaignKey.get(r.campaign_id)!}\u0000${r.adset_id}`;
    const setRows = new Map(
      rows.map((r) => [setKey(r), { idCampanha: campaignKey.get(r.campaign_id)!, adsetId: r.adset_id, adsetName: r.adset_name }]),
    );
    const adSets = await tx
      .insert(anunciosConjuntos)
      .values([...setRows.values()])
      .onConflictDoUpdate({
        target: [anunciosConjuntos.idCampanha, anunciosConjuntos.adsetId],
        set: { adsetName: sql`excluded.adset_name`, dataAtualizacao: now },
      })
      .returning({ id: anunciosConjuntos.id, idCampanha: anunciosConjuntos.idCampanha, adsetId: anunciosConjuntos.adsetId });
    const setIdOf = new Map(adSets.map((s) => [`${s.idCampanha}\u0000${s.adsetId}`, s.id]));
    const adKey = (r: AdsCsvRow) => `${setIdOf.get(setKey(r))!}\u0000${r.ad_id}`;
    const adRows = new Map(
      rows.map((r) => [adKey(r), { idConjunto: setIdOf.get(setKey(r))!, adId: r.ad_id, adName: r.ad_name }]),
    );
    const ads = await tx
      .insert(anunciosAds)
      .values([...adRows.values()])
      .onConflictDoUpdate({
        target: [anunciosAds.idConjunto, anunciosAds.adId],
        set: { adName: sql`excluded.ad_name`, dataAtualizacao: now },
      })
      .returning({ id: anunciosAds.id, idConjunto: anunciosAds.idConjunto, adId: anunciosAds.adId });
    const adIdOf = new Map(ads.map((a) => [`${a.idConjunto}\u0000${a.adId}`, a.id]));
    const { tags } = await findOrCreateTagsByName(
      tx,
      actor.unidadeId,
      rows.flatMap((r) => r.tags),
    );
    const tagByName = new Map(tags.map((t) => [t.nome.toLowerCase(), t.id]));
    const links = new Map<string, { idAd: number; idTag: number }>();
    for (const r of rows) {
      const idAd = adIdOf.get(adKey(r))!;
      for (const name of r.tags) {
        const idTag = tagByName.get(name.toLowerCase());
        if (idTag !== undefined) links.set(`${idAd}\u0000${idTag}`, { idAd, idTag });
      }
    }
    if (links.size > 0) {
      await tx
        .insert(anunciosAdsTags)
        .values([...links.values()])
        .onConflictDoNothing({ target: [anunciosAdsTags.idAd, anunciosAdsTags.idTag] });
    }
    const counts = { campanhas: campaigns.length, conjuntos: adSets.length, anuncios: ads.length, tags: links.size };
    await recordAudit(tx, {
      session: actor,
      entity: 'anuncios_csv',
      entityId: rows.length,
      action: 'create',
      after: counts,
      scope: scopeOf(actor),
    });
    return counts;
  });
}

// ---- for other modules: the capture helper, the dashboards, the costs ----

export type CatalogueAd = {
  idAd: number;
  ad_id: string;
  ad_name: string;
  idAdSet: number;
  adset_id: string;
  adset_name: string;
  idCampanha: number;
  campaign_id: string;
  campaign_name: string;
  idUnidade: number;
  /** The ad's active tag ids (the capture gives them to the lead, issue 23 §4). */
  tagIds: number[];
};

/** One statement built once per way of finding an ad: its fields, its campaign's and ad set's, and its active tags. */
const adLookup = (match: SQL) =>
  builtOnce<{ idEmpresa: number; idUnidade: number; value: string }, CatalogueAd[]>((db) =>
    db
      .select({
        idAd: anunciosAds.id,
        ad_id: anunciosAds.adId,
        ad_name: anunciosAds.adName,
        idAdSet: anunciosConjuntos.id,
        adset_id: anunciosConjuntos.adsetId,
        adset_name: anunciosConjuntos.adsetName,
        idCampanha: anunciosCampanhas.id,
        campaign_id: anunciosCampanhas.campaignId,
        campaign_name: anunciosCampanhas.campaignName,
        idUnidade: anunciosCampanhas.idUnidade,
        tagIds: sql<number[]>`coalesce((select array_agg(${anunciosAdsTags.idTag} order by ${anunciosAdsTags.idTag})
          from ${anunciosAdsTags} where ${anunciosAdsTags.idAd} = ${anunciosAds.id} and ${anunciosAdsTags.ativo} = 1
            and ${anunciosAdsTags.idTag} is not null), '{}')`,
      })
      .from(anunciosAds)
      .innerJoin(anunciosConjuntos, eq(anunciosConjuntos.id, anunciosAds.idConjunto))
      .innerJoin(anunciosCampanhas, eq(anunciosCampanhas.id, anunciosConjuntos.idCampanha))
      .where(and(eq(anunciosCampanhas.idEmpresa, sql.placeholder('idEmpresa')), match))
      .orderBy(sql`(${anunciosCampanhas.idUnidade} = ${sql.placeholder('idUnidade')}) desc`, asc(anunciosAds.id))
      .limit(1),
  );
const adByMetaId = adLookup(sql`${anunciosAds.adId} = ${sql.placeholder('value')}`);
// By text, the database folds the names as foldAccents does (immutable_unaccent, the one fold):
// one row comes back instead of the company's whole catalogue (a capture posting only ad_name).
const adByText = adLookup(sql`btrim(immutable_unaccent(lower(${anunciosAds.adName}))) = ${sql.placeholder('value')}`);

/**
 * An ad of the unit's catalogue by its Meta id (`{ adId }`), or, failing it, its text (`{ text }`:
 * the ad's name, accent- and case-free, the click-to-WhatsApp title of issue 23 §3). The unit's own
 * catalogue first, then the company's other units'. Null when nothing matches. One statement, built
 * once: every capture and Lead Ads lead with an ad asks.
 */
export async function findAd(
  db: DbOrTx,
  scope: { idEmpresa: number; idUnidade: number },
  by: { adId?: string; text?: string },
): Promise<CatalogueAd | null> {
  const adId = by.adId?.trim() ?? '';
  const folded = by.text === undefined ? '' : foldAccents(by.text).toLowerCase().trim();
  if (adId === '' && folded === '') return null;
  const values = { idEmpresa: scope.idEmpresa, idUnidade: scope.idUnidade, value: adId !== '' ? adId : folded };
  const [hit] = await (adId !== '' ? adByMetaId : adByText)(db, values);
  return hit ?? null;
}

/** The unit's campaign of this Meta/typed id, or null (the cost dialog's campaign, issue 23 §6). */
export async function campaignByExternalId(db: DbOrTx, idUnidade: number, campaignId: string): Promise<CampaignDb | null> {
  const [row] = await db
    .select()
    .from(anunciosCampanhas)
    .where(and(eq(anunciosCampanhas.idUnidade, idUnidade), eq(anunciosCampanhas.campaignId, campaignId)));
  return row ?? null;
}

/** Creates the unit's campaign of a cost typed on /campanhas when the catalogue lacks it (002 §4: active, visible). */
export async function ensureCampaign(
  tx: DbOrTx,
  unit: { idEmpresa: number; idUnidade: number },
  campaignId: string,
  campaignName: string,
): Promise<CampaignDb> {
  const [row] = await tx
    .insert(anunciosCampanhas)
    .values({ idEmpresa: unit.idEmpresa, idUnidade: unit.idUnidade, campaignId, campaignName })
    .onConflictDoUpdate({
      target: [anunciosCampanhas.idUnidade, anunciosCampanhas.campaignId],
      set: { campaignName, dataAtualizacao: new Date() },
    })
    .returning();
  return row!;
}

/** Names and external ids of campaigns, ad sets and ads by their keys (the cost list). */
export async function catalogueNames(db: DbOrTx, ids: { campaigns: number[]; adSets: number[]; ads: number[] }) {
  const [c, s, a] = await Promise.all([
    ids.campaigns.length ? db.select().from(anunciosCampanhas).where(inArray(anunciosCampanhas.id, ids.campaigns)) : [],
    ids.adSets.length ? db.select().from(anunciosConjuntos).where(inArray(anunciosConjuntos.id, ids.adSets)) : [],
    ids.ads.length ? db.select().from(anunciosAds).where(inArray(anunciosAds.id, ids.ads)) : [],
  ]);
  return {
    campaigns: new Map(c.map((r) => [r.id, { id: r.campaignId, name: r.campaignName, idUnidade: r.idUnidade }])),
    adSets: new Map(s.map((r) => [r.id, { id: r.adsetId, name: r.adsetName }])),
    ads: new Map(a.map((r) => [r.id, { id: r.adId, name: r.adName }])),
  };
}

/** Renames a campaign from the cost dialog's 'Editar Campanha' (002 §3 update payload campaign_name). */
export async function renameCampaign(tx: DbOrTx, idCampanha: number, campaignName: string): Promise<void> {
  await tx
    .update(anunciosCampanhas)
    .set({ campaignName, dataAtualizacao: new Date() })
    .where(and(eq(anunciosCampanhas.id, idCampanha), sql`${anunciosCampanhas.campaignName} <> ${campaignName}`));
}

/**
 * SQL (for the dashboards, issue 23 §3): the ad id `adIdSql` is an ad of company `companySql`'s
 * catalogue, any unit (as `findAd` looks a capture's ad up). Through anuncios_ads_ad_id_idx.
 */
export const catalogueHasAdSql = (companySql: string, adIdSql: string): string =>
  `exists (select 1 from anuncios_ads a join anuncios_conjuntos s on s.id = a.id_conjunto
    join anuncios_campanhas c on c.id = s.id_campanha where c.id_empresa = ${companySql} and a.ad_id = btrim(${adIdSql}))`;

/**
 * SQL (for the dashboards' cost per campaign, issue 23 §6): the unit's catalogue campaign
 * (anuncios_campanhas.id, the key of its costs) of a lead, by the lead's campaign id, else its ad's
 * campaign, else the campaign's name (accent-sensitive, case-free); null when the catalogue has none.
 */
export const catalogueCampaignOfSql = (
  unitSql: string,
  lead: { campaignIdSql: string; adIdSql: string; campaignNameSql: string },
): string =>
  `coalesce(
    (select c.id from anuncios_campanhas c where c.id_unidade = ${unitSql} and c.campaign_id = btrim(${lead.campaignIdSql})
      order by c.id limit 1),
    (select c.id from anuncios_ads a join anuncios_conjuntos s on s.id = a.id_conjunto join anuncios_campanhas c on c.id = s.id_campanha
      where c.id_unidade = ${unitSql} and a.ad_id = btrim(${lead.adIdSql}) order by c.id limit 1),
    (select c.id from anuncios_campanhas c where c.id_unidade = ${unitSql}
      and lower(btrim(c.campaign_name)) = lower(btrim(${lead.campaignNameSql})) order by c.id limit 1))`;
