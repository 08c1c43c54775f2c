// The demo's Meta (issue 23 §7): without META_APP_ID, `npm start` runs the Meta emulator beside the
// gateway's (start.ts). Here its demo clinic is seeded (three campaigns with ad sets and ads, a page,
// two lead forms, 92 days of insights, read into the /insights store by demo-insights.ts), the demo
// company is connected to that page as the meta module stores a connection (tokens encrypted with the
// server's key; the first unit the default), the emulator's webhook points at Funil's /api/webhooks/meta
// (the handshake runs for real), and a Lead Ads lead arrives every few minutes. The emulator's ids are
// new at every start, so the company's earlier demo connection is replaced. The demo seed writes rows
// directly (modules/README.md).
import { randomBytes } from 'node:crypto';

import { and, asc, eq, inArray } from 'drizzle-orm';

import type { MetaEmulator } from '@funil/meta-emulator/emulator';
import type { DemoWorld } from '@funil/meta-emulator/world';

import type { Db } from '../db/handle.ts';
import { anunciosAds, anunciosAdsTags } from '../modules/ads/ads.table.ts';
import { encryptToken } from '../modules/meta/meta-crypto.ts';
import { dailySpendPeriod, syncCompany } from '../modules/meta/meta-sync.ts';
import { createMetaRuntime, type MetaOptions } from '../modules/meta/meta.service.ts';
import { metaConexoes, metaFormularios, metaPaginas } from '../modules/meta/meta.table.ts';
import { tags } from '../modules/tags/tags.table.ts';
import { unidades } from '../modules/tenancy/tenancy.table.ts';
import { usuarios } from '../modules/users/users.table.ts';
import { seedDemoConversions, seedDemoInsights } from './demo-insights.ts';
import { DEMO_LOGINS } from './demo.ts';

/** The emulator's app: a random numeric id and secret for this run (the server's META_* in the demo). */
export function demoMetaApp(): { appId: string; appSecret: string; verifyToken: string } {
  const appId = `1${Array.from(randomBytes(14), (b) => String(b % 10)).join('')}`;
  return { appId, appSecret: randomBytes(24).toString('hex'), verifyToken: randomBytes(16).toString('hex') };
}

export type DemoMetaResult = { connected: boolean; pageName: string | null; forms: number; world: DemoWorld };

/**
 * Seeds the emulator's clinic and, when the demo company exists, connects it to the clinic's page;
 * then sets the webhook to `funilUrl` and starts the live leads (`intervalMs`, default 3 minutes).
 */
export async function prepareDemoMeta(
  db: Db,
  meta: MetaEmulator,
  input: { options: MetaOptions; verifyToken: string; funilUrl: string; intervalMs?: number },
): Promise<DemoMetaResult> {
  // The emulator's ids start from one base at every run, Meta's never repeat: this run's start from
  // its own range, so a lead of today never takes the leadgen_id of a lead of an earlier demo run
  // (stored, it would be read as a late copy of that lead).
  meta.state.nextId += BigInt(Math.floor(Date.now() / 1000) % 1_000_000) * 100_000_000n;
  // Past leads for "Buscar leads dos últimos 90 dias" to find.
  const world = meta.control.seedDemo({ days: 92, pastLeads: 12 });
  const [admin] = await db
    .select({ idEmpresa: usuarios.idEmpresa, id: usuarios.id })
    .from(usuarios)
    .where(eq(usuarios.email, DEMO_LOGINS.find((l) => l.permissao === 'ag')!.email));
  let connected = false;
  if (admin) {
    const [firstUnit] = await db
      .select({ id: unidades.id })
      .from(unidades)
      .where(and(eq(unidades.idEmpresa, admin.idEmpresa), eq(unidades.ativo, 1)))
      .orderBy(asc(unidades.id))
      .limit(1);
    await connectCompanyToPage(db, meta, world, {
      appId: input.options.appId,
      idEmpresa: admin.idEmpresa,
      idUsuario: admin.id,
      idUnidade: firstUnit?.id ?? null,
      tokenKey: input.options.tokenKey,
    });
    connected = true;
    await syncDemoCatalogue(db, input.options, world, { idEmpresa: admin.idEmpresa, idUnidade: firstUnit?.id ?? null });
    // Issue 24: /insights full on first start (the flag, three months in the store, leads with the ads' ids).
    // The same options as the app's: a runtime of its own (the app's is `app.metaRuntime`; none is process-wide).
    const runtime = createMetaRuntime(input.options);
    if (runtime && firstUnit) await seedDemoInsights(db, runtime, world, { idEmpresa: admin.idEmpresa, idUnidade: firstUnit.id });
    if (firstUnit) await seedDemoConversions(db, world, { idEmpresa: admin.idEmpresa, idUnidade: firstUnit.id });
  }
  const hooked = await meta.control.setWebhook({ url: `${input.funilUrl}/api/webhooks/meta`, verifyToken: input.verifyToken });
  if (!hooked.ok) throw new Error(`o emulador do Meta não confirmou o webhook (${hooked.status})`);
  meta.control.startLive({ intervalMs: input.intervalMs ?? 180_000 });
  return { connected, pageName: connected ? world.page.name : null, forms: connected ? world.forms.length : 0, world };
}

