// Mass send (issue 13 'Tests and figures'): campaigns over several WhatsApp numbers, the real app
// and engine in this process, the gateway emulator in a child process (its CPU is not counted),
// the waits shortened by MASS_BENCH_WAIT_SCALE. Reported: the engine process's CPU per send, the
// database statements per send (every query the pg driver ran, BEGIN/COMMIT included), and the
// measured intervals between a campaign's sends against the configured mean (scaled).
//
//   DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres npm run bench -- mass-send
//
// A fresh database per run. Sizes: MASS_BENCH_UNITS (numbers, one unit each; default 10),
// MASS_BENCH_ROUNDS (campaigns per number, one after the other — a unit has one unfinished campaign
// at a time; default 10, so 100 campaigns), MASS_BENCH_RECIPIENTS (default 1000),
// MASS_BENCH_WAIT_SCALE (default 0.002: a 20 s interval becomes 40 ms). Without DATABASE_URL the
// statement count is not available (PGlite) and the run uses PGlite in memory.
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';

import { buildApp } from '../apps/server/src/app.ts';
import { createCompany, createUnit, createUser, seedReferenceLists } from '../apps/server/src/demo/builders.ts';
import { enviosEmMassa, enviosEmMassaClientes } from '../apps/server/src/modules/mass-send/mass-send.table.ts';
import { instanciasEvolution } from '../apps/server/src/modules/whatsapp/instances/instances.table.ts';
import { fmt, freshBenchDatabase, report, startEvolutionEmulator, stats } from './lib.ts';

const UNITS = Number(process.env.MASS_BENCH_UNITS ?? 10);
const ROUNDS = Number(process.env.MASS_BENCH_ROUNDS ?? 10);
const RECIPIENTS = Number(process.env.MASS_BENCH_RECIPIENTS ?? 1000);
const WAIT_SCALE = Number(process.env.MASS_BENCH_WAIT_SCALE ?? 0.002);
const INTERVAL_S = 20;
const PASSWORD = 'senha-bench-massa-1';
const log = (line: string) => console.log(`  ${line}`);

// Every statement the pg driver runs (pool queries and the clients of transactions).
let statements = 0;
// Of which the engine's poll for due campaigns (dueCampaignIds, every `pollMs` while idle): not
// the work of a send, and many here, where the bench polls every 5 ms.
let polls = 0;
const DUE_POLL = /order by "envios_em_massa"\."proximo_envio_em"/;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  const first = args[0] as string | { text?: string } | undefined;
  const text = typeof first === 'string' ? first : (first?.text ?? '');
  if (DUE_POLL.test(text)) polls += 1;
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

