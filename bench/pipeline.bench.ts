// The pipeline (issue 11 "Scale"): a funnel of 50,000 live leads in a unit of 200,000 (the other
// 150,000 deleted over the years), through the real HTTP API.
//
//   DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres npm run bench -- pipeline
//   (the bench database is funil_w11, created once and reused; without DATABASE_URL: PGlite in
//   memory at a tenth of the scale)
//
// Two open-loop scenarios (requests leave on a fixed schedule whatever the answers do; a latency
// is counted from the request's scheduled time, so a stall shows in every request it delays):
//   - board: GET /kanban/status-negociacao/{filters}, every column head (count, BRL sum) and its
//     first page of 30 cards, at BENCH_BOARD_RPS (default 10/s); target p99 < 100 ms;
//   - column page: GET /kanban/novos-leads/{column}/{page}/{filters}, a random column and page 1–40,
//     at 50 req/s; target p99 < 30 ms.
// Options: BENCH_RUNS (default 3; medians printed), BENCH_SECONDS (per scenario and run, default 20).
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';

import { buildFilterSegments, PIPELINE_LAYOUT } from '@funil/domain/leads/filter-segments';
import { EMPTY_PIPELINE_FILTER } from '@funil/domain/pipeline/pipeline';

import { buildApp } from '../apps/server/src/app.ts';
import type { Database } from '../apps/server/src/db/connection.ts';
import { createCompany, createUnit, createUser, seedReferenceLists } from '../apps/server/src/demo/builders.ts';
import { fmt, median, openBenchDatabase, rawOf, report, stats, type Stats } from './lib.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const BOARD_RPS = Number(process.env.BENCH_BOARD_RPS ?? 10);
const PAGE_RPS = 50;
const DB_NAME = 'funil_w11';
const PASSWORD = 'senha-bench-1';
const ADMIN = 'admin-pipeline@bench.com.br';
const ATTENDANT = 'atendente-pipeline@bench.com.br';

type Scale = { total: number; live: number };
const SCALE: Record<'postgres' | 'pglite', Scale> = {
  postgres: { total: 200_000, live: 50_000 },
  pglite: { total: 20_000, live: 5_000 },
};

const log = (line: string) => console.log(`  ${line}`);

