// The CRM lead list (000 §7 GET contato/{lista|crm}/…, 001 §5 search) under 16 concurrent clients,
// through the real HTTP API, against the same list SQL run bare on a pool in the same run.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- leads-list
//   (without DATABASE_URL: PGlite in memory at a reduced scale)
//
// Options (environment): BENCH_RUNS (default 3; medians are printed), BENCH_TOTAL (requests per
// scenario, default 2000), BENCH_MAX_MS (per scenario, default 60000), BENCH_ONLY (scenario ids,
// comma-separated), BENCH_EXPLAIN=1 (EXPLAIN (ANALYZE, BUFFERS) of each scenario's two queries).
// The indexes once trialled here with BENCH_EXTRA_INDEXES are part of the schema since migration
// 0004 (leads_lista_idx, leads_lista_status_idx). The API caches the exact total a few seconds per
// unit and filter (lead-count-cache.ts), so under repeated requests it mostly runs the page only;
// the SQL baseline still runs the page and the uncached count.
//
// Open loop (issue 8; BENCH_OPEN=0 skips it, BENCH_CLOSED=0 skips the closed loops above): requests
// sent on a fixed schedule whatever the answers, latency counted from the scheduled time, so
// queueing is not hidden. Per run: the mix of every scenario at pages 1–3 in turn at BENCH_RATE
// req/s (default 100), then common-name searches alone ("conceicao", "silva", "maria"; admin and
// attendant) at BENCH_NAME_RATE req/s (default 20); each for BENCH_OPEN_S seconds (default 30)
// after 5 s of warm-up. Each run prints the machine's load average (other work on the machine).
// The chat's lead list (issue 8: 'Busque por contatos e mensagens', 001 §2, whose lead-name half is
// the CRM's search; BENCH_CHAT=0 skips it): the same common names and the phone digits on
// whatsapp/clientes, alone at BENCH_NAME_RATE and inside the mix at BENCH_RATE (the unit's gateway
// flag and an instance are switched on for it).
import { loadavg } from 'node:os';

import pg from 'pg';

import {
  buildContactListPath,
  buildWhatsappClientsPath,
  CONTACT_LIST_LAYOUT,
  emptyFilter,
  WHATSAPP_CLIENTS_LAYOUT,
  type ContactListFilter,
  type ContactListKind,
} from '@funil/domain/leads/filter-segments';

import type { SqlStatement } from '../apps/server/src/modules/leads/lead-sql.service.ts';
import type { LeadScope } from '../apps/server/src/modules/leads/leads.repository.ts';
import { leadListStatements } from '../apps/server/src/modules/leads/views/legacy-list/contact-list.repository.ts';
import { parseContactListPath } from '../apps/server/src/modules/leads/views/legacy-list/contact-list.service.ts';
import { crmIntervalDays } from '../apps/server/src/modules/tenancy/tenancy.service.ts';
import { machineLine, openLeadsBench, serve, type LeadsBench, type RawSql } from './leads-fixture.ts';
import {
  fmt,
  httpLoader,
  load,
  median,
  openLoader,
  passWatch,
  report,
  stats,
  type HttpLoader,
  type OpenLoader,
  type OpenLoadJob,
  type Stats,
} from './lib.ts';

const CLIENTS = 16;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TOTAL = Number(process.env.BENCH_TOTAL ?? 2000);
const MAX_MS = Number(process.env.BENCH_MAX_MS ?? 60_000);
const WARMUP = 48;
const CLOSED = process.env.BENCH_CLOSED !== '0';
const OPEN = process.env.BENCH_OPEN !== '0';
const RATE = Number(process.env.BENCH_RATE ?? 100);
const NAME_RATE = Number(process.env.BENCH_NAME_RATE ?? 20);
const OPEN_MS = Number(process.env.BENCH_OPEN_S ?? 30) * 1000;
const COMMON_NAMES = ['conceicao', 'silva', 'maria'];
const CHAT = process.env.BENCH_CHAT !== '0';

type Who = 'admin' | 'atendente';
type Scenario = { id: string; title: string; who: Who; kind: ContactListKind; filter: ContactListFilter };
type Captured = { rows: SqlStatement; count: SqlStatement };
type Outcome = { api: Stats; sql: Stats; apiRps: number; sqlRps: number; total: number; cpuMs: number };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const filterOf = (values: Partial<ContactListFilter>): ContactListFilter => ({ ...emptyFilter(CONTACT_LIST_LAYOUT), ...values });

