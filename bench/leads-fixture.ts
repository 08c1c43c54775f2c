// Shared data of the lead benchmarks (leads-list, csv-import): a database with a realistic lead
// population generated with set-based SQL, the real app listening on 127.0.0.1, and raw SQL access
// for baselines and EXPLAIN.
//
// PostgreSQL (DATABASE_URL set): the database `funil_bench` on that server, 2 companies × 5 units ×
// 200,000 leads = 1,000,000 leads. It is kept between runs (a marker in the database comment) and
// regenerated only when the marker or the lead count does not match.
// PGlite (no DATABASE_URL): in memory, 100,000 leads (one unit of 60,000), rebuilt every run.
import type { AddressInfo } from 'node:net';
import { cpus, totalmem } from 'node:os';

import type { FastifyInstance } from 'fastify';
import pg from 'pg';

import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, type Database } from '../apps/server/src/db/connection.ts';
import { createCompany, createUnit, createUser, seedReferenceLists } from '../apps/server/src/demo/builders.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import { phoneKey } from '../apps/server/src/modules/leads/phone-key.ts';
import { time } from './lib.ts';

/** What both engines answer: pg's Pool and PGlite's query(). */
export type RawSql = { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

export type BenchUnit = { id: number; empresa: number; nome: string; ddd: string; size: number };
export type BenchFixture = {
  version: number;
  sizes: number[];
  /** The largest generated cli_crm_id: anything above is a leftover of an import run. */
  maxId: number;
  units: BenchUnit[];
  /** The unit the benchmarks read and import into (the first, the largest). */
  target: BenchUnit;
  admin: { id: number; email: string };
  attendant: { id: number; email: string };
  password: string;
};

export type LeadsBench = {
  engine: 'postgres' | 'pglite';
  database: Database;
  /** Raw SQL on the bench database (its own pool of 10 on PostgreSQL; the one PGlite connection otherwise). */
  raw: RawSql;
  fixture: BenchFixture;
  /** The PostgreSQL URL of the bench database, undefined on PGlite. */
  url: string | undefined;
  /** Rows of the CSV import bench at this scale. */
  csvRows: number;
  describe(): string;
  close(): Promise<void>;
};

const VERSION = 1;
// BENCH_DB names another database (e.g. one per helper on a shared server); default funil_bench.
const BENCH_DB = /^[a-z_][a-z0-9_]*$/.test(process.env.BENCH_DB ?? '') ? process.env.BENCH_DB! : 'funil_bench';
const PASSWORD = 'senha-bench-1';
const SCALES = {
  postgres: { sizes: [200_000, 200_000, 200_000, 200_000, 200_000], csvRows: 100_000 },
  pglite: { sizes: [60_000, 10_000, 10_000, 10_000, 10_000], csvRows: 20_000 },
} as const;

export const FIRST_NAMES = [
  'Maria',
  'José',
  'João',
  'Ana',
  'Antônio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luís',
  'Marcos',
  'Luiz',
  'Gabriel',
  'Rafael',
  'Daniel',
  'Marcelo',
  'Bruno',
  'Eduardo',
  'Felipe',
  'Raimundo',
  'Rodrigo',
  'Mônica',
  'Fábio',
  'Márcia',
  'Júlia',
  'Letícia',
  'Lúcia',
  'Patrícia',
  'Fernanda',
  'Adriana',
  'Aline',
  'Sandra',
  'Camila',
  'Amanda',
  'Bruna',
  'Jéssica',
  'Conceição',
  'Sebastião',
  'Cláudia',
  'Vitória',
  'Inês',
  'Débora',
  'Sérgio',
  'Vinícius',
  'Caio',
  'Tânia',
  'Flávia',
  'Rogério',
  'Cecília',
  'Luíza',
  'Heloísa',
  'Otávio',
  'Simone',
  'Renata',
  'Joana',
];
export const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Araújo',
  'Magalhães',
  'Simões',
  'Brandão',
  'Galvão',
  'Assunção',
  'Conceição',
  'Gusmão',
  'Falcão',
  'Leão',
  'Lourenço',
  'Patrício',
  'Estêvão',
];
const CAMPAIGN_THEMES = [
  'Clareamento Verão',
  'Implante Dentário',
  'Ortodontia Invisível',
  'Lentes de Contato Dental',
  'Harmonização Facial',
  'Check-up Odontológico',
  'Black Friday Sorriso',
  'Dia das Mães',
  'Volta às Aulas',
  'Prótese Protocolo',
];
const CAMPAIGNS = CAMPAIGN_THEMES.flatMap((theme) => [`${theme}`, `${theme} - Remarketing`, `${theme} - Público Semelhante`]);
export const TAG_NAMES = [
  'VIP',
  'Retornar',
  'Orçamento enviado',
  'Indicação',
  'Black Friday',
  'Clareamento',
  'Implante',
  'Ortodontia',
  'Aguardando retorno',
  'Paciente antigo',
  'Convênio',
  'Particular',
  'Urgente',
  'Frio',
  'Quente',
];
const TAG_COLORS = ['#f44336', '#e91e63', '#9c27b0', '#3f51b5', '#2196f3', '#009688', '#4caf50', '#ff9800'];
const ATTENDANTS_PER_UNIT = 12;

