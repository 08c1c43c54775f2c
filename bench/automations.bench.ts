// Automations (issue 25 'Tests and figures'): `npm run bench -- automations`. On PostgreSQL (a
// database of the bench's own, dropped at the end), one unit with leads and three rules enabled:
//   1. 'Em negociação' → the price list (a WhatsApp message through the gateway emulator, a child process);
//   2. 'Agendado' → status 'Whatsapp' and a tag;
//   3. 'Tentando contato' → wait 1 minute, then a note.
// The status changes are sent open loop (a fixed schedule, AUTOMATIONS_RATE a second, whatever the
// answers) from a child process (load-worker.ts) over HTTP through the real status door
// (POST /api/negociacao/atualizarstatusnegociacao/:id), each lead once, the rules in turn. Measured:
// - trigger → first step done: from the change's scheduled time to the answer of the statement that
//   records the run's first step (one statement of its own, so its answer is its commit; seen on the pg
//   driver of this process, where the app and its engine run); p50/p95/p99; the aim is p95 < 1 s;
// - the engine's CPU per step: this process's CPU from the first change until every run ended, less
//   the status door's own CPU per change (a first pass of changes with the rules disabled), over the
//   steps done;
// - statements per step: every statement the pg driver ran in the same window (BEGIN/COMMIT
//   included), over the steps done; and those of the engine's passes alone (its Ticker's pass);
// - 0 runs doubled (one run per lead and one message per number at the gateway), 0 lost (every change
//   has its run, every run ended 'concluida').
//
//   DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres npm run bench -- automations
//
// Sizes: AUTOMATIONS_CHANGES (default 10000), AUTOMATIONS_RATE (changes a second, default 100),
// AUTOMATIONS_BASELINE (changes of the pass without rules, default 2000), AUTOMATIONS_PROCESSES (server
// processes, default 2: this one and automations-node.ts; CPU and statements are the sum of all).
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

import type { AutomationInput } from '@funil/domain/automations/automations';

import { buildApp } from '../apps/server/src/app.ts';
import { createCompany, createUnit, createUser, seedReferenceLists } from '../apps/server/src/demo/builders.ts';
import { automationEngineOf } from '../apps/server/src/modules/automations/automations.routes.ts';
import { instanciasEvolution } from '../apps/server/src/modules/whatsapp/instances/instances.table.ts';
import {
  allTexts,
  engineTexts,
  firstStepDone,
  inEngine,
  markOf,
  TRACE,
  TRACE_ALL,
  type ProcessMark,
} from './automations-hooks.ts';
import type { AutomationsNodeConfig, AutomationsNodeMessage } from './automations-node.ts';
import { fmt, freshBenchDatabase, openLoader, rawOf, report, startEvolutionEmulator, stats, type OpenLoadJob } from './lib.ts';

const CHANGES = Number(process.env.AUTOMATIONS_CHANGES ?? 10_000);
const RATE = Number(process.env.AUTOMATIONS_RATE ?? 100);
const BASELINE = Number(process.env.AUTOMATIONS_BASELINE ?? 2_000);
const WARMUP = 500;
/** AUTOMATIONS_CONCURRENCY: the engine's runs at a time (its default when unset). */
const CONCURRENCY = Number(process.env.AUTOMATIONS_CONCURRENCY ?? 0);
/**
 * AUTOMATIONS_PROCESSES: the server processes (default 2, the production shape on two cores:
 * FUNIL_WORKERS=2, docs/deploy.md). The first is this one; the others are automations-node.ts, each
 * taking its share of the changes on its own port (the cluster's round robin) and of the engine's runs.
 */
