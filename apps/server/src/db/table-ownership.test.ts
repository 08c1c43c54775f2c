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

/** The module owning a file: `modules/<m>` or `jobs`, else null. */
const moduleOf = (file: string): string | null => {
  const [top, name] = file.split('/');
  if (top === 'modules' && name && file.split('/').length > 2) return `modules/${name}`;
  return top === 'jobs' ? 'jobs' : null;
};

// Tests, test kits and the demo seed set rows up and read them directly (docs/decisions.md).
const exempt = (file: string) =>
  file.endsWith('.test.ts') ||
  file.endsWith('-test-kit.ts') ||
  file.startsWith('testing/') ||
  file.startsWith('demo/');

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
        const named = new RegExp(`\\b(from|join|into|update)\\s+"?${table}"?(?![\\w.])`, 'i');
        if (named.test(text)) found.push(`${file} → ${table} (${owner})`);
      }
    }
    expect(found).toEqual([]);
  });
});