// One unit's leads in one statement. Distributions: negotiation status, platform (cli_tipo_lead),
// message status and campaigns skewed as ad-driven funnels are; 35% unassigned; capture dates
// uniform over the last 365 days; 10% landlines. Phones are unique per unit (i·7919 mod 4·10⁷ is a
// bijection on 1…4·10⁷) and telefone_chave is phoneKey(): area code + the last 8 digits.
const INSERT_LEADS = `
WITH src AS (
  SELECT i, random() AS r_neg, random() AS r_plat, random() AS r_msg, random() AS r_user, random() AS r_camp, random() AS r_day,
         random() AS r_att, random() AS r_f, random() AS r_s1, random() AS r_s2, random() AS r_email, random() AS r_ticket
  FROM generate_series(1, $3::int) AS i
), shaped AS (
  SELECT i, r_att, r_email, r_ticket,
    now() - r_day * interval '365 days' AS captacao,
    ($5::text[])[1 + floor(power(r_f, 1.6) * array_length($5::text[], 1))::int] AS first,
    ($6::text[])[1 + floor(power(r_s1, 1.4) * array_length($6::text[], 1))::int] AS sur1,
    CASE WHEN r_s2 < 0.55 THEN ($6::text[])[1 + floor(r_s2 / 0.55 * array_length($6::text[], 1))::int] END AS sur2,
    CASE WHEN r_neg < 0.30 THEN 1 WHEN r_neg < 0.38 THEN 2 WHEN r_neg < 0.58 THEN 3 WHEN r_neg < 0.70 THEN 4 WHEN r_neg < 0.76 THEN 5
         WHEN r_neg < 0.79 THEN 6 WHEN r_neg < 0.94 THEN 7 WHEN r_neg < 0.97 THEN 8 ELSE 9 END AS neg,
    CASE WHEN r_plat < 0.45 THEN 1 WHEN r_plat < 0.70 THEN 2 WHEN r_plat < 0.82 THEN 3 WHEN r_plat < 0.90 THEN 4 WHEN r_plat < 0.95 THEN 5
         WHEN r_plat < 0.98 THEN 6 ELSE 7 END AS plataforma,
    CASE WHEN r_msg < 0.60 THEN 0 WHEN r_msg < 0.75 THEN 1 WHEN r_msg < 0.90 THEN 2 WHEN r_msg < 0.98 THEN 3 ELSE 4 END AS msg,
    CASE WHEN r_user < 0.35 THEN NULL ELSE ($8::int[])[1 + floor((r_user - 0.35) / 0.65 * array_length($8::int[], 1))::int] END AS usuario,
    1 + floor(power(r_camp, 2) * array_length($7::text[], 1))::int AS camp,
    CASE WHEN i % 10 = 0 THEN (20000000 + (i::bigint * 7919) % 40000000)::text
         ELSE '9' || (60000000 + (i::bigint * 7919) % 40000000)::text END AS numero
  FROM src
)
INSERT INTO leads (id_empresa, id_unidade, cli_nome, cli_telefone, telefone_chave, cli_email, cli_contato_status, cli_mensagem_status,
  cli_tipo_lead, cli_data_captacao, cli_data_atendimento, cli_status_negociacao, cli_status_negociacao_venda, cli_campanha_nome,
  cli_campanha_id, ad_name, ad_id, id_usuario, valor_ticket, utm_source, utm_medium, utm_campaign, data_atualizacao)
SELECT $1::int, $2::int,
  first || ' ' || sur1 || coalesce(' ' || sur2, ''),
  $4::text || numero,
  $4::text || right(numero, 8),
  CASE WHEN r_email < 0.4 THEN lower(immutable_unaccent(first || '.' || sur1)) || i || '@exemplo.com.br' END,
  CASE neg WHEN 1 THEN 1 WHEN 3 THEN 2 WHEN 2 THEN 4 ELSE 3 END,
  msg, plataforma, captacao,
  CASE WHEN neg NOT IN (1, 3) THEN least(now(), captacao + r_att * interval '2 days') END,
  neg,
  CASE WHEN neg = 5 THEN 2 + floor(r_ticket * 3)::int WHEN neg = 6 THEN 4 ELSE 1 END,
  ($7::text[])[camp], '12021000' || lpad(camp::text, 10, '0'), ($7::text[])[camp], '12022000' || lpad(camp::text, 10, '0'),
  usuario,
  CASE WHEN neg IN (4, 5, 6) THEN round((300 + r_ticket * 9700)::numeric, 2) ELSE 0 END,
  CASE plataforma WHEN 1 THEN 'facebook' WHEN 2 THEN 'instagram' WHEN 3 THEN 'google' END,
  CASE WHEN plataforma <= 3 THEN 'cpc' END,
  CASE WHEN plataforma <= 3 THEN lower(immutable_unaccent(($7::text[])[camp])) END,
  captacao
FROM shaped`;