const PROCESSES = Math.max(1, Number(process.env.AUTOMATIONS_PROCESSES ?? 2));
const PASSWORD = 'senha-bench-automacoes-1';
const INSTANCE = 'bench-automacoes';
/** The statuses of the changes, in turn, each the trigger of one rule. */
const STATUSES = [4, 2, 7] as const;
const log = (line: string) => console.log(`  ${line}`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const RULES: AutomationInput[] = [
  {
    nome: 'Tabela de preços em negociação',
    gatilho: { tipo: 'status-entrou', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 4 },
    opcoes: { limiteDiario: 1 },
    passos: [{ tipo: 'mensagem', texto: 'Olá [nome_cliente]! Segue a nossa tabela: limpeza R$ 180,00, clareamento R$ 890,00.' }],
    habilitado: false,
  },
  {
    nome: 'Agendado segue pelo WhatsApp',
    gatilho: { tipo: 'status-entrou', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 2 },
    opcoes: { limiteDiario: 1 },
    passos: [
      { tipo: 'status', familia: 'negociacao', idStatus: 9 },
      { tipo: 'tag', acao: 'adicionar', nome: 'Agendado pela automação' },
    ],
    habilitado: false,
  },
  {
    nome: 'Anotação depois de tentar contato',
    gatilho: { tipo: 'status-entrou', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 7 },
    opcoes: { limiteDiario: 1 },
    passos: [
      { tipo: 'esperar', quantidade: 1, unidade: 'minutos', horarioComercial: false },
      { tipo: 'anotacao', texto: 'Tentativa de contato registrada pela automação.' },
    ],
    habilitado: false,
  },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type BenchNode = {
  child: ChildProcess;
  url: string;
  mark: () => Promise<ProcessMark>;
  firstSteps: () => Promise<[number, number][]>;
  close: () => Promise<void>;
};
/** The nodes started, killed at the end whatever happens. */
const startedNodes: BenchNode[] = [];

/** Starts one more server process (automations-node.ts) and resolves once it listens. */
function startNode(config: AutomationsNodeConfig): Promise<BenchNode> {
  const child = fork(new URL('./automations-node.ts', import.meta.url), [JSON.stringify(config)], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <K extends AutomationsNodeMessage['kind']>(message: string, kind: K) =>
    new Promise<Extract<AutomationsNodeMessage, { kind: K }>>((resolve) => {
      const on = (m: AutomationsNodeMessage) => {
        if (m.kind !== kind) return;
        child.off('message', on);
        resolve(m as Extract<AutomationsNodeMessage, { kind: K }>);
      };
      child.on('message', on);
      child.send(message);
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`processo do benchmark saiu (${code})`)));
    child.once('message', (m: AutomationsNodeMessage) => {
      if (m.kind !== 'ready') return;
      const node: BenchNode = {
        child,
        url: m.url,
        mark: async () => (await ask('mark', 'mark')).mark,
        firstSteps: async () => (await ask('report', 'report')).firstSteps,
        close: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.send('close');
          }),
      };
      startedNodes.push(node);
      resolve(node);
    });
  });
}

