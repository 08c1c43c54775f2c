// The chat (issue 9): a unit with 40,000 open conversations and 2,000,000 messages on PostgreSQL,
// requests on a fixed open-loop schedule (50 req/s; latency counted from each request's scheduled
// time, so a slow answer delays nothing and queueing shows in the figures):
//   - the chat lead list, first page       GET whatsapp/clientes/1/-1/…
//   - the list with a filter (não lidos)   GET whatsapp/clientes/1/…/nao_lidos
//   - a message-text search, a word in every conversation ("orcamento") and a rare one ("ortodontia")
//   - opening a conversation (50 newest)   POST chat/findMessages/{instance} page 1, a random lead
//
//   DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres npm run bench -- chat
// Database: funil_w9s (BENCH_CHAT_DB), created and filled once, reused while its marker matches.
// Options: BENCH_RUNS (3), BENCH_SECONDS (20 per scenario), BENCH_RATE (50 req/s), BENCH_ONLY (scenario ids, comma-separated).
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';

import pg from 'pg';

import {
  buildWhatsappClientsPath,
  emptyFilter,
  WHATSAPP_CLIENTS_LAYOUT,
  type WhatsappClientsFilter,
} from '@funil/domain/leads/filter-segments';

import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { createCompany, createUnit, createUser, seedReferenceLists } from '../apps/server/src/demo/builders.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import { phoneKey } from '../apps/server/src/modules/leads/phone-key.ts';
import { fmt, median, report, stats, type Stats } from './lib.ts';

const DB = process.env.BENCH_CHAT_DB ?? 'funil_w9s';
const LEADS = 40_000;
const PER_LEAD = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const PASSWORD = 'senha-bench-1';
const MARKER = `chat-v2:${LEADS}x${PER_LEAD}`;
const INSTANCE = 'bench-chat';

const log = (m: string) => console.log(`[chat] ${m}`);
const urlOf = (base: string) => {
  const u = new URL(base);
  u.pathname = `/${DB}`;
  return u.toString();
};

async function marker(url: string): Promise<string | null> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query(`SELECT shobj_description(oid, 'pg_database') AS c FROM pg_database WHERE datname = $1`, [
      DB,
    ]);
    return rows.length === 0 ? null : ((rows[0]?.c as string | null) ?? '');
  } finally {
    await admin.end();
  }
}