// ~30% of the leads carry 1 to 3 distinct tags of their unit (deterministic per lead).
const INSERT_LEAD_TAGS = `
INSERT INTO lead_tags (cli_crm_id, id_tag, datacad)
SELECT l.cli_crm_id, ($2::int[])[1 + ((l.cli_crm_id + k * 5) % array_length($2::int[], 1))], l.cli_data_captacao
FROM leads l, generate_series(0, l.cli_crm_id % 3) AS k
WHERE l.id_unidade = $1 AND (l.cli_crm_id::bigint * 2654435761) % 100 < 30
ON CONFLICT DO NOTHING`;

const log = (text: string) => console.log(`  [dados] ${text}`);

function benchUrlOf(url: string): string {
  const target = new URL(url);
  target.pathname = `/${BENCH_DB}`;
  return target.toString();
}

async function readMarker(url: string): Promise<BenchFixture | null> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [BENCH_DB],
    );
    if (rows.length === 0) return null;
    const comment = rows[0]?.comment;
    if (!comment) return null;
    try {
      const marker = JSON.parse(comment) as BenchFixture;
      return marker.version === VERSION && JSON.stringify(marker.sizes) === JSON.stringify(SCALES.postgres.sizes) ? marker : null;
    } catch {
      return null;
    }
  } finally {
    await admin.end();
  }
}

async function recreateBenchDatabase(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  } finally {
    await admin.end();
  }
}