export async function run(): Promise<void> {
  // The bench is not capped by the unit's daily limit: its settings allow 100,000 a day.
  const { database, drop } = await freshBenchDatabase('funil_bench_massa');
  const key = randomBytes(16).toString('hex');
  const controlKey = randomBytes(16).toString('hex');
  const emu = await startEvolutionEmulator(key, controlKey);
  const db = database.db;
  try {
    await seedReferenceLists(db);
    const empresa = await createCompany(db, 'Empresa Bench Massa');
    const settings = {
      quantidade_max_leads: 1000,
      tempo_minimo: 10,
      tempo_maximo: 60,
      aquecimento: [{ dias: 0, limite: 100_000 }],
      horario_inicio: '00:00',
      horario_fim: '23:59',
      dias_semana: [0, 1, 2, 3, 4, 5, 6],
    };
    const units: { id: number; email: string; instance: string }[] = [];
    for (let u = 0; u < UNITS; u++) {
      const id = await createUnit(db, empresa, `Unidade Massa ${u}`, '11', {
        evolutionHabilitado: true,
        extras: { habilita_envio_em_massaV2: true, configuracoes_envio_em_massa: settings as never },
      });
      const email = `massa${u}@bench.com.br`;
      await createUser(db, {
        idEmpresa: empresa,
        idUnidade: id,
        nome: `Atendente ${u}`,
        email,
        senha: PASSWORD,
        permissao: 'u',
        acessoAtribuidos: true,
      });
      const instance = `bench-massa-${u}`;
      const created = await fetch(`${emu.url}/instance/create`, {
        method: 'POST',
        headers: { apikey: key, 'content-type': 'application/json' },
        body: JSON.stringify({ instanceName: instance, integration: 'WHATSAPP-BAILEYS' }),
      });
      const token = ((await created.json()) as { hash: string }).hash;
      await fetch(`${emu.url}/_emulator/instances/${instance}/scan`, {
        method: 'POST',
        headers: { 'x-emulator-control-key': controlKey, 'content-type': 'application/json' },
        body: JSON.stringify({ number: `55119000000${String(u).padStart(2, '0')}` }),
      });
      await db.insert(instanciasEvolution).values({
        idUnidade: id,
        idEmpresa: empresa,
        name: instance,
        token,
        webhookSecret: `segredo-bench-${u}-0123456789`,
        connectionStatus: 'open',
      });
      const raw = (db as unknown as { $client: { query(t: string, p: unknown[]): Promise<unknown> } }).$client;
      await raw.query(
        `insert into leads (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave) select $1, $2, 'Lead ' || g, '119'
          || lpad(($3::int * 100000 + g)::text, 8, '0'), '11' || lpad(($3::int * 100000 + g)::text, 8, '0')
          from generate_series(1, $4::int) g`,
        [empresa, id, u, RECIPIENTS],
      );
      units.push({ id, email, instance });
    }
    const app = await buildApp({
      database,
      webDist: '/nonexistent',
      sessionSweepMs: 0,
      mediaSweepMs: 0,
      evolution: { baseUrl: emu.url, globalApiKey: key, publicUrl: 'http://127.0.0.1:9' },
      massSend: { pollMs: 5, waitScale: WAIT_SCALE },
    });
    await app.ready();
    const tokens = new Map<number, string>();
    for (const u of units) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: u.email, senha: PASSWORD, lembrar: true },
      });
      tokens.set(u.id, (res.json() as { data: { token: string } }).data.token);
    }
    const leadIds = new Map<number, number[]>();
    for (const u of units) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/envioemmassa/clientes/-1/-1/-1/-1/-1/-1/-1/-1/-1/-1/',
        headers: { authorization: `Bearer ${tokens.get(u.id)}` },
      });
      leadIds.set(
        u.id,
        (res.json() as { clientes: { cli_crm_id: number }[] }).clientes.map((c) => c.cli_crm_id),
      );
    }
    log(
      `${UNITS} números, ${ROUNDS} campanhas cada (${UNITS * ROUNDS}), ${RECIPIENTS} destinatários, intervalo ${INTERVAL_S} s × ` +
        `${WAIT_SCALE} = média ${INTERVAL_S * WAIT_SCALE * 1000} ms; banco ${database.kind}; ${cpus().length} CPUs, carga ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    const campaignIds: number[] = [];
    statements = 0;
    polls = 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (let r = 0; r < ROUNDS; r++) {
      const ids: number[] = [];
      for (const u of units) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/envio-em-massa',
          headers: { authorization: `Bearer ${tokens.get(u.id)}` },
          payload: {
            nomeDisparo: `Rodada ${r}`,
            intervaloMensagem: INTERVAL_S,
            leads: leadIds.get(u.id)!.map((id) => ({ cli_crm_id: id })),
            mensagens: [`Rodada ${r}: olá {{nome_do_cliente}}!`, `Rodada ${r}: oi {{nome_do_cliente}}, tudo bem?`],
          },
        });
        if (res.statusCode !== 201) throw new Error(`campanha não criada: ${res.statusCode} ${res.body}`);
        ids.push((res.json() as { data: { id: number } }).data.id);
      }
      campaignIds.push(...ids);
      for (;;) {
        const rows = await db.select({ status: enviosEmMassa.status }).from(enviosEmMassa).where(inArray(enviosEmMassa.id, ids));
        if (rows.every((x) => x.status !== 'EM_ANDAMENTO')) break;
        await new Promise((res) => setTimeout(res, 200));
      }
      log(`rodada ${r + 1}/${ROUNDS}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    const elapsed = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const counted = statements;
    const countedPolls = polls;
    await app.close();
    const recipients = await db
      .select({ c: enviosEmMassaClientes.idCampanha, status: enviosEmMassaClientes.status, at: enviosEmMassaClientes.enviadoEm })
      .from(enviosEmMassaClientes)
      .where(inArray(enviosEmMassaClientes.idCampanha, campaignIds));
    const sent = recipients.filter((r) => r.status === 'SENT');
    const gaps: number[] = [];
    const byCampaign = new Map<number, number[]>();
    for (const r of sent) byCampaign.set(r.c, [...(byCampaign.get(r.c) ?? []), r.at!.getTime()]);
    for (const times of byCampaign.values()) {
      times.sort((a, b) => a - b);
      for (let i = 1; i < times.length; i++) gaps.push(times[i]! - times[i - 1]!);
    }
    const g = stats(gaps);
    const expected = INTERVAL_S * WAIT_SCALE * 1000;
    const paused = (
      await db.select({ status: enviosEmMassa.status }).from(enviosEmMassa).where(eq(enviosEmMassa.status, 'PAUSADO'))
    ).length;
    const sd = Math.sqrt(gaps.reduce((s, x) => s + (x - g.mean) ** 2, 0) / Math.max(1, gaps.length));
    report('Envio em massa', [
      [
        'envios',
        `${sent.length.toLocaleString('pt-BR')} de ${recipients.length.toLocaleString('pt-BR')} (${paused} campanhas pausadas)`,
      ],
      ['tempo total', `${(elapsed / 1000).toFixed(1)} s (${((sent.length / elapsed) * 1000).toFixed(0)} envios/s)`],
      [
        'CPU do processo por envio',
        `${fmt((cpu.user + cpu.system) / 1000 / Math.max(1, sent.length))} (user ` +
          `${fmt(cpu.user / 1000 / Math.max(1, sent.length))}, system ${fmt(cpu.system / 1000 / Math.max(1, sent.length))})`,
      ],
      ['comandos SQL por envio', database.kind === 'postgres' ? (counted / Math.max(1, sent.length)).toFixed(1) : 'n/d (PGlite)'],
      [
        '… sem as buscas ociosas',
        database.kind === 'postgres'
          ? `${((counted - countedPolls) / Math.max(1, sent.length)).toFixed(1)} (${countedPolls.toLocaleString('pt-BR')} buscas ` +
            `de campanhas devidas, ${(countedPolls / Math.max(1, sent.length)).toFixed(1)} por envio)`
          : 'n/d (PGlite)',
      ],
      ['intervalo configurado (média)', `${fmt(expected)} (espera uniforme entre ${fmt(expected / 2)} e ${fmt(expected * 1.5)})`],
      [
        'intervalo medido',
        `média ${fmt(g.mean)}, p50 ${fmt(g.p50)}, p95 ${fmt(g.p95)}, máx ${fmt(g.max)}, desvio ${fmt(sd)} (${gaps.length} intervalos)`,
      ],
    ]);
  } finally {
    emu.child.kill('SIGTERM');
    await database.close();
    await drop();
  }
}