async function admin(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

const PHRASES = [
  'Bom dia, gostaria de saber o valor do clareamento',
  'Vocês atendem convênio?',
  'Pode me mandar o orçamento do implante?',
  'Qual o horário de funcionamento de sábado?',
  'Obrigada pelo retorno!',
  'Consigo remarcar minha avaliação para quinta?',
  'Olá! Aqui é da clínica, tudo bem?',
  'Segue o endereço da unidade',
  'Quanto fica a manutenção do aparelho?',
  'Perfeito, confirmado então',
];

// A word in the first message of one lead in 2,000 (20 leads): the rare search.
const RARE_PHRASE = 'Quero saber da ortodontia invisível';

async function fill(url: string): Promise<void> {
  log(
    `criando ${DB}: ${LEADS.toLocaleString('pt-BR')} conversas e ${(LEADS * PER_LEAD).toLocaleString('pt-BR')} mensagens ` +
      `(reaproveitado depois)`,
  );
  await admin(url, `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin(url, `CREATE DATABASE ${DB}`);
  const database = await openDatabase({ url: urlOf(url) });
  const db = database.db;
  await seedReferenceLists(db);
  const empresa = await createCompany(db, 'Bench Chat');
  const unidade = await createUnit(db, empresa, 'Unidade Chat', '11', { evolutionHabilitado: true });
  await createUser(db, {
    idEmpresa: empresa,
    idUnidade: unidade,
    nome: 'Admin Chat',
    email: 'admin@chat.bench',
    senha: PASSWORD,
    permissao: 'a',
    idRamal: 0,
  });
  await createUser(db, {
    idEmpresa: empresa,
    idUnidade: unidade,
    nome: 'Atendente Chat',
    email: 'atendente@chat.bench',
    senha: PASSWORD,
    permissao: 'u',
    idRamal: 0,
    acessoAtribuidos: true,
  });
  await database.close();
  const c = new pg.Client({ connectionString: urlOf(url) });
  await c.connect();
  try {
    await c.query(`SET maintenance_work_mem = '512MB'`);
    await c.query('SET synchronous_commit = off');
    await c.query(
      `INSERT INTO instancias_evolution (id_unidade, id_empresa, name, token, webhook_secret, connection_status) VALUES ($1, $2,
        $3, 'tok', 'sec', 'open')`,
      [unidade, empresa, INSTANCE],
    );
    const phones = Array.from({ length: LEADS }, (_, i) => `119${String(10_000_000 + i).padStart(8, '0')}`);
    await c.query(
      `INSERT INTO leads (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave, whatsapp_ultima_mensagem_texto,
        whatsapp_ultima_mensagem_data_geral,
         whatsapp_ultima_mensagem_data_recebida, whatsapp_ultima_mensagem_nao_lidas, whatsapp_ultima_mensagem_from_me,
           whatsapp_ultima_mensagem_tipo)
       SELECT $1, $2, 'Lead ' || g, p.phone, p.chave, $5, now() - (g || ' minutes')::interval, now() - (g ||
         ' minutes')::interval, (g % 4), 0, 'chat'
       FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS p(phone, chave, g)`,
      [empresa, unidade, phones, phones.map((p) => phoneKey(p)), PHRASES[0]],
    );
    await c.query(
      `INSERT INTO whatsapp_mensagens (id_empresa, id_unidade, cli_crm_id, id_instancia, message_id, from_me, media_type, body,
        ack, criado_em)
       SELECT $1, $2, l.cli_crm_id, i.id, 'B' || l.cli_crm_id || '-' || k, (k % 3 = 0), 'chat',
              case when k = 1 and l.cli_crm_id % 2000 = 0 then ${`'${RARE_PHRASE}'`}
                else ($3::text[])[1 + ((l.cli_crm_id * 7 + k) % ${PHRASES.length})] || ' #' || k end, 3,
              now() - ((l.cli_crm_id % 1000) || ' minutes')::interval - ((${PER_LEAD} - k) || ' hours')::interval
       FROM leads l CROSS JOIN generate_series(1, ${PER_LEAD}) AS k, instancias_evolution i
       WHERE l.id_unidade = $2 AND i.name = '${INSTANCE}'`,
      [empresa, unidade, PHRASES],
    );
    await c.query('VACUUM ANALYZE');
  } finally {
    await c.end();
  }
  await admin(url, `COMMENT ON DATABASE ${DB} IS '${MARKER}'`);
}

type Scenario = { id: string; title: string; request: (i: number) => { method: 'GET' | 'POST'; path: string; body?: unknown } };

async function openLoop(base: string, token: string, s: Scenario): Promise<{ stats: Stats; failures: number }> {
  const total = SECONDS * RATE;
  const interval = 1000 / RATE;
  const start = performance.now() + 50;
  const latencies: number[] = [];
  let failures = 0;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const r = s.request(i);
    pending.push(
      fetch(base + r.path, {
        method: r.method,
        headers: { authorization: `Bearer ${token}`, ...(r.body ? { 'content-type': 'application/json' } : {}) },
        ...(r.body ? { body: JSON.stringify(r.body) } : {}),
      })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status !== 200) failures++;
          latencies.push(performance.now() - due);
        })
        .catch(() => {
          failures++;
        }),
    );
  }
  await Promise.all(pending);
  return { stats: stats(latencies), failures };
}

export async function run(): Promise<void> {
  const url = loadEnv().DATABASE_URL;
  if (!url) {
    console.log('chat: precisa de DATABASE_URL (PostgreSQL); nada medido.');
    return;
  }
  if ((await marker(url)) !== MARKER) await fill(url);
  else log(`${DB} reaproveitado`);
  const database = await openDatabase({ url: urlOf(url) });
  const app = await buildApp({ database, webDist: '/nonexistent', logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'atendente@chat.bench', senha: PASSWORD, lembrar: true }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const list = (f: Partial<WhatsappClientsFilter>) =>
    `/${buildWhatsappClientsPath({ ...emptyFilter(WHATSAPP_CLIENTS_LAYOUT), ...f })}`;
  let seed = 12345;
  const nextLead = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % LEADS;
  };
  const all: Scenario[] = [
    { id: 'lista', title: 'lista de conversas · 1ª página', request: () => ({ method: 'GET', path: list({}) }) },
    { id: 'filtro', title: 'lista · filtro não lidos', request: () => ({ method: 'GET', path: list({ nao_lidos: true }) }) },
    {
      id: 'busca',
      title: 'lista · busca no texto "orcamento" (em todas as conversas)',
      request: () => ({ method: 'GET', path: list({ texto_busca: 'orcamento' }) }),
    },
    {
      id: 'busca-rara',
      title: 'lista · busca no texto "ortodontia" (20 conversas)',
      request: () => ({ method: 'GET', path: list({ texto_busca: 'ortodontia' }) }),
    },
    {
      id: 'conversa',
      title: 'abrir conversa · 50 mais novas',
      request: () => ({
        method: 'POST',
        path: `/chat/findMessages/${INSTANCE}`,
        body: {
          where: { key: { remoteJid: `55119${String(10_000_000 + nextLead()).padStart(8, '0')}@s.whatsapp.net` } },
          page: 1,
        },
      }),
    },
  ];
  const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
  const scenarios = only && only.length > 0 ? all.filter((s) => only.includes(s.id)) : all;
  // Warm-up and a sanity check of each answer.
  for (const s of scenarios) {
    const r = s.request(0);
    const res = await fetch(base + r.path, {
      method: r.method,
      headers: { authorization: `Bearer ${token}`, ...(r.body ? { 'content-type': 'application/json' } : {}) },
      ...(r.body ? { body: JSON.stringify(r.body) } : {}),
    });
    if (res.status !== 200) throw new Error(`${s.id}: ${res.status} ${await res.text()}`);
  }
  const results = new Map<string, { p50: number[]; p99: number[]; failures: number; load: string[] }>();
  for (let runIndex = 0; runIndex < RUNS; runIndex++) {
    for (const s of scenarios) {
      const before = loadavg()[0]!.toFixed(2);
      const { stats: st, failures } = await openLoop(base, token, s);
      const entry = results.get(s.id) ?? { p50: [], p99: [], failures: 0, load: [] };
      entry.p50.push(st.p50);
      entry.p99.push(st.p99);
      entry.failures += failures;
      entry.load.push(before);
      results.set(s.id, entry);
      log(
        `execução ${runIndex + 1} · ${s.title}: p50 ${fmt(st.p50)} p99 ${fmt(st.p99)} máx ${fmt(st.max)} (${st.count} req, ` +
          `${failures} falhas, load ${before})`,
      );
    }
  }
  report(
    `chat · ${RATE} req/s em laço aberto, ${SECONDS} s por cenário, mediana de ${RUNS} execuções · ${cpus().length} núcleos`,
    [
      ...scenarios.map((s): [string, string] => {
        const e = results.get(s.id)!;
        return [
          s.title,
          `p50 ${fmt(median(e.p50))} · p99 ${fmt(median(e.p99))} · falhas ${e.failures} · load ${e.load.join('/')}`,
        ];
      }),
    ],
  );
  await app.close();
  await database.close();
}