/** Companies, units, users and tags through the app's own builders; then the leads in SQL. */
async function generate(database: Database, raw: RawSql, sizes: readonly number[]): Promise<BenchFixture> {
  const db = database.db;
  await seedReferenceLists(db);
  const empresaA = await createCompany(db, 'Clínicas Sorriso Brasil');
  const empresaB = await createCompany(db, 'Odonto Nordeste');
  const unitSpecs = [
    { empresa: empresaA, nome: 'Unidade Paulista', ddd: '11' },
    { empresa: empresaA, nome: 'Unidade Campinas', ddd: '19' },
    { empresa: empresaA, nome: 'Unidade Niterói', ddd: '21' },
    { empresa: empresaB, nome: 'Unidade Recife', ddd: '81' },
    { empresa: empresaB, nome: 'Unidade Fortaleza', ddd: '85' },
  ];
  const units: BenchUnit[] = [];
  for (const [n, spec] of unitSpecs.entries()) {
    const id = await createUnit(db, spec.empresa, spec.nome, spec.ddd, {
      extras: { clienteAtendente: true, edicao_status_cliente: true },
    });
    units.push({ id, empresa: spec.empresa, nome: spec.nome, ddd: spec.ddd, size: sizes[n] ?? 0 });
  }
  const target = units[0]!;
  const adminEmail = 'admin.bench@funil.bench';
  const attendantEmail = 'atendente.bench@funil.bench';
  const adminId = await createUser(db, {
    idEmpresa: target.empresa,
    idUnidade: target.id,
    nome: 'Administradora Bench',
    email: adminEmail,
    senha: PASSWORD,
    permissao: 'a',
  });
  const attendantId = await createUser(db, {
    idEmpresa: target.empresa,
    idUnidade: target.id,
    nome: 'Atendente Bench',
    email: attendantEmail,
    senha: PASSWORD,
    permissao: 'u',
    idRamal: 201,
  });
  const generateStart = Date.now();
  // The other attendants share the hash of the first one (no argon2 per user).
  for (const unit of units) {
    await raw.query(
      `INSERT INTO usuarios (id_empresa, id_unidade, nome, email, senha_hash, permissao, id_ramal, cor, configuracoes)
       SELECT $1::int, $2::int, ($3::text[])[1 + (k - 1) % array_length($3::text[], 1)] || ' ' || ($4::text[])[1 + (k * 7) %
         array_length($4::text[], 1)], 'atendente' || k || '.u' || $2::int || '@funil.bench',
              (SELECT senha_hash FROM usuarios WHERE id = $5::int), 'u', 200 + k, '#1976d2', '{"excluir_leads":false,"notificacoes":true}'
       FROM generate_series(1, $6::int) AS k`,
      [
        unit.empresa,
        unit.id,
        FIRST_NAMES,
        SURNAMES,
        attendantId,
        unit.id === target.id ? ATTENDANTS_PER_UNIT - 1 : ATTENDANTS_PER_UNIT,
      ],
    );
    await raw.query(
      `INSERT INTO tags (id_unidade, nome, cor) SELECT $1::int, nome, ($3::text[])[1 + (n - 1)::int % array_length($3::text[],
        1)] FROM unnest($2::text[]) WITH ORDINALITY AS t(nome, n)`,
      [unit.id, TAG_NAMES, TAG_COLORS],
    );
  }
  // Secondary indexes are dropped while the rows go in and rebuilt once (much faster than row by row).
  const { rows: indexRows } = await raw.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'leads' AND indexname <> 'leads_pkey'`,
  );
  const indexes = indexRows.map((r) => ({ name: String(r.indexname), def: String(r.indexdef) }));
  for (const index of indexes) await raw.query(`DROP INDEX ${index.name}`);
  for (const unit of units) {
    const { rows: users } = await raw.query(
      `SELECT array_agg(id ORDER BY id) AS ids FROM usuarios WHERE id_unidade = $1 AND permissao = 'u'`,
      [unit.id],
    );
    const userIds = (users[0]?.ids ?? []) as number[];
    const { ms } = await time(() =>
      raw.query(INSERT_LEADS, [unit.empresa, unit.id, unit.size, unit.ddd, FIRST_NAMES, SURNAMES, CAMPAIGNS, userIds]),
    );
    const { rows: tagRows } = await raw.query(`SELECT array_agg(id ORDER BY id) AS ids FROM tags WHERE id_unidade = $1`, [
      unit.id,
    ]);
    await raw.query(INSERT_LEAD_TAGS, [unit.id, (tagRows[0]?.ids ?? []) as number[]]);
    log(`${unit.nome}: ${unit.size.toLocaleString('pt-BR')} leads em ${(ms / 1000).toFixed(1)} s`);
  }
  for (const index of indexes) {
    const { ms } = await time(() => raw.query(index.def));
    log(`índice ${index.name} recriado em ${(ms / 1000).toFixed(1)} s`);
  }
  await raw.query('VACUUM (ANALYZE) leads');
  await raw.query('VACUUM (ANALYZE) lead_tags');
  await raw.query('VACUUM (ANALYZE) usuarios');
  await raw.query('VACUUM (ANALYZE) tags');
  const { rows: maxRows } = await raw.query('SELECT max(cli_crm_id) AS max FROM leads');
  log(`geração completa em ${((Date.now() - generateStart) / 1000).toFixed(1)} s`);
  return {
    version: VERSION,
    sizes: [...sizes],
    maxId: Number(maxRows[0]?.max ?? 0),
    units,
    target,
    admin: { id: adminId, email: adminEmail },
    attendant: { id: attendantId, email: attendantEmail },
    password: PASSWORD,
  };
}

/** telefone_chave of the generated rows must be what the app computes (phone-key.ts). */
async function checkPhoneKeys(raw: RawSql): Promise<void> {
  const { rows } = await raw.query('SELECT cli_telefone, telefone_chave FROM leads WHERE cli_crm_id % 997 = 0 LIMIT 400');
  const wrong = rows.filter((r) => phoneKey(String(r.cli_telefone)) !== String(r.telefone_chave));
  if (rows.length === 0 || wrong.length > 0)
    throw new Error(`telefone_chave divergente de phoneKey(): ${JSON.stringify(wrong.slice(0, 3))}`);
}

/** Removes what an interrupted import run may have left (leads above the generated ids, jobs). */
export async function removeImported(raw: RawSql, fixture: BenchFixture): Promise<number> {
  const { rows } = await raw.query('SELECT count(*)::int AS n FROM leads WHERE cli_crm_id > $1', [fixture.maxId]);
  const n = Number(rows[0]?.n ?? 0);
  if (n > 0) {
    await raw.query('DELETE FROM lead_tags WHERE cli_crm_id > $1', [fixture.maxId]);
    await raw.query('DELETE FROM historico WHERE cli_crm_id > $1', [fixture.maxId]);
    await raw.query('DELETE FROM leads WHERE cli_crm_id > $1', [fixture.maxId]);
  }
  await raw.query('DELETE FROM jobs');
  await raw.query(
    `DELETE FROM tags t WHERE NOT (t.nome = ANY($1::text[])) AND NOT EXISTS (SELECT 1 FROM lead_tags lt WHERE lt.id_tag = t.id)`,
    [TAG_NAMES],
  );
  if (n > 0) {
    await raw.query('VACUUM (ANALYZE) leads');
    await raw.query('VACUUM (ANALYZE) lead_tags');
    await raw.query('VACUUM (ANALYZE) historico');
  }
  return n;
}

export async function openLeadsBench(): Promise<LeadsBench> {
  const url = loadEnv().DATABASE_URL;
  if (url) return openPostgresBench(url);
  return openPgliteBench();
}

async function openPostgresBench(url: string): Promise<LeadsBench> {
  const benchUrl = benchUrlOf(url);
  let fixture = await readMarker(url);
  if (!fixture) {
    log(`criando o banco ${BENCH_DB} (1.000.000 leads; as próximas execuções o reaproveitam)`);
    await recreateBenchDatabase(url);
  }
  const database = await openDatabase({ url: benchUrl });
  const pool = new pg.Pool({ connectionString: benchUrl, max: 10 });
  const raw: RawSql = pool;
  try {
    if (fixture) {
      const { rows } = await raw.query('SELECT count(*)::int AS n FROM leads WHERE cli_crm_id <= $1', [fixture.maxId]);
      const expected = fixture.sizes.reduce((s, n) => s + n, 0);
      if (Number(rows[0]?.n) !== expected) {
        log(`contagem inesperada (${String(rows[0]?.n)} ≠ ${expected}); recriando ${BENCH_DB}`);
        await pool.end();
        await database.close();
        await recreateBenchDatabase(url);
        return openPostgresBench(url);
      }
      const removed = await removeImported(raw, fixture);
      log(`banco ${BENCH_DB} reaproveitado${removed ? ` (${removed} leads de uma importação anterior removidos)` : ''}`);
    } else {
      // One session for the generation so its settings hold.
      const client = await pool.connect();
      try {
        await client.query(`SET maintenance_work_mem = '1GB'`);
        await client.query('SET synchronous_commit = off');
        fixture = await generate(database, client, SCALES.postgres.sizes);
      } finally {
        client.release();
      }
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`COMMENT ON DATABASE ${BENCH_DB} IS '${JSON.stringify(fixture).replace(/'/g, "''")}'`);
      await admin.end();
    }
    await checkPhoneKeys(raw);
  } catch (error) {
    await pool.end();
    await database.close();
    throw error;
  }
  const done = fixture;
  return {
    engine: 'postgres',
    database,
    raw,
    fixture: done,
    url: benchUrl,
    csvRows: SCALES.postgres.csvRows,
    describe: () =>
      `PostgreSQL (${BENCH_DB}): ${done.sizes.length} unidades, ${done.sizes.reduce((s, n) => s + n, 0).toLocaleString('pt-BR')} ` +
      `leads; unidade medida com ${done.target.size.toLocaleString('pt-BR')}`,
    close: async () => {
      await pool.end();
      await database.close();
    },
  };
}

