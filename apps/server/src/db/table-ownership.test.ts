// Issue 7 §1 "one door to each table": the lint rule funil/table-owner keeps other modules from
// importing a table; this test covers what lint cannot see, SQL text naming a table
// (`join usuarios u`, `from lead_tags lt`, `FROM a, b`, `LOCK leads`, `TRUNCATE jobs`). Every
// statement that names a table lives in the module that owns it; other modules compose the owner's
// exported fragments or call its service. Issue 22 §3: the migrations' functions, views and
// triggers are read too; those that read another module's table are listed below with why.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

import { objectsOf, objectTables, tablesNamed } from './sql-text.ts';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => f.endsWith('.ts'));

/** The unit owning a file: `modules/<m>`, a view `modules/<m>/views/<v>` (issue 22 §1) or `jobs`, else null. */
const moduleOf = (file: string): string | null => {
  const parts = file.split('/');
  const [top, name] = parts;
  if (top === 'modules' && name && parts[2] === 'views' && parts.length > 4) return `modules/${name}/views/${parts[3]}`;
  if (top === 'modules' && name && parts.length > 2) return `modules/${name}`;
  return top === 'jobs' ? 'jobs' : null;
};

/** The module a view reads (`modules/leads` for `modules/leads/views/chat`), else null. */
const coreOfView = (unit: string | null): string | null => /^(modules\/[^/]+)\/views\/[^/]+$/.exec(unit ?? '')?.[1] ?? null;

/**
 * The read views of a core that name its tables in SQL, each with why (modules/README.md, issue
 * 22 §1): they read the leads table through their own statements over the core's fragments
 * (lead-sql.service.ts: listWhere, CRM_CONTATO_SQL), and only the chat view writes, its
 * list-derived bookkeeping columns (001 §3), without a timeline event as before.
 */
const DECLARED_VIEWS: Record<string, string> = {
  'modules/leads/views/pipeline': "the board's columns, counts and card positions in one statement each (issue 11)",
  'modules/leads/views/call-queue': "the webphone queue's claim and lease over the list's WHERE (issue 12)",
  'modules/leads/views/chat':
    "the chat's lead list and the last-message bookkeeping moved in the message store's statement (001 §3)",
  'modules/leads/views/legacy-list': "the contact list's page and exact total, JSON written by PostgreSQL (issue 8)",
  'modules/leads/views/mass-send': "the composer's search, a campaign's recipients and the monitor's facts (issue 13)",
};

// Tests, test kits and the demo seed set rows up and read them directly (docs/decisions.md).
const exempt = (file: string) =>
  file.endsWith('.test.ts') || file.endsWith('-test-kit.ts') || file.startsWith('testing/') || file.startsWith('demo/');

const migrationsDir = path.resolve(src, '../drizzle');
const migrations = readdirSync(migrationsDir)
  .filter((f) => f.endsWith('.sql'))
  .sort()
  .map((f) => readFileSync(path.join(migrationsDir, f), 'utf8'));

/** The module owning a function, view or trigger of the migrations, by its name's prefix. */
const objectOwners: [prefix: string, owner: string][] = [
  ['dashboard_', 'modules/dashboard'],
  ['whatsapp_', 'modules/whatsapp'],
  ['sessoes_cache_', 'modules/auth'],
  ['lead_eventos', 'modules/lead-events'],
  ['funil_lead_eventos', 'modules/lead-events'],
  ['funil_sessoes', 'modules/auth'],
];
const objectOwner = (name: string) => objectOwners.find(([prefix]) => name.startsWith(prefix))?.[1] ?? null;

/**
 * Functions, views and triggers of the migrations that read or write another module's table, each
 * with why. Key: `<kind> <name>`, value: the other modules' tables it names and the reason.
 */
const READ_MODEL = "the dashboards' read model (docs/decisions.md, issue 14): kept by triggers in the writer's transaction";
const LEAD_LOCK = 'locks the lead row first, the lock order of a lead update (no deadlock with a status change)';
const SESSION_CACHE =
  "the session cache's NOTIFY (migration 0020): a change of any table of the session row drops the cached sessions";