/**
 * What a marketing manager does after connecting: 'Sincronizar com o Meta' (the real sync: the
 * emulator's campaigns, ad sets and ads in the catalogue, and their daily spend), then gives each
 * synced ad one or two of the unit's tags, so a Lead Ads lead that arrives live carries its ad's tags
 * (issue 23 §4). The world's ids are new at every start: the ads of earlier runs keep their tags.
 */
async function syncDemoCatalogue(
  db: Db,
  options: MetaOptions,
  world: DemoWorld,
  company: { idEmpresa: number; idUnidade: number | null },
): Promise<void> {
  const runtime = createMetaRuntime(options);
  if (!runtime || company.idUnidade === null) return;
  // Last month and this one up to yesterday: /campanhas shows each synced campaign's months, one row a
  // month with its ads' spend (issue 23 §6), not the emulator's whole 92 days.
  const { until } = dailySpendPeriod(new Date());
  const [y, m] = until.split('-').map(Number) as [number, number];
  const since = m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
  await syncCompany(db, runtime, company.idEmpresa, { since, until });
  const unitTags = await db.select({ id: tags.id }).from(tags).where(eq(tags.idUnidade, company.idUnidade)).orderBy(asc(tags.id));
  if (unitTags.length === 0) return;
  const synced = await db
    .select({ id: anunciosAds.id })
    .from(anunciosAds)
    .where(
      inArray(
        anunciosAds.adId,
        world.ads.map((a) => a.id),
      ),
    )
    .orderBy(asc(anunciosAds.id));
  const links = synced.flatMap((ad, i) => {
    const picked = [unitTags[i % unitTags.length]!, unitTags[(i * 3 + 1) % unitTags.length]!];
    return [...new Set(picked.map((t) => t.id))].map((idTag) => ({ idAd: ad.id, idTag }));
  });
  if (links.length > 0) await db.insert(anunciosAdsTags).values(links).onConflictDoNothing();
}

/**
 * Connects a company to the emulator world's page as the meta module stores a connection: a
 * long-lived user token and the page's token encrypted with `tokenKey`, the page and its forms
 * chosen (each assigned to `idUnidade`, also the default unit), the page subscribed to leadgen.
 * Replaces the company's earlier pages and forms (the demo, the bench).
 */
export async function connectCompanyToPage(
  db: Db,
  meta: MetaEmulator,
  world: DemoWorld,
  input: { appId: string; idEmpresa: number; idUsuario: number | null; idUnidade: number | null; tokenKey: Buffer },
): Promise<void> {
  const userToken = meta.control.token({ lifetimeSeconds: 60 * 86_400 });
  const pageToken = meta.control.token({ kind: 'page', pageId: world.page.id, lifetimeSeconds: null });
  await db.transaction(async (tx) => {
    await tx.delete(metaFormularios).where(eq(metaFormularios.idEmpresa, input.idEmpresa));
    await tx.delete(metaPaginas).where(eq(metaPaginas.idEmpresa, input.idEmpresa));
    const connection = {
      tokenCifrado: encryptToken(input.tokenKey, userToken),
      tokenTipo: 'longo' as const,
      expiraEm: new Date(Date.now() + 60 * 86_400_000),
      metaUsuarioId: world.user.id,
      metaUsuarioNome: world.user.name,
      idUsuario: input.idUsuario,
      contasAnuncio: [world.account.id],
      idUnidadePadrao: input.idUnidade,
    };
    await tx
      .insert(metaConexoes)
      .values({ idEmpresa: input.idEmpresa, ...connection })
      .onConflictDoUpdate({ target: metaConexoes.idEmpresa, set: connection });
    const [page] = await tx
      .insert(metaPaginas)
      .values({
        idEmpresa: input.idEmpresa,
        pageId: world.page.id,
        nome: world.page.name,
        tokenCifrado: encryptToken(input.tokenKey, pageToken),
        inscrita: true,
      })
      .returning();
    for (const form of world.forms)
      await tx.insert(metaFormularios).values({
        idEmpresa: input.idEmpresa,
        idPagina: page!.id,
        formId: form.id,
        nome: form.name,
        // The demo's forms feed the first unit, whose 'Filtro Facebook' need not match their names.
        idUnidade: input.idUnidade,
      });
  });
  meta.control.subscribePage(world.page.id, input.appId);
}
