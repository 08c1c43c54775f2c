// The module-boundary lint rules (issue 7 §1) through the ESLint Node API and the repository's own
// config, on fake file paths: each rule reports a violation and lets a legal import through, on
// every server module and each of its parts and on every web feature (issue 22 §3); and no block of
// the config turns a funil/* rule off, so `eslint .` in CI holds every file to them.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });
// The repository's config as its blocks (a JavaScript file: read at run time, typed here).
const config = ((await import(pathToFileURL(path.join(root, 'eslint.config.js')).href)) as { default: Linter.Config[] }).default;

/** The boundary rules a file at `file` (from the repository root) with this code breaks. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).flatMap((m) => (m.ruleId?.startsWith('funil/') ? [m.ruleId] : []));
}

const reexport = (source: string) => `export * from '${source}';\n`;

describe('funil/table-owner: a *.table.ts is imported only by its module and db/schema.ts (issue 7 §1)', () => {
  it("reports another module's table, from a module, from shared server code and from the jobs table", async () => {
    expect(await boundaryErrors('apps/server/src/modules/tags/probe.ts', reexport('../leads/leads.table.ts'))).toEqual([
      'funil/table-owner',
    ]);
    expect(await boundaryErrors('apps/server/src/realtime/probe.ts', reexport('../modules/users/users.table.ts'))).toEqual([
      'funil/table-owner',
    ]);
    expect(await boundaryErrors('apps/server/src/modules/leads/probe.ts', reexport('../../jobs/jobs.table.ts'))).toEqual([
      'funil/table-owner',
    ]);
    // An import (not only a re-export) and a dynamic import count too.
    expect(
      await boundaryErrors(
        'apps/server/src/modules/auth/probe.ts',
        "import { usuarios } from '../users/users.table.ts';\nexport const t = usuarios;\n",
      ),
    ).toEqual(['funil/table-owner']);
    expect(
      await boundaryErrors(
        'apps/server/src/modules/auth/probe.ts',
        "export const t = () => import('../tenancy/tenancy.table.ts');\n",
      ),
    ).toEqual(['funil/table-owner']);
  });

  it('allows its own module, db/schema.ts, foreign-key references between table files, tests and the demo seed', async () => {
    expect(await boundaryErrors('apps/server/src/modules/leads/probe.ts', reexport('./leads.table.ts'))).toEqual([]);
    expect(await boundaryErrors('apps/server/src/jobs/probe.ts', reexport('./jobs.table.ts'))).toEqual([]);
    expect(await boundaryErrors('apps/server/src/db/schema.ts', reexport('../modules/leads/leads.table.ts'))).toEqual([]);
    expect(await boundaryErrors('apps/server/src/modules/tags/probe.table.ts', reexport('../leads/leads.table.ts'))).toEqual([]);
    expect(await boundaryErrors('apps/server/src/modules/tags/probe.test.ts', reexport('../leads/leads.table.ts'))).toEqual([]);
    expect(await boundaryErrors('apps/server/src/demo/probe.ts', reexport('../modules/leads/leads.table.ts'))).toEqual([]);
  });
});

describe('funil/module-door: a server module reaches another only through its *.service.ts (issue 7 §1)', () => {
  it("reports another module's repository, routes and internal helpers", async () => {
    expect(
      await boundaryErrors('apps/server/src/modules/negotiation/probe.ts', reexport('../leads/leads.repository.ts')),
    ).toEqual(['funil/module-door']);
    expect(await boundaryErrors('apps/server/src/modules/negotiation/probe.ts', reexport('../leads/leads.routes.ts'))).toEqual([
      'funil/module-door',
    ]);
    expect(await boundaryErrors('apps/server/src/modules/tags/probe.ts', reexport('../leads/lead-count-cache.ts'))).toEqual([
      'funil/module-door',
    ]);
    expect(
      await boundaryErrors(
        'apps/server/src/modules/tags/probe.ts',
        "import type { LeadRow } from '../leads/leads.repository.ts';\nexport type T = LeadRow;\n",
      ),
    ).toEqual(['funil/module-door']);
  });

  it("allows another module's service and the auth plugin, and anything inside the module", async () => {
    expect(await boundaryErrors('apps/server/src/modules/negotiation/probe.ts', reexport('../leads/leads.service.ts'))).toEqual(
      [],
    );
    expect(await boundaryErrors('apps/server/src/modules/negotiation/probe.ts', reexport('../auth/auth.plugin.ts'))).toEqual([]);
    expect(await boundaryErrors('apps/server/src/modules/leads/probe.ts', reexport('./leads.repository.ts'))).toEqual([]);
    // Shared server code (http, db, jobs) is not a module.
    expect(await boundaryErrors('apps/server/src/modules/leads/probe.ts', reexport('../../http/form-body.ts'))).toEqual([]);
  });
});

describe('lead views: modules/<m>/views/<v> is a unit of its own, a read view of its core (issue 22 §1)', () => {
  it("reports a view reaching its core's internals, another view's internals, and the core importing its views", async () => {
    expect(
      await boundaryErrors('apps/server/src/modules/leads/views/pipeline/probe.ts', reexport('../../leads.repository.ts')),
    ).toEqual(['funil/module-door']);
    expect(
      await boundaryErrors('apps/server/src/modules/leads/views/pipeline/probe.ts', reexport('../chat/lead-chat.repository.ts')),
    ).toEqual(['funil/module-door']);
    expect(await boundaryErrors('apps/server/src/modules/leads/probe.ts', reexport('./views/chat/lead-chat.service.ts'))).toEqual(
      ['funil/module-door'],
    );
    expect(
      await boundaryErrors('apps/server/src/modules/leads/probe.ts', reexport('./views/chat/lead-chat.repository.ts')),
    ).toEqual(['funil/module-door']);
    // Another module reaches a view through its door only.
    expect(
      await boundaryErrors('apps/server/src/modules/mass-send/probe.ts', reexport('../leads/views/chat/lead-chat.repository.ts')),
    ).toEqual(['funil/module-door']);
    // A view of one module is not a read view of another module's tables.
    expect(
      await boundaryErrors('apps/server/src/modules/leads/views/chat/probe.ts', reexport('../../../whatsapp/messages.table.ts')),
    ).toEqual(['funil/table-owner']);
  });

  it("allows a view its core's door and tables, another view's door, its own files, and other modules the view's door", async () => {
    expect(
      await boundaryErrors('apps/server/src/modules/leads/views/pipeline/probe.ts', reexport('../../leads.service.ts')),
    ).toEqual([]);
    expect(
      await boundaryErrors('apps/server/src/modules/leads/views/pipeline/probe.ts', reexport('../../lead-sql.service.ts')),
    ).toEqual([]);
    expect(
      await boundaryErrors('apps/server/src/modules/leads/views/pipeline/probe.ts', reexport('../../leads.table.ts')),
    ).toEqual([]);
    expect(
      await boundaryErrors('apps/server/src/modules/leads/views/pipeline/probe.ts', reexport('./pipeline-board.repository.ts')),
    ).toEqual([]);
    expect(
      await boundaryErrors('apps/server/src/modules/leads/views/legacy-list/probe.ts', reexport('../chat/lead-chat.service.ts')),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'apps/server/src/modules/pipeline/probe.ts',
        reexport('../leads/views/pipeline/pipeline-board.service.ts'),
      ),
    ).toEqual([]);
  });
});

describe('funil/feature-isolation: a web feature never imports another feature (issue 7 §1)', () => {
  it('reports a feature importing another feature, and shared code importing a feature', async () => {
    expect(
      await boundaryErrors('apps/web/src/features/instances/components/probe.tsx', reexport('../../leads/api/tags.ts')),
    ).toEqual(['funil/feature-isolation']);
    expect(await boundaryErrors('apps/web/src/lib/probe.ts', reexport('../features/leads/api/tags.ts'))).toEqual([
      'funil/feature-isolation',
    ]);
    expect(await boundaryErrors('apps/web/src/components/ui/probe.tsx', reexport('../../features/auth/probe.ts'))).toEqual([
      'funil/feature-isolation',
    ]);
  });

  it('allows the same feature, shared code from a feature, and the app composing features', async () => {
    expect(await boundaryErrors('apps/web/src/features/leads/components/probe.tsx', reexport('../api/tags.ts'))).toEqual([]);
    expect(
      await boundaryErrors('apps/web/src/features/leads/components/probe.tsx', reexport('../../../lib/http-client.ts')),
    ).toEqual([]);
    expect(await boundaryErrors('apps/web/src/app/probe.tsx', reexport('../features/leads/api/tags.ts'))).toEqual([]);
  });
});

const SERVER = 'apps/server/src';
const MODULES = `${SERVER}/modules`;
const FEATURES = 'apps/web/src/features';
const dirsIn = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
const filesIn = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => e.name)
    .sort();
/** Every folder of a module from the repository root: the module and its parts, at any depth. */
const foldersOf = (dir: string): string[] => [dir, ...dirsIn(dir).flatMap((d) => foldersOf(`${dir}/${d}`))];
const modules = dirsIn(MODULES);
const isTest = (file: string) => file.endsWith('.test.ts') || file.endsWith('-test-kit.ts');
const isDoor = (file: string) => file.endsWith('.service.ts') || file.endsWith('.plugin.ts');
/** The import path from a file in `fromDir` to `target` (both from the repository root). */
const rel = (fromDir: string, target: string) => {
  const r = path.posix.relative(fromDir, target);
  return r.startsWith('.') ? r : `./${r}`;
};