async function scenarios(bench: LeadsBench): Promise<Scenario[]> {
  const unit = bench.fixture.target;
  const { rows: tagRows } = await bench.raw.query(
    `SELECT id, nome FROM tags WHERE id_unidade = $1 AND nome = ANY($2::text[]) ORDER BY nome`,
    [unit.id, ['VIP', 'Quente']],
  );
  const tagIds = tagRows.map((r) => Number(r.id));
  // A phone of the unit captured in the last 30 days: its 9 middle-to-last digits, as typed.
  const { rows: phoneRows } = await bench.raw.query(
    `SELECT cli_telefone FROM leads WHERE id_unidade = $1 AND cli_data_captacao > now() - interval '30 days' ORDER BY cli_crm_id
      LIMIT 1 OFFSET 777`,
    [unit.id],
  );
  const phone = String(phoneRows[0]?.cli_telefone ?? '11987654321');
  const digits = phone.slice(-9);
  const now = new Date();
  const filtered = filterOf({
    cli_status_negociacao: 4,
    cli_tipo_lead: 1,
    data_inicio: isoDay(new Date(now.getTime() - 30 * 86_400_000)),
    data_fim: isoDay(now),
    tipo_data: 0,
  });
  const withTags = { ...filtered, tags: tagIds };
  return [
    {
      id: 'admin-lista',
      title: 'admin · lista · sem filtro (toda a unidade)',
      who: 'admin',
      kind: 'lista',
      filter: filterOf({}),
    },
    { id: 'admin-crm', title: 'admin · crm · sem filtro (últimos 62 dias)', who: 'admin', kind: 'crm', filter: filterOf({}) },
    {
      id: 'admin-filtros',
      title: 'admin · crm · status 4 + plataforma 1 + 30 dias',
      who: 'admin',
      kind: 'crm',
      filter: filtered,
    },
    {
      id: 'admin-tags',
      title: 'admin · crm · status 4 + plataforma 1 + 30 dias + tags VIP/Quente',
      who: 'admin',
      kind: 'crm',
      filter: withTags,
    },
    {
      id: 'admin-nome',
      title: 'admin · crm · busca "conceicao" (nome sem acento)',
      who: 'admin',
      kind: 'crm',
      filter: filterOf({ texto_busca: 'conceicao' }),
    },
    {
      id: 'admin-nome2',
      title: 'admin · crm · busca "joao magalhaes"',
      who: 'admin',
      kind: 'crm',
      filter: filterOf({ texto_busca: 'joao magalhaes' }),
    },
    {
      id: 'admin-fone',
      title: `admin · crm · busca "${digits}" (dígitos do telefone)`,
      who: 'admin',
      kind: 'crm',
      filter: filterOf({ texto_busca: digits }),
    },
    {
      id: 'atend-crm',
      title: 'atendente · crm · sem filtro (não atribuídos + meus)',
      who: 'atendente',
      kind: 'crm',
      filter: filterOf({}),
    },
    {
      id: 'atend-filtros',
      title: 'atendente · crm · status 4 + plataforma 1 + 30 dias',
      who: 'atendente',
      kind: 'crm',
      filter: filtered,
    },
    {
      id: 'atend-nome',
      title: 'atendente · crm · busca "conceicao"',
      who: 'atendente',
      kind: 'crm',
      filter: filterOf({ texto_busca: 'conceicao' }),
    },
  ];
}

// The API's clients run in a child process (load-worker.ts); the bare-SQL baseline runs from this
// process, on its own pool, in the same run.

/**
 * The exact SQL of the API's list read for a scenario: the repository's leadListStatements (the
 * text and parameters listLeadsPage and countLeads send), with the path parsed as the route does.
 */
async function captureSql(bench: LeadsBench, scope: LeadScope, scenario: Scenario): Promise<Captured> {
  // The path goes through the same parser as the route (Fastify hands it over decoded once).
  const tail = decodeURIComponent(buildContactListPath(scenario.kind, scenario.filter).split('/').slice(2).join('/'));
  const filter = parseContactListPath(tail);
  const intervalo = await crmIntervalDays(bench.database.db, scope.unidadeId);
  const capturedSince = scenario.kind === 'crm' ? new Date(Date.now() - intervalo * 86_400_000) : undefined;
  const { page, count } = leadListStatements(scope, { filter, ...(capturedSince ? { capturedSince } : {}) });
  return { rows: page, count };
}

