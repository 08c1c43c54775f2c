// Issue 7 §1 "one door to each table": the lint rule funil/table-owner keeps other modules from
// importing a table; this test covers what lint cannot see, SQL text naming a table
// (`join usuarios u`, `from lead_tags lt`). Every statement that names a table lives in the module
// that owns it; other modules compose the owner's exported fragments or call its service.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';

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
  'modules/leads/views/chat': "the chat's lead list and the last-message bookkeeping moved in the message store's statement (001 §3)",
  'modules/leads/views/legacy-list': "the contact list's page and exact total, JSON written by PostgreSQL (issue 8)",
  'modules/leads/views/mass-send': "the composer's search, a campaign's recipients and the monitor's facts (issue 13)",
};

// Tests, test kits and the demo seed set rows up and read them directly (docs/decisions.md).
const exempt = (file: string) =>
  file.endsWith('.test.ts') ||
  file.endsWith('-test-kit.ts') ||
  file.startsWith('testing/') ||
  file.startsWith('db/seed/');

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
    const found: string[] = [];
    for (const file of files.filter((f) => !exempt(f) && f !== 'db/schema.ts')) {
      const text = withoutComments(readFileSync(path.join(src, file), 'utf8'));
      for (const [table, owner] of owners) {
        if (moduleOf(file) === owner) continue;
        if (coreOfView(moduleOf(file)) === owner && moduleOf(file)! in DECLARED_VIEWS) continue;
        const named = new RegExp(`\\b(from|join|into|update)\\s+"?${table}"?(?![\\w.])`, 'i');
        if (named.test(text)) found.push(`${file} → ${table} (${owner})`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the lead views that name the core\'s tables are the declared read views, and each exists (issue 22 §1)', () => {
    const reading = new Set<string>();
    for (const file of files.filter((f) => !exempt(f) && coreOfView(moduleOf(f)) === 'modules/leads')) {
      const text = withoutComments(readFileSync(path.join(src, file), 'utf8'));
      if (/\b(from|join|into|update)\s+"?(leads|historico|agendamentos)"?(?![\w.])/i.test(text) || /from '\.\.\/\.\.\/(leads|appointments)\.table\.ts'/.test(text)) reading.add(moduleOf(file)!);
    }
    expect([...reading].sort()).toEqual(Object.keys(DECLARED_VIEWS).sort());
    expect(moduleOf('modules/leads/views/chat/lead-chat.repository.ts')).toBe('modules/leads/views/chat');
    expect(moduleOf('modules/leads/leads.service.ts')).toBe('modules/leads');
  });
});
