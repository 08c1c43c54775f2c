// Issue 24 'Tests and figures': Meta Insights on an account of 200 campaigns, 2,000 ad sets and 20,000
// ads with a year of days (BENCH_SCALE=1, ~12 minutes here; default 0.1: 20 / 200 / 2,000). The emulator
// computes each ad's day on read (daily-insights.ts) and the refresh upserts page by page, so neither
// side holds the 7.3 million ad-days: the peak RSS of this process (both sides) is reported. Measured:
// the first full import (365 days, three levels) through the real reader against the Meta emulator over
// HTTP, with the Graph calls it used; the daily refresh (the 28-day re-read) and its calls; the screen's
// reads of 90 days, each tab BENCH_REPEAT times (20).
//
//   DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres npm run bench -- insights
//   (database funil_insights; without DATABASE_URL: PGlite)
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';

import { eq, sql } from 'drizzle-orm';
import pg from 'pg';

import { formatIsoDate } from '@funil/domain/format/date';
import { addIsoDays } from '@funil/domain/insights/insights';

import { createMetaEmulator } from '../apps/meta-emulator/src/emulator.ts';
import { createCompany, createUnit, seedReferenceLists } from '../apps/server/src/demo/builders.ts';
import { insightsRows, refreshCompany } from '../apps/server/src/modules/insights/insights.service.ts';
import { metaInsights, metaInsightsSync } from '../apps/server/src/modules/insights/insights.table.ts';
import { encryptToken, metaTokenKey } from '../apps/server/src/modules/meta/meta-crypto.ts';
import { createMetaRuntime } from '../apps/server/src/modules/meta/meta.service.ts';
import { metaConexoes } from '../apps/server/src/modules/meta/meta.table.ts';
import { fmt, openBenchDatabase, report, stats, time } from './lib.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 0.1);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const APP_ID = '880011223344556';
const APP_SECRET = 'segredo-do-app-bench-insights-0123';

export async function run(): Promise<void> {
  const campaigns = Math.max(1, Math.round(200 * SCALE));
  const emu = createMetaEmulator({ appId: APP_ID, appSecret: APP_SECRET });
  const user = emu.control.user({ name: 'Bench', email: 'bench@teste.com.br' });
  const account = emu.control.adAccount({ name: 'Conta Bench', userIds: [user.id] });
  for (let c = 0; c < campaigns; c += 1) {
    const campaign = emu.control.campaign({
      accountId: account.id,
      name: `Campanha ${c + 1}`,
      objective: c % 4 === 3 ? 'OUTCOME_ENGAGEMENT' : 'OUTCOME_LEADS',
    });
    for (let s = 0; s < 10; s += 1) {
      const adset = emu.control.adset({ campaignId: campaign.id, name: `Conjunto ${c + 1}.${s + 1}` });
      for (let a = 0; a < 10; a += 1) emu.control.ad({ adsetId: adset.id, name: `Anúncio ${c + 1}.${s + 1}.${a + 1}` });
    }
  }
  const gen = await time(async () => emu.control.generateInsights({ accountId: account.id, days: 365 }));
  const url = await emu.listen(0, '127.0.0.1');
  const token = emu.control.token({ userId: user.id, lifetimeSeconds: 60 * 86_400 });

  // A fresh database each run on PostgreSQL: a full-size run leaves 8 million rows behind.
  if (process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query('drop database if exists funil_insights with (force)');
    await admin.end();
  }
  const { database, engine } = await openBenchDatabase('funil_insights');
  const db = database.db;
  await seedReferenceLists(db);
  const idEmpresa = await createCompany(db, `Empresa Insights Bench ${Date.now()}`);
  const idUnidade = await createUnit(db, idEmpresa, 'Unidade Insights Bench', '11', {});
  const tokenKey = metaTokenKey(randomBytes(32).toString('hex'));
  const runtime = createMetaRuntime({ appId: APP_ID, appSecret: APP_SECRET, graphUrl: url, dialogUrl: url, tokenKey })!;
  await db.insert(metaConexoes).values({
    idEmpresa,
    tokenCifrado: encryptToken(tokenKey, token),
    tokenTipo: 'longo',
    expiraEm: new Date(Date.now() + 60 * 86_400_000),
    metaUsuarioId: user.id,
    metaUsuarioNome: user.name,
    contasAnuncio: [account.id],
    idUnidadePadrao: idUnidade,
  });

  const fast = { pollMs: 50, backoffMs: 200 };
  const first = await time(() => refreshCompany(db, runtime, idEmpresa, { ...fast, days: 365 }));
  const daily = await time(() => refreshCompany(db, runtime, idEmpresa, { ...fast, days: 28 }));
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(metaInsights)
    .where(eq(metaInsights.idEmpresa, idEmpresa))) as [{ n: number }];
  const [sync] = await db.select().from(metaInsightsSync).where(eq(metaInsightsSync.idEmpresa, idEmpresa));

  const today = formatIsoDate(new Date());
  const q = { conta: account.id, inicio: addIsoDays(today, -89), fim: today };
  const scope = { idEmpresa, idUnidade, runtime };
  const firstCampaign = (await insightsRows(db, scope, 'campaign', q)).data[0]!;
  const firstSet = (await insightsRows(db, scope, 'adset', { ...q, pais: [firstCampaign.id] })).data[0]!;
  const reads: [string, () => Promise<unknown>][] = [
    ['Campanhas (90 dias)', () => insightsRows(db, scope, 'campaign', q)],
    ['Conjuntos de 1 campanha (90 dias)', () => insightsRows(db, scope, 'adset', { ...q, pais: [firstCampaign.id] })],
    ['Anúncios de 1 conjunto (90 dias)', () => insightsRows(db, scope, 'ad', { ...q, pais: [firstSet.id] })],
  ];
  const rows: [string, string][] = [
    ['escala', `${campaigns} campanhas, ${campaigns * 10} conjuntos, ${campaigns * 100} anúncios, 365 dias (${engine})`],
    [
      'emulador: dias de anúncio gerados (calculados na leitura, não guardados)',
      `${gen.value.toLocaleString('pt-BR')} (${fmt(gen.ms)})`,
    ],
    [
      'primeira importação (365 dias, 3 níveis)',
      `${(first.ms / 1000).toFixed(1)} s, ${first.value.calls} chamadas (${first.value.stats.asyncJobs} relatórios assíncronos), ` +
        `${first.value.rows.toLocaleString('pt-BR')} linhas`,
    ],
    [
      'atualização diária (28 dias)',
      `${(daily.ms / 1000).toFixed(1)} s, ${daily.value.calls} chamadas, ${daily.value.rows.toLocaleString('pt-BR')} linhas`,
    ],
    ['linhas no store', `${n.toLocaleString('pt-BR')} (última atualização: ${sync?.chamadas ?? 0} chamadas)`],
  ];
  for (const [label, fn] of reads) {
    const samples: number[] = [];
    for (let i = 0; i < REPEAT; i += 1) samples.push((await time(fn)).ms);
    const s = stats(samples);
    rows.push([label, `p50 ${fmt(s.p50)}, p95 ${fmt(s.p95)} (${REPEAT}×)`]);
  }
  const [l1, l5, l15] = loadavg();
  rows.push(
    [
      'pico de memória (RSS) do processo do bench',
      `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB (servidor e emulador no mesmo processo)`,
    ],
    ['carga da máquina (load average 1/5/15 min) ao fim', `${l1!.toFixed(2)} / ${l5!.toFixed(2)} / ${l15!.toFixed(2)}`],
  );
  report('Meta Insights (issue 24)', rows);
  await emu.close();
  await database.close();
}