async function explain(raw: RawSql, label: string, q: { text: string; params: unknown[] }): Promise<void> {
  const { rows } = await raw.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.params);
  console.log(`\n### EXPLAIN (ANALYZE, BUFFERS) ${label}\n${q.text}\n-- params: ${JSON.stringify(q.params)}`);
  for (const r of rows) console.log(`  ${String(Object.values(r)[0])}`);
}

async function measure(task: () => Promise<unknown>): Promise<{ stats: Stats; rps: number }> {
  await load(task, { clients: CLIENTS, total: WARMUP, maxMs: MAX_MS });
  const { latencies, elapsedMs } = await load(task, { clients: CLIENTS, total: TOTAL, maxMs: MAX_MS });
  return { stats: stats(latencies), rps: (latencies.length / elapsedMs) * 1000 };
}

export async function run(): Promise<void> {
  const bench = await openLeadsBench();
  const served = await (async () => {
    // The chat's list is served to a unit with the gateway on and an instance (000 §6 /chat).
    if (CHAT) await enableChat(bench);
    return serve(bench);
  })().catch(async (error: unknown) => {
    await bench.close();
    throw error;
  });
  // The SQL baseline gets a pool as large as the app's (10) on PostgreSQL; PGlite has one connection.
  const sqlPool = bench.engine === 'postgres' ? new pg.Pool({ connectionString: bench.url, max: 10 }) : null;
  const sqlRaw: RawSql = sqlPool ?? bench.raw;
  const loader: HttpLoader = httpLoader();
  const opener: OpenLoader = openLoader();
  try {
    const { fixture } = bench;
    console.log(`  ${bench.describe()}`);
    console.log(
      `  ${machineLine()}; ${CLIENTS} clientes concorrentes, até ${TOTAL} requisições ou ${MAX_MS / 1000} s por cenário, ${RUNS} execuções`,
    );
    const tokens: Record<Who, string> = {
      admin: await served.login(fixture.admin.email),
      atendente: await served.login(fixture.attendant.email),
    };
    const scopes: Record<Who, LeadScope> = {
      admin: { empresaId: fixture.target.empresa, unidadeId: fixture.target.id, userId: fixture.admin.id, seesAssigned: true },
      atendente: {
        empresaId: fixture.target.empresa,
        unidadeId: fixture.target.id,
        userId: fixture.attendant.id,
        seesAssigned: false,
      },
    };
    const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
    const list = (await scenarios(bench)).filter((s) => !only || only.includes(s.id));
    const results = new Map<string, Outcome[]>();
    const failed = new Set<string>();
    for (let runIndex = 1; runIndex <= (CLOSED ? RUNS : 0); runIndex += 1) {
      for (const scenario of list) {
        const url = `${served.base}/api/${buildContactListPath(scenario.kind, scenario.filter)}`;
        const headers = { authorization: `Bearer ${tokens[scenario.who]}` };
        const first = await fetch(url, { headers });
        const body = (await first.json()) as { data?: { crm_contato_total?: { total: number }; crm_contato?: unknown[] } };
        if (first.status !== 200 || !body.data?.crm_contato_total) {
          // Reported, not fatal: the other scenarios still run (docs/performance.md lists known failures).
          console.log(
            `\n## ${scenario.title} — execução ${runIndex}/${RUNS}\n  FALHOU: HTTP ${first.status} ${JSON.stringify(body).slice(0, 200)}`,
          );
          failed.add(scenario.id);
          continue;
        }
        const total = body.data.crm_contato_total.total;
        const captured = await captureSql(bench, scopes[scenario.who], scenario);
        const { rows: countRows } = await sqlRaw.query(captured.count.text, captured.count.params);
        const sqlTotal = Number(Object.values(countRows[0] ?? {})[0]);
        if (sqlTotal !== total) throw new Error(`${scenario.id}: a API conta ${total}, o SQL capturado ${sqlTotal}`);
        if (process.env.BENCH_EXPLAIN === '1' && runIndex === 1) {
          await explain(sqlRaw, `${scenario.id} (página)`, captured.rows);
          await explain(sqlRaw, `${scenario.id} (total)`, captured.count);
        }
        // The HTTP clients run in a child process, so their CPU is not taken from the app.
        const cpu0 = process.cpuUsage();
        const loaded = await loader.run({
          url,
          headers,
          clients: CLIENTS,
          warmup: WARMUP,
          total: TOTAL,
          maxMs: MAX_MS,
          expectStatus: 200,
        });
        if (loaded.failures > 0) throw new Error(`${scenario.id}: ${loaded.failures} respostas diferentes de 200`);
        const cpu = process.cpuUsage(cpu0);
        // The app's CPU (this process: user + system) per request, warm-up included in both terms.
        const cpuMs = (cpu.user + cpu.system) / 1000 / (loaded.latencies.length + WARMUP);
        const api = { stats: stats(loaded.latencies), rps: (loaded.latencies.length / loaded.elapsedMs) * 1000 };
        const sql = await measure(() =>
          Promise.all([
            sqlRaw.query(captured.rows.text, captured.rows.params),
            sqlRaw.query(captured.count.text, captured.count.params),
          ]),
        );
        const outcome: Outcome = { api: api.stats, sql: sql.stats, apiRps: api.rps, sqlRps: sql.rps, total, cpuMs };
        results.set(scenario.id, [...(results.get(scenario.id) ?? []), outcome]);
        report(`${scenario.title} — execução ${runIndex}/${RUNS} (${total.toLocaleString('pt-BR')} leads no filtro)`, [
          [
            'API',
            `p50 ${fmt(api.stats.p50)}  p95 ${fmt(api.stats.p95)}  p99 ${fmt(api.stats.p99)}  max ${fmt(api.stats.max)}  ` +
              `(${api.stats.count} req, ${api.rps.toFixed(0)} req/s)`,
          ],
          [
            'SQL',
            `p50 ${fmt(sql.stats.p50)}  p95 ${fmt(sql.stats.p95)}  p99 ${fmt(sql.stats.p99)}  max ${fmt(sql.stats.max)}  ` +
              `(${sql.stats.count} exec, ${sql.rps.toFixed(0)}/s)`,
          ],
          ['CPU do app', `${cpuMs.toFixed(2)} ms por requisição`],
          ['API/SQL', `p50 ×${(api.stats.p50 / sql.stats.p50).toFixed(2)}  p99 ×${(api.stats.p99 / sql.stats.p99).toFixed(2)}`],
        ]);
      }
    }
    if (CLOSED) printClosed(list, results, failed, bench.engine);
    if (OPEN) await openLoops(served.base, tokens, list, opener, CHAT ? await chatTargets(bench, served.base, tokens) : []);
  } finally {
    loader.close();
    opener.close();
    await served.close();
    await sqlPool?.end();
    await bench.close();
  }
}

