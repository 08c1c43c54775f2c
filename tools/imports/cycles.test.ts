// Issue 22 §1/§3: no import cycle in the server or the domain package. A cycle makes a module
// unreadable on its own and its load order fragile.
import { describe, expect, it } from 'vitest';

import { cycles, importGraph, importsOf, type Graph } from './import-graph.ts';

/**
 * Cycles that another part of issue 22 removes; the lead deletes each line at the merge. Each entry
 * is one cycle's files, sorted.
 */
const KNOWN: string[][] = [];

describe('import cycles (issue 22 §3)', () => {
  it('the server and the domain package have no import cycle', () => {
    const found = cycles(importGraph(['apps/server/src', 'packages/domain/src']));
    expect(found.filter((c) => !KNOWN.some((k) => k.join() === c.join()))).toEqual([]);
  });

  it(
    'db/ sits below the modules: only db/schema.ts (the table list of drizzle-kit and the test ' +
      'snapshots) imports them; the domain package is below both',
    () => {
      const graph = importGraph(['apps/server/src']);
      const upward = [...graph]
        .filter(([file]) => file.startsWith('apps/server/src/db/') && file !== 'apps/server/src/db/schema.ts')
        .flatMap(([file, imports]) =>
          imports
            .filter((i) => i.startsWith('apps/server/src/') && !i.startsWith('apps/server/src/db/'))
            .map((i) => `${file} → ${i}`),
        );
      expect(upward).toEqual([]);
      // The schema's importers: the database tooling and the test kit, never a module.
      const schemaImporters = [...graph]
        .filter(([, imports]) => imports.includes('apps/server/src/db/schema.ts'))
        .map(([file]) => file);
      expect(schemaImporters.filter((f) => !f.startsWith('apps/server/src/testing/'))).toEqual([]);
    },
  );

  it('finds a cycle through any number of files, and none in a chain', () => {
    const graph: Graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    expect(
      cycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads static, re-exported, type-only and dynamic imports, and the domain package by its name', () => {
    const text = [
      "import type { Db } from '../../db/handle.ts';",
      "export { x } from './x.ts';",
      "export * from './y.ts';",
      "const { seed } = await import('../../demo/demo.ts');",
      "import { z } from '@funil/domain/leads/lead';",
      "import Fastify from 'fastify';",
    ].join('\n');
    expect(importsOf('apps/server/src/modules/m/m.service.ts', text)).toEqual([
      'apps/server/src/db/handle.ts',
      'apps/server/src/modules/m/x.ts',
      'apps/server/src/modules/m/y.ts',
      'apps/server/src/demo/demo.ts',
      'packages/domain/src/leads/lead.ts',
    ]);
  });
});