/** The unit of the bench: one company, the admin and an attendant, and the leads (generated once per database). */
async function fixture(database: Database, scale: Scale): Promise<void> {
  const raw = rawOf(database);
  const { rows } = await raw.query(
    `select count(*)::int as n from leads l join unidades u on u.id = l.id_unidade where u.nome = 'Unidade Pipeline Bench'`,
  );
  if (Number(rows[0]?.n) === scale.total) {
    log(`banco reaproveitado: ${scale.total.toLocaleString('pt-BR')} leads na unidade`);
    return;
  }
  const started = performance.now();
  log(`gerando ${scale.total.toLocaleString('pt-BR')} leads (${scale.live.toLocaleString('pt-BR')} vivos no funil)…`);
  await seedReferenceLists(database.db);
  const empresa = await createCompany(database.db, `Empresa Pipeline Bench ${Date.now()}`);
  const unit = await createUnit(database.db, empresa, 'Unidade Pipeline Bench', '11', {
    extras: { pipeline: true, edicao_status_cliente: true },
    atendimentoHabilitado: true,
  });
  await raw.query(`delete from usuarios where email in ($1, $2)`, [ADMIN, ATTENDANT]).catch(() => undefined);
  await createUser(database.db, {
    idEmpresa: empresa,
    idUnidade: unit,
    nome: 'Admin Pipeline',
    email: ADMIN,
    senha: PASSWORD,
    permissao: 'a',
    acessoAtribuidos: true,
  });
  const attendant = await createUser(database.db, {
    idEmpresa: empresa,
    idUnidade: unit,
    nome: 'Atendente Pipeline',
    email: ATTENDANT,
    senha: PASSWORD,
    permissao: 'u',
    idRamal: 201,
  });
  const deleted = scale.total - scale.live;
  // Funnel statuses 1–9 (8 'Erro' is not a column), quotes from stage 4 on, a third assigned to the attendant.
  await raw.query(
    `insert into leads (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave, cli_status_negociacao,
      cli_status_negociacao_venda, valor_ticket,
       id_usuario, desativado, cli_data_captacao, posicao_pipeline, ad_name, cli_campanha_nome)
     select $1, $2, 'Lead ' || g, '119' || lpad(g::text, 8, '0'), '11' || lpad(g::text, 8, '0'), 1 + (g % 9), 1 + (g % 5),
       case when g % 9 >= 3 then (g % 50) * 100 else 0 end, case when g % 3 = 0 then $3::int else null end,
       case when g <= $4 then 1 else 0 end, now() - (g || ' minutes')::interval, -g::float8, 'Anúncio ' || (g % 20), 'Campanha ' || (g % 10)
     from generate_series(1, $5::int) g`,
    [empresa, unit, attendant, deleted, scale.total],
  );
  await raw.query('analyze leads');
  log(`gerado em ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Open loop: request i leaves at start + i/rps (never earlier), latency = answer time − scheduled
 * time. Bounded: stops scheduling after `seconds` and waits for the answers.
 */
async function openLoop(
  rps: number,
  seconds: number,
  request: (i: number) => Promise<Response>,
): Promise<{ latencies: number[]; failures: number; late: number }> {
  const total = Math.round(rps * seconds);
  const start = performance.now() + 50;
  const latencies: number[] = [];
  let failures = 0;
  let late = 0;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const scheduled = start + (i * 1000) / rps;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    else if (wait < -5) late += 1;
    pending.push(
      request(i).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.status !== 200) failures += 1;
          latencies.push(performance.now() - scheduled);
        },
        () => {
          failures += 1;
        },
      ),
    );
  }
  await Promise.all(pending);
  return { latencies, failures, late };
}

export async function run(): Promise<void> {
  const { database, engine } = await openBenchDatabase(DB_NAME);
  const scale = SCALE[engine];
  try {
    await fixture(database, scale);
    const app = await buildApp({ database, webDist: '/nonexistent', logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const login = async (email: string) => {
      const res = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, senha: PASSWORD, lembrar: true }),
      });
      return ((await res.json()) as { data: { token: string } }).data.token;
    };
    const tokens = { admin: await login(ADMIN), atendente: await login(ATTENDANT) };
    const segments = buildFilterSegments(PIPELINE_LAYOUT, EMPTY_PIPELINE_FILTER);
    const get = (who: keyof typeof tokens, path: string) =>
      fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${tokens[who]}` } });

    // What the board answers, once.
    const board = (await (await get('admin', `/kanban/status-negociacao/${segments}`)).json()) as {
      data: { nome: string; total_oportunidades: number; leads: unknown[] }[];
      total_leads: number;
    };
    log(
      `quadro: ${board.data.length} colunas, ${board.total_leads.toLocaleString('pt-BR')} leads; ` +
        `${board.data.map((c) => `${c.nome} ${c.total_oportunidades}`).join(', ')}`,
    );
    const columns = [1, 2, 3, 4, 5, 6, 7, 9];

    const scenarios = [
      {
        id: 'board-admin',
        title: `quadro inteiro (admin) · ${BOARD_RPS}/s`,
        rps: BOARD_RPS,
        request: () => get('admin', `/kanban/status-negociacao/${segments}`),
      },
      {
        id: 'board-atendente',
        title: `quadro inteiro (atendente: não atribuídos + meus) · ${BOARD_RPS}/s`,
        rps: BOARD_RPS,
        request: () => get('atendente', `/kanban/status-negociacao/${segments}`),
      },
      {
        // The same requests at a rate far below saturation: the service time without queueing.
        id: 'column-page-5',
        title: 'página de coluna (admin) · 5/s',
        rps: 5,
        request: (i: number) =>
          get('admin', `/kanban/novos-leads/${columns[i % columns.length]}/${1 + ((i * 7919) % 40)}/${segments}`),
      },
      {
        id: 'column-page',
        title: `página de coluna (admin, coluna e página 1–40 ao acaso) · ${PAGE_RPS}/s`,
        rps: PAGE_RPS,
        request: (i: number) =>
          get('admin', `/kanban/novos-leads/${columns[i % columns.length]}/${1 + ((i * 7919) % 40)}/${segments}`),
      },
    ];
    const results = new Map<string, Stats[]>();
    const loads: number[] = [];
    for (let runIndex = 0; runIndex < RUNS; runIndex += 1) {
      for (const s of scenarios) {
        const outcome = await openLoop(s.rps, SECONDS, s.request);
        const st = stats(outcome.latencies);
        results.set(s.id, [...(results.get(s.id) ?? []), st]);
        const load1 = loadavg()[0]!;
        loads.push(load1);
        log(
          `run ${runIndex + 1} · ${s.id}: p50 ${fmt(st.p50)} p95 ${fmt(st.p95)} p99 ${fmt(st.p99)} max ${fmt(st.max)} ` +
            `(${st.count} req, ${outcome.failures} falhas, ${outcome.late} saídas atrasadas; load ${load1.toFixed(2)})`,
        );
      }
    }
    const med = (id: string, key: keyof Stats) => median((results.get(id) ?? []).map((s) => s[key]));
    report(
      `Pipeline · ${engine === 'postgres' ? `PostgreSQL (${DB_NAME})` : 'PGlite em memória (escala reduzida)'}: unidade de ` +
        `${scale.total.toLocaleString('pt-BR')} leads, ${scale.live.toLocaleString('pt-BR')} no funil · ` +
        `medianas de ${RUNS} execuções de ${SECONDS} s`,
      [
        ...scenarios.map((s): [string, string] => [
          s.title,
          `p50 ${fmt(med(s.id, 'p50'))} · p95 ${fmt(med(s.id, 'p95'))} · p99 ${fmt(med(s.id, 'p99'))}`,
        ]),
        [
          'máquina',
          `${cpus().length} núcleos (${cpus()[0]?.model.trim() ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
        ],
        ['carga (load 1 min) durante as execuções', `${Math.min(...loads).toFixed(2)} – ${Math.max(...loads).toFixed(2)}`],
      ],
    );
    await app.close();
  } finally {
    await database.close();
  }
}