export async function run(): Promise<void> {
  const {
    database,
    drop,
    url: databaseUrl,
  } = await freshBenchDatabase('funil_bench_automacoes', 'O benchmark de automações precisa de DATABASE_URL (PostgreSQL).');
  const key = randomBytes(16).toString('hex');
  const controlKey = randomBytes(16).toString('hex');
  const emu = await startEvolutionEmulator(key, controlKey);
  const db = database.db;
  const raw = rawOf(database);
  const loader = openLoader();
  try {
    await seedReferenceLists(db);
    const empresa = await createCompany(db, 'Empresa Bench Automações');
    const unit = await createUnit(db, empresa, 'Unidade Automações', '11', {
      evolutionHabilitado: true,
      extras: {
        automacao: true,
        configuracoes_envio_em_massa: {
          quantidade_max_leads: 1000,
          tempo_minimo: 10,
          tempo_maximo: 60,
          aquecimento: [{ dias: 0, limite: 100_000 }],
          horario_inicio: '00:00',
          horario_fim: '23:59',
          dias_semana: [0, 1, 2, 3, 4, 5, 6],
        },
      } as never,
    });
    const email = 'admin@bench-automacoes.com.br';
    await createUser(db, { idEmpresa: empresa, idUnidade: unit, nome: 'Gestora', email, senha: PASSWORD, permissao: 'a' });
    const created = await fetch(`${emu.url}/instance/create`, {
      method: 'POST',
      headers: { apikey: key, 'content-type': 'application/json' },
      body: JSON.stringify({ instanceName: INSTANCE, integration: 'WHATSAPP-BAILEYS' }),
    });
    const token = ((await created.json()) as { hash: string }).hash;
    await fetch(`${emu.url}/_emulator/instances/${INSTANCE}/scan`, {
      method: 'POST',
      headers: { 'x-emulator-control-key': controlKey, 'content-type': 'application/json' },
      body: JSON.stringify({ number: '5511900000025' }),
    });
    await db.insert(instanciasEvolution).values({
      idUnidade: unit,
      idEmpresa: empresa,
      name: INSTANCE,
      token,
      webhookSecret: 'segredo-bench-automacoes-0123456789',
      connectionStatus: 'open',
    });
    await raw.query(
      `insert into leads (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave) select $1, $2, 'Lead ' || g,
        '119' || lpad(g::text, 8, '0'), '11' || lpad(g::text, 8, '0') from generate_series(1, $3::int) g`,
      [empresa, unit, WARMUP + BASELINE + CHANGES],
    );
    const leadIds = (await raw.query('select cli_crm_id from leads where id_unidade = $1 order by cli_crm_id', [unit])).rows.map(
      (r) => Number(r['cli_crm_id']),
    );

    const app = await buildApp({
      database,
      webDist: '/nonexistent',
      sessionSweepMs: 0,
      mediaSweepMs: 0,
      evolution: { baseUrl: emu.url, globalApiKey: key, publicUrl: 'http://127.0.0.1:9' },
      // Started below, inside the context that marks its statements.
      automations: { autoStart: false, ...(CONCURRENCY ? { concurrency: CONCURRENCY } : {}) },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // The other server processes, each with its own port (the door's changes go to each in turn).
    const nodes = await Promise.all(
      Array.from({ length: PROCESSES - 1 }, () =>
        startNode({
          databaseUrl: databaseUrl!,
          evolution: { baseUrl: emu.url, globalApiKey: key },
          ...(CONCURRENCY ? { concurrency: CONCURRENCY } : {}),
        }),
      ),
    );
    const bases = [base, ...nodes.map((n) => n.url)];
    /** Every process's CPU and statements now, summed. */
    const mark = async (): Promise<ProcessMark> => {
      const marks = [markOf(), ...(await Promise.all(nodes.map((n) => n.mark())))];
      return marks.reduce((a, m) => ({
        cpuUs: a.cpuUs + m.cpuUs,
        statements: a.statements + m.statements,
        engineStatements: a.engineStatements + m.engineStatements,
      }));
    };
    // The engine's loop runs in this context, so the statements of its passes and runs are told apart.
    const engine = automationEngineOf(app);
    inEngine.run(true, () => engine.start());
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, senha: PASSWORD, lembrar: true } });
    const bearer = (login.json() as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
    const ruleIds: number[] = [];
    for (const rule of RULES) {
      const res = await app.inject({ method: 'POST', url: '/api/automacoes', headers, payload: rule });
      if (res.statusCode !== 201) throw new Error(`regra não criada: ${res.statusCode} ${res.body}`);
      ruleIds.push((res.json() as { data: { id: number } }).data.id);
    }
    const job = (ids: readonly number[]): OpenLoadJob => ({
      mode: 'open',
      targets: ids.map((id, i) => ({
        label: String(STATUSES[i % STATUSES.length]),
        url: `${bases[i % bases.length]}/api/negociacao/atualizarstatusnegociacao/${id}`,
        headers,
        method: 'POST' as const,
        body: JSON.stringify({ status: STATUSES[i % STATUSES.length] }),
      })),
      ratePerSecond: RATE,
      durationMs: (ids.length / RATE) * 1000,
      warmupMs: 0,
      expectStatus: 200,
    });
    log(
      `${CHANGES.toLocaleString('pt-BR')} mudanças de status a ${RATE}/s (uma por lead, as regras em turno); linha de base sem regras ` +
        `${BASELINE.toLocaleString('pt-BR')}; ${PROCESSES} processo(s) do servidor; banco ${database.kind}; ` +
        `${cpus().length} CPUs, carga ${load()}`,
    );

    // 0. A warm-up of the door (JIT, pools), not measured; 1. the status door alone: the rules disabled
    // (the CPU and statements of a change without automations).
    await loader.run(job(leadIds.slice(0, WARMUP)));
    await sleep(1_000);
    const baseLeads = leadIds.slice(WARMUP, WARMUP + BASELINE);
    const m0 = await mark();
    const baseResult = await loader.run(job(baseLeads));
    await sleep(1_000);
    const m1 = await mark();
    const baseCpuPerChange = (m1.cpuUs - m0.cpuUs) / 1000 / Math.max(1, baseResult.latencies.length);
    const baseStatementsPerChange = (m1.statements - m0.statements) / Math.max(1, baseResult.latencies.length);
    const baseDoor = stats(baseResult.latencies);
    log(
      `linha de base: ${baseResult.latencies.length} mudanças, porta p50 ${fmt(baseDoor.p50)} p95 ${fmt(baseDoor.p95)}, ` +
        `${fmt(baseCpuPerChange)} de CPU e ${baseStatementsPerChange.toFixed(1)} comandos SQL por mudança; carga ${load()}`,
    );

    // 2. The three rules enabled.
    for (const id of ruleIds) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/automacoes/${id}/status`,
        headers,
        payload: { habilitado: true },
      });
      if (res.statusCode !== 200) throw new Error(`regra não habilitada: ${res.statusCode} ${res.body}`);
    }
    const measured = leadIds.slice(WARMUP + BASELINE);
    const m2 = await mark();
    const t0 = performance.now();
    const result = await loader.run(job(measured));
    log(
      `mudanças enviadas em ${((performance.now() - t0) / 1000).toFixed(1)} s; carga ${load()}; esperando as execuções terminarem`,
    );
    // Until no run is active (the waits of rule 3 end a minute after their change), bounded.
    const deadline = Date.now() + 4 * 60_000;
    for (;;) {
      const { rows } = await raw.query(`select count(*)::int as n from automacoes_execucoes where status = 'ativa'`);
      if (Number(rows[0]!['n']) === 0 || Date.now() > deadline) break;
      await sleep(500);
    }
    const elapsedMs = performance.now() - t0;
    const m3 = await mark();
    const cpuUs = m3.cpuUs - m2.cpuUs;
    const countedStatements = m3.statements - m2.statements;
    const countedEngine = m3.engineStatements - m2.engineStatements;
    for (const n of nodes) for (const [run, at] of await n.firstSteps()) firstStepDone.set(run, at);
    const loadAtEnd = load();

    const runs = (
      await raw.query(
        `select e.id, e.cli_crm_id, e.id_automacao, e.status, e.erro,
           (select count(*)::int from automacoes_passos p where p.id_execucao = e.id) as passos,
           extract(epoch from e.criado_em) * 1000 as enrolled, extract(epoch from v.em) * 1000 as event
         from automacoes_execucoes e left join lead_eventos v on v.id = e.id_evento`,
      )
    ).rows.map((r) => ({
      id: Number(r['id']),
      lead: Number(r['cli_crm_id']),
      rule: Number(r['id_automacao']),
      status: String(r['status']),
      erro: r['erro'] as string | null,
      steps: Number(r['passos']),
      enrolled: Number(r['enrolled']),
      event: Number(r['event']),
    }));
    const steps = runs.reduce((s, r) => s + r.steps, 0);
    const scheduledOf = new Map(measured.map((id, i) => [id, result.startedAtMs + (i * 1000) / RATE]));
    const byRule = new Map<number, number[]>(ruleIds.map((id) => [id, []]));
    const all: number[] = [];
    // Where the time goes: the door (scheduled → the event's time), the stream (→ the run's enrolment), the engine (→ done).
    const parts = { door: [] as number[], stream: [] as number[], engine: [] as number[] };
    for (const r of runs) {
      const done = firstStepDone.get(r.id);
      const scheduled = scheduledOf.get(r.lead);
      if (done === undefined || scheduled === undefined) continue;
      all.push(done - scheduled);
      parts.door.push(r.event - scheduled);
      parts.stream.push(r.enrolled - r.event);
      parts.engine.push(done - r.enrolled);
      byRule.get(r.rule)?.push(done - scheduled);
    }
    const perLeadRule = new Map<string, number>();
    for (const r of runs) perLeadRule.set(`${r.rule}:${r.lead}`, (perLeadRule.get(`${r.rule}:${r.lead}`) ?? 0) + 1);
    const doubledRuns = [...perLeadRule.values()].filter((n) => n > 1).length;
    const okChanges = result.latencies.length;
    const expectedRuns = measured.length;
    const notDone = runs.filter((r) => r.status !== 'concluida');
    // Lost: a lead whose status did change (the door committed) with no run of its rule.
    const lostRuns = Number(
      (
        await raw.query(
          `select count(*)::int as n from leads l where l.cli_crm_id = any($1::int[]) and l.cli_status_negociacao <> 1
             and not exists (select 1 from automacoes_execucoes e where e.cli_crm_id = l.cli_crm_id)`,
          [measured],
        )
      ).rows[0]!['n'],
    );
    const sent = (await (
      await fetch(`${emu.url}/_emulator/instances/${INSTANCE}/sent`, { headers: { 'x-emulator-control-key': controlKey } })
    ).json()) as { record: { key: { remoteJid: string } } }[];
    const perNumber = new Map<string, number>();
    for (const m of sent) perNumber.set(m.record.key.remoteJid, (perNumber.get(m.record.key.remoteJid) ?? 0) + 1);
    const doubledMessages = [...perNumber.values()].filter((n) => n > 1).length;
    const expectedMessages = measured.filter((_, i) => STATUSES[i % STATUSES.length] === 4).length;
    await engine.stop();
    await Promise.all(nodes.map((n) => n.close()));
    await app.close();

    const s = stats(all);
    const door = stats(result.latencies);
    const cpuMs = cpuUs / 1000;
    const engineCpuMs = cpuMs - baseCpuPerChange * okChanges;
    const line = (st: ReturnType<typeof stats>) =>
      `p50 ${fmt(st.p50)}, p95 ${fmt(st.p95)}, p99 ${fmt(st.p99)}, máx ${fmt(st.max)} (${st.count})`;
    report(`Automações (${database.kind}, ${RATE} mudanças/s em laço aberto, 3 regras)`, [
      [
        'mudanças de status',
        `${okChanges.toLocaleString('pt-BR')} de ${result.sent} com 200 (${result.failures} falhas, ${result.lost} perdidas)`,
      ],
      ['porta de status (HTTP)', `${line(door)}; atraso máx. do gerador ${fmt(result.maxLagMs)}`],
      [
        'gatilho → 1º passo feito',
        `${line(s)}; meta p95 < 1 s: ${s.count === 0 ? 'n/d' : s.p95 < 1000 ? 'atingida' : 'NÃO atingida'}`,
      ],
      ['  porta → evento gravado', line(stats(parts.door))],
      ['  evento → execução criada (fluxo)', line(stats(parts.stream))],
      ['  execução criada → 1º passo (motor)', line(stats(parts.engine))],
      ...ruleIds.map((id, i): [string, string] => [`  regra ${i + 1} (${RULES[i]!.nome})`, line(stats(byRule.get(id) ?? []))]),
      [
        'execuções',
        `${runs.length.toLocaleString('pt-BR')} de ${expectedRuns.toLocaleString('pt-BR')}; ${doubledRuns} duplicadas; ` +
          `${lostRuns} perdidas (status mudado sem execução); ` +
          `${notDone.length} não concluídas${notDone[0] ? ` (ex.: ${notDone[0].status} ${notDone[0].erro ?? ''})` : ''}`,
      ],
      [
        'mensagens no gateway',
        `${sent.length.toLocaleString('pt-BR')} de ${expectedMessages.toLocaleString('pt-BR')} esperadas; ` +
          `${doubledMessages} números com mais de uma`,
      ],
      [
        'passos feitos',
        `${steps.toLocaleString('pt-BR')} em ${(elapsedMs / 1000).toFixed(1)} s (até a última execução terminar)`,
      ],
      [
        'CPU do processo por passo',
        `${fmt(cpuMs / Math.max(1, steps))} (tudo: porta, consumidores, motor); do motor ` +
          `${fmt(engineCpuMs / Math.max(1, steps))} (menos ${fmt(baseCpuPerChange)} por mudança da linha de base)`,
      ],
      [
        'comandos SQL por passo',
        `${(countedStatements / Math.max(1, steps)).toFixed(1)} (tudo); ` +
          `no laço do motor ${(countedEngine / Math.max(1, steps)).toFixed(1)}; ` +
          `a porta e os consumidores sem regras: ${baseStatementsPerChange.toFixed(1)} por mudança`,
      ],
      ['carga (1, 5, 15 min) no fim', loadAtEnd],
    ]);
    if (TRACE) {
      // The latency over the pass: the median of each tenth of the changes, in their order.
      const order = new Map(measured.map((id, i) => [id, i]));
      const tenths = Array.from({ length: 10 }, () => [] as number[]);
      for (const r of runs) {
        const done = firstStepDone.get(r.id);
        const i = order.get(r.lead);
        if (done !== undefined && i !== undefined) tenths[Math.floor((i * 10) / measured.length)]!.push(done - r.enrolled);
      }
      log(`motor por décimo da passada (p50): ${tenths.map((t) => fmt(stats(t).p50)).join(', ')}`);
    }
    if (TRACE)
      for (const [text, n] of [...engineTexts].sort((a, b) => b[1] - a[1]).slice(0, 25))
        log(`${(n / Math.max(1, steps)).toFixed(2)}/passo  ${text.replace(/\s+/g, ' ')}`);
    if (TRACE_ALL) {
      log('todos os comandos (aquecimento, linha de base e passada), por mudança:');
      const changes = WARMUP + BASELINE + CHANGES;
      for (const [text, n] of [...allTexts].sort((a, b) => b[1] - a[1]).slice(0, 45))
        log(`${(n / changes).toFixed(2)}/mudança  ${text.replace(/\s+/g, ' ')}`);
    }
  } finally {
    for (const n of startedNodes.splice(0)) n.child.kill('SIGKILL');
    loader.close();
    emu.child.kill('SIGTERM');
    await database.close();
    await drop();
  }
}