async function openPgliteBench(): Promise<LeadsBench> {
  log('sem DATABASE_URL: PGlite em memória, escala reduzida (100.000 leads, unidade medida com 60.000)');
  const database = await openDatabase({});
  // drizzle's PGlite driver exposes its client; PGlite has one connection, shared with the app.
  const raw = (database.db as unknown as { $client: RawSql }).$client;
  try {
    const fixture = await generate(database, raw, SCALES.pglite.sizes);
    await checkPhoneKeys(raw);
    return {
      engine: 'pglite',
      database,
      raw,
      fixture,
      url: undefined,
      csvRows: SCALES.pglite.csvRows,
      describe: () =>
        `PGlite em memória (escala reduzida): ${fixture.sizes.length} unidades, ` +
        `${fixture.sizes.reduce((s, n) => s + n, 0).toLocaleString('pt-BR')} leads; ` +
        `unidade medida com ${fixture.target.size.toLocaleString('pt-BR')}`,
      close: () => database.close(),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The real app on 127.0.0.1 (random port), and a login through POST /api/login. */
export type Served = { app: FastifyInstance; base: string; login(email: string): Promise<string>; close(): Promise<void> };

export async function serve(bench: LeadsBench): Promise<Served> {
  const app = await buildApp({ database: bench.database, webDist: '/nonexistent', logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    app,
    base,
    async login(email) {
      const res = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, senha: bench.fixture.password, lembrar: true }),
      });
      const body = (await res.json()) as { data?: { token?: string } };
      if (res.status !== 200 || !body.data?.token) throw new Error(`login de ${email} falhou: ${res.status}`);
      return body.data.token;
    },
    close: () => app.close(),
  };
}

/** The machine the figures come from. */
export function machineLine(): string {
  return `${cpus().length} núcleos (${cpus()[0]?.model.trim() ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`;
}
