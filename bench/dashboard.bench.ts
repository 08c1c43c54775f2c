// The dashboards (issue 14 "Speed"): a unit of 200,000 leads captured over a year with 5,000,000
// history events (300,000 of them calls), 2,000,000 WhatsApp messages, through the real HTTP API.
//
//   DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres npm run bench -- dashboard
//   (the bench database is funil_w14, generated once and reused; without DATABASE_URL: PGlite in
//   memory at a twentieth of the scale)
//
// The raw records are loaded in bulk with the read model's triggers off, then the read model is
// built from them by the same views the migration's backfill uses (what a deploy on an existing
// database does), and checked against them on a sample. Then every dashboard call of 000 §7 (and
// the ranking and stages) is asked BENCH_REPEAT times (default 20) for a 30-day and a 365-day
// period, one at a time, as the multi-manager of the unit; targets p95 < 200 ms (30 days) and
// < 500 ms (365 days).
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';

import { buildDashboardPath, type DashboardCall } from '@funil/domain/dashboard/dashboard-api';
import { formatIsoDate } from '@funil/domain/format/date';

import { buildApp } from '../apps/server/src/app.ts';
import type { Database } from '../apps/server/src/db/connection.ts';
import { createCompany, createUnit, createUser, seedReferenceLists } from '../apps/server/src/demo/builders.ts';
import { fmt, openBenchDatabase, rawOf, report, stats } from './lib.ts';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const DB_NAME = 'funil_w14';
const PASSWORD = 'senha-bench-1';
const MANAGER = 'gerente-dashboard@bench.com.br';
const UNIT_NAME = 'Unidade Dashboard Bench';

type Scale = { leads: number; history: number; calls: number; messages: number };
const SCALE: Record<'postgres' | 'pglite', Scale> = {
  postgres: { leads: 200_000, history: 5_000_000, calls: 300_000, messages: 2_000_000 },
  pglite: { leads: 10_000, history: 250_000, calls: 15_000, messages: 100_000 },
};

const log = (line: string) => console.log(`  ${line}`);

