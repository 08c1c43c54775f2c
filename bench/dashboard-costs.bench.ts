// Issue 23 §6 and §3 in the dashboards: the `custos` block of CAMPANHAS, LTV and the v2 capture
// (cost, cost per lead, cost per sale and ROAS per catalogue campaign, and the leads without a
// known ad), beside the campaign/ad table the CAMPANHAS tab already reads, on one unit whose leads
// mostly came from ads.
//
//   DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres npm run bench -- dashboard-costs
//   (database funil_custos, generated once and reused; without DATABASE_URL: PGlite at a fifth of the scale)
//
// The unit has 3 catalogue campaigns of 2 ads each and a typed cost per campaign and month for a
// year; its leads over that year: 70 % Lead Ads with the catalogue's ids, 10 % click-to-WhatsApp
// 'Meta (anúncio não identificado)', 10 % capture posts naming a campaign only, 10 % typed by
// hand. Each statement is timed BENCH_REPEAT times (default 20) for 30 and 365 days.
import { cpus, loadavg, totalmem } from 'node:os';

import { periodDays } from '@funil/domain/dashboard/dashboard-api';

import { createCompany, createUnit, seedReferenceLists } from '../apps/server/src/demo/builders.ts';
import { campaignCosts } from '../apps/server/src/modules/dashboard/dashboard-costs.ts';
import { byCampaignAd } from '../apps/server/src/modules/dashboard/dashboard.repository.ts';
import { fmt, openBenchDatabase, rawOf, report, stats, time } from './lib.ts';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const UNIT_NAME = 'Unidade Custos Bench';
const SCALE = { postgres: 100_000, pglite: 20_000 };

export async function run(): Promise<void> {
  const { database, engine } = await openBenchDatabase('funil_custos');
  const raw = rawOf(database);
  const leads = SCALE[engine];
  let [unit] = (
    await raw.query(
      `select u.id, (select count(*) from dashboard_leads d where d.id_unidade = u.id)::int as n from unidades u where u.nome = $1`,
      [UNIT_NAME],
    )
  ).rows as { id: number; n: number }[];
  if (!unit || Number(unit.n) !== leads) {
    console.log(`  gerando ${leads.toLocaleString('pt-BR')} leads…`);
    await seedReferenceLists(database.db);
    const empresa = await createCompany(database.db, `Empresa Custos Bench ${Date.now()}`);
    const id = await createUnit(database.db, empresa, UNIT_NAME, '11', {});
    unit = { id, n: leads };
    for (let c = 1; c <= 3; c += 1) {
      const campaign = await raw.query(
        `insert into anuncios_campanhas (id_empresa, id_unidade, campaign_id, campaign_name) values ($1, $2, $3, $4) returning id`,
        [empresa, id, `90${c}`, `Campanha ${c}`],
      );
      const idCampanha = Number(campaign.rows[0]!['id']);
      const set = await raw.query(
        `insert into anuncios_conjuntos (id_campanha, adset_id, adset_name) values ($1, $2, 'Conjunto') returning id`,
        [idCampanha, `80${c}`],
      );
      for (const a of [1, 2])
        await raw.query(`insert into anuncios_ads (id_conjunto, ad_id, ad_name) values ($1, $2, $3)`, [
          set.rows[0]!['id'],
          `70${c}${a}`,
          `Anúncio ${c}.${a}`,
        ]);
      await raw.query(
        `insert into anuncios_custos (id_empresa, id_unidade, id_campanha, custo, periodo_inicio, periodo_fim, origem)
         select $1, $2, $3, 3000 + 500 * $4, m::date, (m + interval '1 month' - interval '1 day')::date, 'manual'
         from generate_series(date_trunc('month', now()) - interval '12 months', date_trunc('month', now()), interval '1 month') m`,
        [empresa, id, idCampanha, c],
      );
    }
    await raw.query(
      `insert into leads (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave, cli_data_captacao, cli_tipo_lead,
         cli_status_negociacao, valor_ticket, origem_canal, cli_campanha_id, cli_campanha_nome, ad_id, ad_name, origem_em)
       select $1, $2, 'Lead ' || i, '1197' || lpad(i::text, 7, '0'), '1197' || lpad(i::text, 7, '0'),
         now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute', 1,
         case when i % 9 = 0 then 5 else 1 end, case when i % 9 = 0 then 1500 else 0 end,
         case i % 10 when 0 then 'whatsapp-anuncio' when 1 then 'captura' when 2 then 'manual' else 'lead-ads' end,
         case when i % 10 >= 3 then '90' || (1 + i % 3) end,
         case i % 10 when 0 then null when 1 then 'Campanha ' || (1 + i % 3) when 2 then 'Anúncio digitado'
           else 'Campanha ' || (1 + i % 3) end,
         case when i % 10 >= 3 then '70' || (1 + i % 3) || (1 + i % 2) end,
         case when i % 10 = 0 then 'Meta (anúncio não identificado)' when i % 10 >= 3 then 'Anúncio' end,
         now()
       from generate_series(1, $3) i`,
      [empresa, id, leads],
    );
    await raw.query('analyze');
  }
  const scope = { units: [unit.id], ownerUserId: null };
  const rows: [string, string][] = [];
  for (const days of [30, 365] as const) {
    const fim = new Date();
    const period = { inicio: new Date(fim.getTime() - days * 86_400_000), fim };
    const statements: [string, () => Promise<unknown>][] = [
      ['custos (campaignCosts)', () => campaignCosts(database.db, scope, period, 'conversoes')],
      ['tabela campanha × anúncio (byCampaignAd)', () => byCampaignAd(database.db, scope, period)],
    ];
    for (const [label, fn] of statements) {
      await fn();
      await fn();
      const samples: number[] = [];
      for (let i = 0; i < REPEAT; i += 1) samples.push((await time(fn)).ms);
      const s = stats(samples);
      rows.push([`${days} dias · ${label}`, `p50 ${fmt(s.p50)} · p95 ${fmt(s.p95)} · max ${fmt(s.max)}`]);
    }
    const custos = await campaignCosts(database.db, scope, period, 'conversoes');
    const { primeiro, ultimo } = periodDays(period);
    rows.push([
      `${days} dias · conferência`,
      `${primeiro}…${ultimo}: custo ${custos.total.custo}, leads ${custos.total.leads}, sem anúncio ${custos.leads_sem_anuncio}`,
    ]);
  }
  rows.push([
    'máquina',
    `${cpus().length} núcleos, ${Math.round(totalmem() / 2 ** 30)} GiB, ${engine}, ${leads.toLocaleString('pt-BR')} leads`,
  ]);
  rows.push(['carga (load 1 min) ao fim', loadavg()[0]!.toFixed(2)]);
  report('Custos por campanha nos dashboards (issue 23 §6)', rows);
  await database.close();
}