type OpenOutcome = { all: Stats; names: Stats; cpuMs: number; rps: number; lost: number; load: string; watched: string };
type Target = OpenLoadJob['targets'][number];

/** One open-loop pass of `targets` at `rate`, with the app's CPU per request (this process). */
async function openPass(
  opener: OpenLoader,
  targets: Target[],
  rate: number,
  nameLabels: (label: string) => boolean,
): Promise<OpenOutcome> {
  const load = `carga ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;
  const cpu0 = process.cpuUsage();
  const watch = passWatch();
  const result = await opener.run({
    mode: 'open',
    targets,
    ratePerSecond: rate,
    durationMs: OPEN_MS,
    warmupMs: 5_000,
    expectStatus: 200,
  });
  const cpu = process.cpuUsage(cpu0);
  const watched = watch();
  if (result.failures > 0) throw new Error(`carga aberta: ${result.failures} respostas diferentes de 200`);
  const warmupCalls = Math.floor(5 * rate);
  const names = Object.entries(result.byLabel).flatMap(([label, l]) => (nameLabels(label) ? l : []));
  return {
    all: stats(result.latencies),
    names: stats(names),
    // Per answered request (warm-up included in both terms): abandoned calls cost little here.
    cpuMs: (cpu.user + cpu.system) / 1000 / (result.latencies.length + warmupCalls),
    rps: (result.latencies.length / result.elapsedMs) * 1000,
    lost: result.lost,
    load,
    watched,
  };
}

async function enableChat(bench: LeadsBench): Promise<void> {
  const unit = bench.fixture.target;
  await bench.raw.query('UPDATE unidade_configuracoes SET evolution_habilitado = true WHERE id_unidade = $1', [unit.id]);
  await bench.raw.query(
    `INSERT INTO instancias_evolution (id_unidade, id_empresa, name, token, webhook_secret, connection_status)
     SELECT $1, $2, 'bench-lista', 'tok', 'sec', 'open' WHERE NOT EXISTS (SELECT 1 FROM instancias_evolution WHERE name = 'bench-lista')`,
    [unit.id, unit.empresa],
  );
}

/** The chat list's searches: the common names (admin and attendant) and a phone's digits, each checked once for a 200 with leads. */
async function chatTargets(bench: LeadsBench, base: string, tokens: Record<Who, string>): Promise<Target[]> {
  const { rows } = await bench.raw.query(
    `SELECT cli_telefone FROM leads WHERE id_unidade = $1 AND cli_data_captacao > now() - interval '30 days' ORDER BY cli_crm_id
      LIMIT 1 OFFSET 777`,
    [bench.fixture.target.id],
  );
  const digits = String(rows[0]?.cli_telefone ?? '11987654321').slice(-9);
  // The phone's lead may be another attendant's: its digits are searched by the admin.
  const searches: [string, Who][] = [
    ...COMMON_NAMES.flatMap(
      (n) =>
        [
          [n, 'admin'],
          [n, 'atendente'],
        ] as [string, Who][],
    ),
    [digits, 'admin'],
  ];
  const targets = searches.map(([texto, who]): Target => ({
    label: `chat-${who}-${texto}`,
    url: `${base}/api/${buildWhatsappClientsPath({ ...emptyFilter(WHATSAPP_CLIENTS_LAYOUT), texto_busca: texto })}`,
    headers: { authorization: `Bearer ${tokens[who]}` },
  }));
  for (const t of targets) {
    const res = await fetch(t.url, { headers: t.headers });
    const text = await res.text();
    if (res.status !== 200 || !text.includes('cli_crm_id'))
      throw new Error(`${t.label}: HTTP ${res.status} ${text.slice(0, 200)}`);
  }
  return targets;
}

async function openLoops(
  base: string,
  tokens: Record<Who, string>,
  list: Scenario[],
  opener: OpenLoader,
  chat: Target[],
): Promise<void> {
  const target = (s: Scenario, page: number): Target => ({
    label: `${s.id}#${page}`,
    url: `${base}/api/${buildContactListPath(s.kind, { ...s.filter, page })}`,
    headers: { authorization: `Bearer ${tokens[s.who]}` },
  });
  // The mix: every scenario at pages 1, 2 and 3, interleaved (scenario changes on every request).
  const mix = [1, 2, 3].flatMap((page) => list.map((s) => target(s, page)));
  const isName = (label: string) => label.startsWith('admin-nome#') || label.startsWith('atend-nome#');
  const alone = COMMON_NAMES.flatMap((nome) =>
    (['admin', 'atendente'] as const).map((who): Target => ({
      label: `${who}-${nome}`,
      url: `${base}/api/${buildContactListPath('crm', filterOf({ texto_busca: nome }))}`,
      headers: { authorization: `Bearer ${tokens[who]}` },
    })),
  );
  const mixRuns: OpenOutcome[] = [];
  const aloneRuns: OpenOutcome[] = [];
  const chatAloneRuns: OpenOutcome[] = [];
  const chatMixRuns: OpenOutcome[] = [];
  const isChat = (label: string) => label.startsWith('chat-');
  // The mix with the chat's searches in it: one of them after every five CRM reads.
  const chatMix = mix.flatMap((t, i) => (i % 5 === 4 ? [t, chat[Math.floor(i / 5) % Math.max(1, chat.length)]!] : [t]));
  for (let runIndex = 1; runIndex <= RUNS; runIndex += 1) {
    const m = await openPass(opener, mix, RATE, isName);
    mixRuns.push(m);
    reportOpen(`carga aberta: mistura a ${RATE} req/s — execução ${runIndex}/${RUNS}`, m, 'busca "conceicao" na mistura');
    const a = await openPass(opener, alone, NAME_RATE, () => true);
    aloneRuns.push(a);
    reportOpen(`carga aberta: nomes comuns sozinhos a ${NAME_RATE} req/s — execução ${runIndex}/${RUNS}`, a, null);
    if (chat.length === 0) continue;
    const ca = await openPass(opener, chat, NAME_RATE, () => true);
    chatAloneRuns.push(ca);
    reportOpen(
      `carga aberta: chat, nomes comuns e dígitos sozinhos a ${NAME_RATE} req/s — execução ${runIndex}/${RUNS}`,
      ca,
      null,
    );
    const cm = await openPass(opener, chatMix, RATE, isChat);
    chatMixRuns.push(cm);
    reportOpen(
      `carga aberta: mistura com as buscas do chat a ${RATE} req/s — execução ${runIndex}/${RUNS}`,
      cm,
      'buscas do chat na mistura',
    );
  }
  const row = (title: string, runs: OpenOutcome[], pick: (o: OpenOutcome) => Stats) => {
    const md = (f: (o: OpenOutcome) => number) => median(runs.map(f));
    return (
      `| ${title} | ${fmt(md((o) => pick(o).p50))} | ${fmt(md((o) => pick(o).p95))} | ${fmt(md((o) => pick(o).p99))} | ` +
      `${fmt(md((o) => pick(o).max))} | ${md((o) => o.rps).toFixed(0)} | ${md((o) => o.cpuMs).toFixed(2)} ms | ` +
      `${runs.map((o) => o.load.replace('carga ', '')).join(' · ')} |`
    );
  };
  console.log(`\n## Carga aberta: medianas de ${RUNS} execuções (${OPEN_MS / 1000} s cada; latência desde o horário marcado)`);
  console.log('| carga | p50 | p95 | p99 | max | req/s | CPU do app/req | carga da máquina (1/5/15 min) por execução |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  console.log(row(`mistura a ${RATE} req/s (todas as requisições)`, mixRuns, (o) => o.all));
  console.log(row(`mistura a ${RATE} req/s: só as buscas "conceicao"`, mixRuns, (o) => o.names));
  console.log(row(`nomes comuns sozinhos a ${NAME_RATE} req/s`, aloneRuns, (o) => o.all));
  if (chat.length === 0) return;
  console.log(row(`chat: nomes comuns e dígitos sozinhos a ${NAME_RATE} req/s`, chatAloneRuns, (o) => o.all));
  console.log(row(`mistura com as buscas do chat a ${RATE} req/s (todas)`, chatMixRuns, (o) => o.all));
  console.log(row(`mistura com as buscas do chat a ${RATE} req/s: só as do chat`, chatMixRuns, (o) => o.names));
}