async function step(label: string, fn: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await fn();
  log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The unit, its users and records (generated once per database). */
async function fixture(database: Database, scale: Scale): Promise<void> {
  const raw = rawOf(database);
  const existing = await raw.query(
    `select u.id, (select count(*) from dashboard_leads d where d.id_unidade = u.id)::int as n from unidades u where u.nome = $1`,
    [UNIT_NAME],
  );
  if (Number(existing.rows[0]?.['n']) === scale.leads) {
    log(`banco reaproveitado: ${scale.leads.toLocaleString('pt-BR')} leads na unidade`);
    return;
  }
  log(
    `gerando ${scale.leads.toLocaleString('pt-BR')} leads, ${scale.history.toLocaleString('pt-BR')} eventos ` +
      `(${scale.calls.toLocaleString('pt-BR')} ligações), ${scale.messages.toLocaleString('pt-BR')} mensagens…`,
  );
  await seedReferenceLists(database.db);
  const empresa = await createCompany(database.db, `Empresa Dashboard Bench ${Date.now()}`);
  const unit = await createUnit(database.db, empresa, UNIT_NAME, '11', { extras: { dash_v2: true } });
  await raw.query(`delete from usuarios where email = $1`, [MANAGER]);
  await createUser(database.db, {
    idEmpresa: empresa,
    idUnidade: unit,
    nome: 'Gerente Dashboard',
    email: MANAGER,
    senha: PASSWORD,
    permissao: 'mg',
  });
  const users: number[] = [];
  for (let i = 0; i < 12; i += 1)
    users.push(
      await createUser(database.db, {
        idEmpresa: empresa,
        idUnidade: unit,
        nome: `Atendente ${i + 1}`,
        email: `atendente${i + 1}-dash-${unit}@bench.com.br`,
        senha: PASSWORD,
        permissao: 'u',
      }),
    );
  // Bulk load without the read model's triggers; the read model is built from the views below.
  for (const t of ['leads', 'historico', 'whatsapp_mensagens']) await raw.query(`alter table ${t} disable trigger user`);
  try {
    await step('leads', () =>
      raw.query(
        `insert into leads (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave, cli_status_negociacao,
          cli_status_negociacao_venda, cli_contato_status,
           cli_tipo_lead, valor_ticket, id_usuario, cli_data_captacao, cli_data_atendimento, ad_name, ad_id, cli_campanha_nome)
         select $1, $2, 'Lead ' || g, '119' || lpad(g::text, 8, '0'), '11' || lpad(g::text, 8, '0'), 1 + (g % 9), case when g %
           9 in (4, 5) then 2 + g % 3 else 1 end,
           1 + (g % 3), 1 + (g % 7), case when g % 9 in (4, 5) then (g % 50) * 100 + 300 else 0 end,
           case when g % 3 = 0 then null else ($3::int[])[1 + g % 12] end,
           now() - ((g::float8 / $4::int) * 365 || ' days')::interval, case when g % 3 <> 0 then now() - ((g::float8 / $4::int)
             * 365 - 0.1 || ' days')::interval end,
           'Anúncio ' || (g % 30), '12022000' || lpad((g % 30)::text, 10, '0'), 'Campanha ' || (g % 10)
         from generate_series(1, $4::int) g`,
        [empresa, unit, users, scale.leads],
      ),
    );
    const range = await raw.query(`select min(cli_crm_id)::int as lo from leads where id_unidade = $1`, [unit]);
    const lo = Number(range.rows[0]?.['lo']);
    // Events of a lead land within 10 days after its capture (never in the future).
    const eventTime = `least(now() - interval '1 minute', l.cli_data_captacao + ((g % 14400) || ' minutes')::interval)`;
    await step('ligações', () =>
      raw.query(
        `insert into historico (cli_crm_id, id_unidade, atendente, tipo, datacad, duracao, duracao_falada, duracao_cobrada)
         select l.cli_crm_id, $1, ($2::int[])[1 + g % 12], case when g % 3 = 0 then 3 else 4 end, ${eventTime},
           20 + g % 300, case when g % 3 = 0 then 30 + g % 600 else 0 end, case when g % 3 = 0 then 60 else 0 end
         from generate_series(1, $3::int) g join leads l on l.cli_crm_id = $4 + ((g::bigint * 7919) % $5)`,
        [unit, users, scale.calls, lo, scale.leads],
      ),
    );
    await step('mudanças de status e anotações', () =>
      raw.query(
        `insert into historico (cli_crm_id, id_unidade, atendente, tipo, datacad, id_antigo, id_novo, texto)
         select l.cli_crm_id, $1, ($2::int[])[1 + g % 12], case when g % 5 = 0 then 5 else 2 end, ${eventTime},
           case when g % 5 = 0 then 1 + g % 4 end, case when g % 5 = 0 then 2 + g % 8 end, case when g % 5 <> 0 then 'Anotação ' || g end
         from generate_series(1, $3::int) g join leads l on l.cli_crm_id = $4 + ((g::bigint * 104729) % $5)`,
        [unit, users, scale.history - scale.calls, lo, scale.leads],
      ),
    );
    await step('mensagens', () =>
      raw.query(
        `insert into whatsapp_mensagens (id_empresa, id_unidade, cli_crm_id, from_me, media_type, body, criado_em, id_usuario)
         select $1, $2, l.cli_crm_id, g % 9 < 5, 'chat', 'mensagem ' || (g % 100), ${eventTime}, case when g % 9 < 5 then
           ($3::int[])[1 + g % 12] end
         from generate_series(1, $4::int) g join leads l on l.cli_crm_id = $5 + ((g::bigint * 15485863) % $6)`,
        [empresa, unit, users, scale.messages, lo, scale.leads],
      ),
    );
  } finally {
    for (const t of ['leads', 'historico', 'whatsapp_mensagens']) await raw.query(`alter table ${t} enable trigger user`);
  }
  await step('modelo de leitura (as views do backfill)', async () => {
    await raw.query(`delete from dashboard_leads where id_unidade = $1`, [unit]);
    await raw.query(
      `insert into dashboard_leads (cli_crm_id, id_empresa, id_unidade, id_usuario, cli_nome, cli_telefone, ad_id, ad_name,
        cli_campanha_nome, cli_tipo_lead,
         status_negociacao, status_venda, contato_status, valor_ticket, desativado, data_captacao, data_atendimento,
           mensagens_enviadas, primeira_mensagem_em,
         primeira_mensagem_por, respostas_recebidas, primeira_resposta_em, aguardando_resposta_desde, respostas_medidas,
           segundos_resposta, ligacoes,
         primeira_ligacao_em, primeira_ligacao_por, ligacoes_atendidas, primeira_atendida_em, segundos_ligacao,
           segundos_falados, segundos_cobrados,
         convertido_em, convertido_por, ultima_mudanca_status_em)
       select cli_crm_id, id_empresa, id_unidade, id_usuario, cli_nome, cli_telefone, ad_id, ad_name, cli_campanha_nome, cli_tipo_lead,
         status_negociacao, status_venda, contato_status, valor_ticket, desativado, data_captacao, data_atendimento,
           mensagens_enviadas, primeira_mensagem_em,
         primeira_mensagem_por, respostas_recebidas, primeira_resposta_em, aguardando_resposta_desde, respostas_medidas,
           segundos_resposta, ligacoes,
         primeira_ligacao_em, primeira_ligacao_por, ligacoes_atendidas, primeira_atendida_em, segundos_ligacao,
           segundos_falados, segundos_cobrados,
         convertido_em, convertido_por, ultima_mudanca_status_em
       from dashboard_leads_bruto where id_unidade = $1`,
      [unit],
    );
    await raw.query(`delete from dashboard_atendente_dia where id_unidade = $1`, [unit]);
    await raw.query(`insert into dashboard_atendente_dia select * from dashboard_atendente_dia_bruto where id_unidade = $1`, [
      unit,
    ]);
    await raw.query(`delete from dashboard_mudancas_status where id_unidade = $1`, [unit]);
    await raw.query(`insert into dashboard_mudancas_status select * from dashboard_mudancas_status_bruto where id_unidade = $1`, [
      unit,
    ]);
  });
  await step('analyze', () => raw.query('analyze'));
}

export async function run(): Promise<void> {
  const { database, engine } = await openBenchDatabase(DB_NAME);
  const scale = SCALE[engine];
  try {
    await fixture(database, scale);
    const app = await buildApp({ database, webDist: '/nonexistent', logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: MANAGER, senha: PASSWORD, lembrar: true }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const unitRow = await rawOf(database).query(`select id from unidades where nome = $1 order by id desc limit 1`, [UNIT_NAME]);
    const unit = Number(unitRow.rows[0]?.['id']);

    const today = new Date();
    const dayAgo = (days: number) => formatIsoDate(new Date(today.getTime() - days * 86_400_000));
    const pathFor = (call: DashboardCall, days: number): string => {
      const start = dayAgo(days - 1);
      const end = dayAgo(0);
      const v2 = {
        campanha: '',
        status_cliente: null,
        plataforma: null,
        atendente: null,
        data_inicio: `${start} 00:00:00`,
        data_fim: `${end} 23:59:59`,
      };
      switch (call) {
        case 'crm':
        case 'crmat':
        case 'crmdata':
          return buildDashboardPath(call, { unidades: [unit], data_inicio: start, data_fim: end });
        case 'campanhas':
        case 'ltv':
          return buildDashboardPath(call, { unidades: [unit], anuncios: [], data_inicio: start, data_fim: end });
        case 'atendimento-leads':
          return buildDashboardPath(call, { pagina_captacao: 3, pagina_atendimento: 2, ...v2 });
        default:
          return buildDashboardPath(call, v2);
      }
    };
    const calls: DashboardCall[] = [
      'captacao',
      'atendimento',
      'atendimento-conversao-valores',
      'atendimento-tempo',
      'atendimento-leads',
      'ranking',
      'etapas',
      'crm',
      'crmat',
      'crmdata',
      'campanhas',
      'ltv',
    ];
    const rows: [string, string][] = [];
    const loads: number[] = [];
    let worst = { 30: 0, 365: 0 } as Record<30 | 365, number>;
    for (const days of [30, 365] as const) {
      for (const call of calls) {
        const url = `${base}/api/${pathFor(call, days)}`;
        const latencies: number[] = [];
        for (let i = 0; i < REPEAT + 2; i += 1) {
          const t0 = performance.now();
          const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${call} ${days} dias: ${res.status}`);
          // The first two warm the caches and the plan; they are not counted.
          if (i >= 2) latencies.push(performance.now() - t0);
        }
        const st = stats(latencies);
        worst = { ...worst, [days]: Math.max(worst[days], st.p95) };
        loads.push(loadavg()[0]!);
        log(`${days} dias · ${call}: p50 ${fmt(st.p50)} p95 ${fmt(st.p95)} max ${fmt(st.max)}`);
        rows.push([`${days} dias · ${call}`, `p50 ${fmt(st.p50)} · p95 ${fmt(st.p95)} · max ${fmt(st.max)}`]);
      }
    }
    report(
      `Dashboards · ${engine === 'postgres' ? `PostgreSQL (${DB_NAME})` : 'PGlite em memória (escala reduzida)'}: ` +
        `${scale.leads.toLocaleString('pt-BR')} leads, ${scale.history.toLocaleString('pt-BR')} eventos, ` +
        `${scale.messages.toLocaleString('pt-BR')} mensagens · ${REPEAT} pedidos por chamada, um por vez`,
      [
        ...rows,
        ['pior p95 (alvo 200 ms em 30 dias, 500 ms em 365)', `30 dias ${fmt(worst[30])} · 365 dias ${fmt(worst[365])}`],
        [
          'máquina',
          `${cpus().length} núcleos (${cpus()[0]?.model.trim() ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
        ],
        ['carga (load 1 min) durante as medidas', `${Math.min(...loads).toFixed(2)} – ${Math.max(...loads).toFixed(2)}`],
      ],
    );
    await app.close();
  } finally {
    await database.close();
  }
}