const ALLOWED_SQL_OBJECTS: Record<string, { tables: string[]; why: string }> = {
  'function dashboard_segundos_uteis_unidade': {
    tables: ['unidade_configuracoes'],
    why: "a unit's call hours and holidays (tenancy) count the working-hours first contact",
  },
  'trigger dashboard_lead_copia': { tables: ['leads'], why: `${READ_MODEL}: the lead's own fields, copied on every write` },
  'trigger dashboard_historico': {
    tables: ['historico', 'leads'],
    why: `${READ_MODEL}: calls and status moves of the history; ${LEAD_LOCK}`,
  },
  'function dashboard_historico': { tables: ['leads'], why: LEAD_LOCK },
  'trigger dashboard_mensagem': {
    tables: ['leads', 'whatsapp_mensagens'],
    why: `${READ_MODEL}: messages sent and received; ${LEAD_LOCK}`,
  },
  'function dashboard_mensagem': { tables: ['leads'], why: LEAD_LOCK },
  'trigger dashboard_unidade_horario': {
    tables: ['unidade_configuracoes'],
    why: "a unit's hours or holidays changed: its leads' working-hours first contact again",
  },
  'view dashboard_leads_bruto': {
    tables: ['historico', 'leads', 'whatsapp_mensagens'],
    why: 'the read model recomputed from the raw records, to check and rebuild it',
  },
  'view dashboard_atendente_dia_bruto': {
    tables: ['historico', 'whatsapp_mensagens'],
    why: 'the read model recomputed from the raw records, to check and rebuild it',
  },
  'view dashboard_mudancas_status_bruto': {
    tables: ['historico', 'leads'],
    why: 'the read model recomputed from the raw records, to check and rebuild it',
  },
  'trigger sessoes_cache_usuarios': { tables: ['usuarios'], why: SESSION_CACHE },
  'trigger sessoes_cache_unidades': { tables: ['unidades'], why: SESSION_CACHE },
  'trigger sessoes_cache_unidade_configuracoes': { tables: ['unidade_configuracoes'], why: SESSION_CACHE },
  'trigger sessoes_cache_instancias_evolution': { tables: ['instancias_evolution'], why: SESSION_CACHE },
};

/** Each migration object naming a table of a module other than its own: `<kind> <name> → table (owner)`. */
function foreignSqlObjects(sqlFiles: readonly string[], owners: Map<string, string>): Map<string, string[]> {
  const objects = objectsOf(sqlFiles);
  const found = new Map<string, string[]>();
  for (const [key, object] of objects) {
    const tables = objectTables(object, objects, owners.keys());
    const owner = objectOwner(object.name);
    const foreign = owner === null ? tables : tables.filter((t) => owners.get(t) !== owner);
    if (foreign.length > 0) found.set(key, owner === null ? ['(no owner: add its prefix to objectOwners)', ...foreign] : foreign);
  }
  return found;
}

/** TS files (path → text) whose SQL names a table of another module: `file → table (owner)`. */
function foreignSqlInTs(texts: Map<string, string>, owners: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of texts)
    for (const table of tablesNamed(withoutComments(text), owners.keys()))
      if (moduleOf(file) !== owners.get(table)) found.push(`${file} → ${table} (${owners.get(table)})`);
  return found;
}

async function ownershipMap(): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const file of files.filter((f) => f.endsWith('.table.ts'))) {
    const exports = (await import(path.join(src, file))) as Record<string, unknown>;
    for (const value of Object.values(exports)) if (is(value, PgTable)) owners.set(getTableName(value), moduleOf(file) ?? file);
  }
  return owners;
}

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('table ownership (issue 7 §1)', () => {
  it('every table is defined in exactly one module', async () => {
    const owners = await ownershipMap();
    expect(owners.get('leads')).toBe('modules/leads');
    expect(owners.get('lead_tags')).toBe('modules/tags');
    expect(owners.get('usuarios')).toBe('modules/users');
    expect(owners.get('unidade_configuracoes')).toBe('modules/tenancy');
    expect(owners.get('status_negociacao')).toBe('modules/catalog');
    expect(owners.get('jobs')).toBe('jobs');
  });

  it('no SQL text outside its owner names a table', async () => {
    const owners = await ownershipMap();
    const texts = new Map(
      files.filter((f) => !exempt(f) && f !== 'db/schema.ts').map((f) => [f, readFileSync(path.join(src, f), 'utf8')]),
    );
    // A declared read view of the core (issue 22 §1) names its core's tables; nothing else does.
    const viewOfItsCore = (found: string) => {
      const [file, rest] = found.split(' → ');
      const owner = /\((.*)\)$/.exec(rest!)![1];
      const unit = moduleOf(file!);
      return coreOfView(unit) === owner && unit! in DECLARED_VIEWS;
    };
    expect(foreignSqlInTs(texts, owners).filter((found) => !viewOfItsCore(found))).toEqual([]);
  });

  it("the migrations' functions, views and triggers read another module's table only where listed, with why (issue 22 §3)", async () => {
    const owners = await ownershipMap();
    const found = foreignSqlObjects(migrations, owners);
    const unlisted = [...found].filter(
      ([key, tables]) => tables.join() !== [...(ALLOWED_SQL_OBJECTS[key]?.tables ?? [])].sort().join(),
    );
    expect(unlisted).toEqual([]);
    // No stale entry: each listed object exists and does read another module's table.
    expect(Object.keys(ALLOWED_SQL_OBJECTS).filter((key) => !found.has(key))).toEqual([]);
  });
});