function reportOpen(title: string, o: OpenOutcome, namesLabel: string | null): void {
  const line = (s: Stats) => `p50 ${fmt(s.p50)}  p95 ${fmt(s.p95)}  p99 ${fmt(s.p99)}  max ${fmt(s.max)}  (${s.count} req)`;
  report(title, [
    ['todas', `${line(o.all)}, ${o.rps.toFixed(0)} req/s, ${o.lost} perdidas`],
    ...(namesLabel ? [[namesLabel, line(o.names)] as [string, string]] : []),
    ['CPU do app', `${o.cpuMs.toFixed(2)} ms por requisição`],
    ['máquina', `${o.load}; ${o.watched}`],
  ]);
}

function printClosed(list: Scenario[], results: Map<string, Outcome[]>, failed: Set<string>, engine: string): void {
  console.log(
    `\n## Medianas de ${RUNS} execuções (${engine}${engine === 'pglite' ? ', escala reduzida' : ''}; ${CLIENTS} clientes)`,
  );
  console.log(
    '| cenário | leads no filtro | API p50 | API p99 | SQL p50 | SQL p99 | API/SQL p50 | API/SQL p99 | API req/s | CPU do app/req |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const scenario of list) {
    const outcomes = results.get(scenario.id) ?? [];
    if (outcomes.length === 0) {
      console.log(`| ${scenario.title} | ${failed.has(scenario.id) ? 'falhou (HTTP ≠ 200)' : '—'} | | | | | | | | |`);
      continue;
    }
    const m = (pick: (o: Outcome) => number) => median(outcomes.map(pick));
    const apiP50 = m((o) => o.api.p50);
    const apiP99 = m((o) => o.api.p99);
    const sqlP50 = m((o) => o.sql.p50);
    const sqlP99 = m((o) => o.sql.p99);
    console.log(
      `| ${scenario.title} | ${(outcomes[0]?.total ?? 0).toLocaleString('pt-BR')} | ${fmt(apiP50)} | ${fmt(apiP99)} | ` +
        `${fmt(sqlP50)} | ${fmt(sqlP99)} | ×${(apiP50 / sqlP50).toFixed(2)} | ×${(apiP99 / sqlP99).toFixed(2)} | ` +
        `${m((o) => o.apiRps).toFixed(0)} | ${m((o) => o.cpuMs).toFixed(2)} ms |`,
    );
  }
}