describe('the rules hold on every server module and each of its parts (issue 22 §3)', () => {
  it('finds the modules and the parts of the WhatsApp module', () => {
    expect(modules).toEqual(expect.arrayContaining(['leads', 'whatsapp', 'users', 'tenancy']));
    expect(foldersOf(`${MODULES}/whatsapp`)).toEqual(
      expect.arrayContaining([`${MODULES}/whatsapp/chat`, `${MODULES}/whatsapp/ingest`, `${MODULES}/whatsapp/instances`]),
    );
  });

  it.each(modules)("a file anywhere in %s that imports another module's table or internals is reported", async (name) => {
    const other = name === 'users' ? 'tenancy' : 'users';
    const wrong: string[] = [];
    for (const folder of foldersOf(`${MODULES}/${name}`)) {
      const file = `${folder}/probe.ts`;
      const table = await boundaryErrors(file, reexport(rel(folder, `${MODULES}/${other}/${other}.table.ts`)));
      const internal = await boundaryErrors(file, reexport(rel(folder, `${MODULES}/${other}/${other}.repository.ts`)));
      const inPart = await boundaryErrors(file, reexport(rel(folder, `${MODULES}/${other}/part/probe.routes.ts`)));
      if (
        table.join() !== 'funil/table-owner' ||
        internal.join() !== 'funil/module-door' ||
        inPart.join() !== 'funil/module-door'
      )
        wrong.push(`${folder}: ${table} ${internal} ${inPart}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(modules)(
    "%s's tables and internals, in any of its parts, are closed to other modules and open to itself",
    async (name) => {
      const other = name === 'users' ? 'tenancy' : 'users';
      const outside = `${MODULES}/${other}`;
      const wrong: string[] = [];
      for (const folder of foldersOf(`${MODULES}/${name}`)) {
        for (const f of filesIn(folder).filter((f) => !isTest(f) && !isDoor(f))) {
          const target = `${folder}/${f}`;
          const expected = f.endsWith('.table.ts') ? 'funil/table-owner' : 'funil/module-door';
          const fromOutside = (await boundaryErrors(`${outside}/probe.ts`, reexport(rel(outside, target)))).join();
          // Inside the module every part imports every other part's files (module root → part, part → part).
          // A read view (`modules/<m>/views/<v>`, issue 22 §1) is a unit of its own: inside means inside the view.
          const view = /^(.*\/views\/[^/]+)/.exec(folder)?.[1];
          const home = view ?? `${MODULES}/${name}`;
          const fromInside = (await boundaryErrors(`${home}/probe.ts`, reexport(rel(home, target)))).join();
          const fromPart = (
            await boundaryErrors(`${home}/some-part/probe.ts`, reexport(rel(`${home}/some-part`, target)))
          ).join();
          if (fromOutside !== expected || fromInside !== '' || fromPart !== '')
            wrong.push(`${target}: ${fromOutside}|${fromInside}|${fromPart}`);
        }
        // A part's door is open to other modules.
        for (const f of filesIn(folder).filter(isDoor)) {
          const found = await boundaryErrors(`${outside}/probe.ts`, reexport(rel(outside, `${folder}/${f}`)));
          if (found.length > 0) wrong.push(`${folder}/${f}: ${found}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it.each(dirsIn(FEATURES))('the web feature %s imports no other feature', async (name) => {
    const other = name === 'leads' ? 'users' : 'leads';
    expect(await boundaryErrors(`${FEATURES}/${name}/components/probe.tsx`, reexport(`../../${other}/api/probe.ts`))).toEqual([
      'funil/feature-isolation',
    ]);
    expect(await boundaryErrors(`${FEATURES}/${name}/probe.ts`, reexport(`../${other}/probe.ts`))).toEqual([
      'funil/feature-isolation',
    ]);
  });
});

// Lint in CI (`eslint .`) checks every file; what could make it pass wrongly is a config block that
// exempts files from a rule (issue 22 §3: the WhatsApp module's "TEMPORARY" block did).
describe('no part of the config turns a boundary rule off (issue 22 §3)', () => {
  const FUNIL_RULES = ['funil/table-owner', 'funil/module-door', 'funil/feature-isolation'];
  const severity = (entry: Linter.RuleEntry | undefined) => (Array.isArray(entry) ? entry[0] : entry);

  it('no config block sets a funil/* rule to anything but error', () => {
    const loose = config.flatMap((block, i) =>
      Object.entries(block.rules ?? {})
        .filter(([rule, entry]) => rule.startsWith('funil/') && severity(entry) !== 'error' && severity(entry) !== 2)
        .map(([rule, entry]) => `block ${i} (${(block.files ?? ['*']).join(', ')}): ${rule} ${JSON.stringify(entry)}`),
    );
    expect(loose).toEqual([]);
  });

  // Only tests, test kits, src/testing and the demo seed (src/demo) set rows up and read them directly.
  const exempt = (file: string) => isTest(file) || file.startsWith(`${SERVER}/testing/`) || file.startsWith(`${SERVER}/demo/`);
  const sourceFiles = (dir: string, ext: RegExp): string[] =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .map((f) => `${dir}/${f.split(path.sep).join('/')}`)
      .filter((f) => ext.test(f));

  it('every server source file outside the tests and the seed gets both server rules as errors', async () => {
    const wrong: string[] = [];
    for (const file of sourceFiles(SERVER, /\.ts$/)) {
      const rules = ((await eslint.calculateConfigForFile(path.join(root, file))) as Linter.Config).rules ?? {};
      const on = FUNIL_RULES.slice(0, 2).every((rule) => severity(rules[rule]) === 2);
      if (on === exempt(file)) wrong.push(`${file}: ${on ? 'held by' : 'exempt from'} the server rules`);
    }
    expect(wrong).toEqual([]);
  });

  it('every web source file gets feature-isolation as an error', async () => {
    const wrong: string[] = [];
    for (const file of sourceFiles('apps/web/src', /\.tsx?$/).filter((f) => !f.includes('.test.'))) {
      const rules = ((await eslint.calculateConfigForFile(path.join(root, file))) as Linter.Config).rules ?? {};
      if (severity(rules['funil/feature-isolation']) !== 2) wrong.push(file);
    }
    expect(wrong).toEqual([]);
  });
});