describe('the ownership checker itself (issue 22 §3)', () => {
  const owners = new Map([
    ['leads', 'modules/leads'],
    ['usuarios', 'modules/users'],
    ['jobs', 'jobs'],
    ['dashboard_leads', 'modules/dashboard'],
  ]);
  const ts = (text: string) => foreignSqlInTs(new Map([['modules/dashboard/probe.repository.ts', text]]), owners);

  it("catches FROM, JOIN, comma joins, LOCK and TRUNCATE naming another module's table", () => {
    expect(ts('sql`select 1 from dashboard_leads d join usuarios u on u.id = d.id_usuario`')).toEqual([
      'modules/dashboard/probe.repository.ts → usuarios (modules/users)',
    ]);
    expect(ts('`SELECT * FROM dashboard_leads d, leads l WHERE l.cli_crm_id = d.cli_crm_id`')).toEqual([
      'modules/dashboard/probe.repository.ts → leads (modules/leads)',
    ]);
    expect(ts('`select 1 from dashboard_leads AS d, "public"."usuarios" u`')).toEqual([
      'modules/dashboard/probe.repository.ts → usuarios (modules/users)',
    ]);
    expect(ts('sql`LOCK TABLE leads IN SHARE MODE`')).toEqual(['modules/dashboard/probe.repository.ts → leads (modules/leads)']);
    expect(ts('sql`lock leads`')).toEqual(['modules/dashboard/probe.repository.ts → leads (modules/leads)']);
    expect(ts('sql`TRUNCATE jobs`')).toEqual(['modules/dashboard/probe.repository.ts → jobs (jobs)']);
    expect(ts('sql`truncate table only jobs`')).toEqual(['modules/dashboard/probe.repository.ts → jobs (jobs)']);
  });

  it('lets a module name its own table, and ignores comments and look-alike names', () => {
    expect(ts('sql`select 1 from dashboard_leads d, dashboard_leads e`')).toEqual([]);
    expect(ts('// join usuarios u\nsql`select extract(epoch from now()), 1 from dashboard_leads`')).toEqual([]);
    expect(ts('sql`select 1 from leads_arquivados`')).toEqual([]);
  });

  it('reads the functions, views and triggers of the migrations, the last definition winning', () => {
    const sql = [
      `CREATE FUNCTION dashboard_copia() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO dashboard_leads VALUES
        (NEW.id); RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_copia AFTER INSERT ON "leads" FOR EACH ROW EXECUTE FUNCTION dashboard_copia();
-- a comment: FROM usuarios
CREATE VIEW dashboard_bruto AS SELECT l.id FROM leads l, usuarios u;
CREATE FUNCTION dashboard_so_dele() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM dashboard_leads $$;`,
      `CREATE OR REPLACE FUNCTION dashboard_so_dele() RETURNS bigint LANGUAGE sql AS $$ SELECT 1 FROM dashboard_leads; LOCK leads $$;
CREATE FUNCTION sem_dono() RETURNS bigint LANGUAGE sql AS $$ SELECT 1 FROM jobs $$;`,
    ];
    expect(Object.fromEntries(foreignSqlObjects(sql, owners))).toEqual({
      'trigger dashboard_copia': ['leads'],
      'view dashboard_bruto': ['leads', 'usuarios'],
      'function dashboard_so_dele': ['leads'],
      'function sem_dono': ['(no owner: add its prefix to objectOwners)', 'jobs'],
    });
  });

  it("the lead views that name the core's tables are the declared read views, and each exists (issue 22 §1)", () => {
    const reading = new Set<string>();
    for (const file of files.filter((f) => !exempt(f) && coreOfView(moduleOf(f)) === 'modules/leads')) {
      const text = withoutComments(readFileSync(path.join(src, file), 'utf8'));
      if (
        /\b(from|join|into|update)\s+"?(leads|historico|agendamentos)"?(?![\w.])/i.test(text) ||
        /from '\.\.\/\.\.\/(leads|appointments)\.table\.ts'/.test(text)
      )
        reading.add(moduleOf(file)!);
    }
    expect([...reading].sort()).toEqual(Object.keys(DECLARED_VIEWS).sort());
    expect(moduleOf('modules/leads/views/chat/lead-chat.repository.ts')).toBe('modules/leads/views/chat');
    expect(moduleOf('modules/leads/leads.service.ts')).toBe('modules/leads');
  });
});
