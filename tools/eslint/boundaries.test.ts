// The module-boundary lint rules (issue 7 §1) through the ESLint Node API and the repository's own
// config, on fake file paths: each rule reports a violation and lets a legal import through.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

/** The boundary rules a file at `file` (from the repository root) with this code breaks. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).flatMap((m) => (m.ruleId?.startsWith('funil/') ? [m.ruleId] : []));
}

const reexport = (source: string) => `export * from '${source}';\n`;

describe('funil/table-owner: a *.table.ts is imported only by its module and db/schema.ts (issue 7 §1)', () => {
  it("reports another module's table, from a module, from shared server code and from the jobs table", async () => {
    expect(await boundaryErrors('apps/server/src/modules/tags/probe.ts', reexport('../leads/leads.table.ts'))).toEqual(['funil/table-owner']);
    expect(await boundaryErrors('apps/server/src/realtime/probe.ts', reexport('../modules/users/users.table.ts'))).toEqual(['funil/table-owner']);
    expect(await boundaryErrors('apps/server/src/modules/leads/probe.ts', reexport('../../jobs/jobs.table.ts'))).toEqual(['funil/table-owner']);
    // An import (not only a re-export) and a dynamic import count too.
    expect(await boundaryErrors('apps/server/src/modules/auth/probe.ts', "import { usuarios } from '../users/users.table.ts';\nexport const t = usuarios;\n")).toEqual(['funil/table-owner']);
    expect(await boundaryErrors('apps/server/src/modules/auth/probe.ts', "export const t = () => import('../tenancy/tenancy.table.ts');\n")).toEqual(['funil/table-owner']);
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

describe("funil/module-door: a server module reaches another only through its *.service.ts (issue 7 §1)", () => {
  it("reports another module's repository, routes and internal helpers", async () => {
    expect(await boundaryErrors('apps/server/src/modules/negotiation/probe.ts', reexport('../leads/leads.repository.ts'))).toEqual(['funil/module-door']);
    expect(await boundaryErrors('apps/server/src/modules/negotiation/probe.ts', reexport('../leads/leads.routes.ts'))).toEqual(['funil/module-door']);
    expect(await boundaryErrors('apps/server/src/modules/tags/probe.ts', reexport('../leads/lead-count-cache.ts'))).toEqual(['funil/module-door']);
    expect(await boundaryErrors('apps/server/src/modules/tags/probe.ts', "import type { LeadRow } from '../leads/leads.repository.ts';\nexport type T = LeadRow;\n")).toEqual(['funil/module-door']);
  });

  it("allows another module's service and the auth plugin, and anything inside the module", async () => {
    expect(await boundaryErrors('apps/server/src/modules/negotiation/probe.ts', reexport('../leads/leads.service.ts'))).toEqual([]);
    expect(await boundaryErrors('apps/server/src/modules/negotiation/probe.ts', reexport('../auth/auth.plugin.ts'))).toEqual([]);
    expect(await boundaryErrors('apps/server/src/modules/leads/probe.ts', reexport('./leads.repository.ts'))).toEqual([]);
    // Shared server code (http, db, jobs) is not a module.
    expect(await boundaryErrors('apps/server/src/modules/leads/probe.ts', reexport('../../http/form-body.ts'))).toEqual([]);
  });
});

describe('funil/feature-isolation: a web feature never imports another feature (issue 7 §1)', () => {
  it('reports a feature importing another feature, and shared code importing a feature', async () => {
    expect(await boundaryErrors('apps/web/src/features/instances/components/probe.tsx', reexport('../../leads/api/tags.ts'))).toEqual(['funil/feature-isolation']);
    expect(await boundaryErrors('apps/web/src/lib/probe.ts', reexport('../features/leads/api/tags.ts'))).toEqual(['funil/feature-isolation']);
    expect(await boundaryErrors('apps/web/src/components/ui/probe.tsx', reexport('../../features/auth/probe.ts'))).toEqual(['funil/feature-isolation']);
  });

  it('allows the same feature, shared code from a feature, and the app composing features', async () => {
    expect(await boundaryErrors('apps/web/src/features/leads/components/probe.tsx', reexport('../api/tags.ts'))).toEqual([]);
    expect(await boundaryErrors('apps/web/src/features/leads/components/probe.tsx', reexport('../../../lib/http-client.ts'))).toEqual([]);
    expect(await boundaryErrors('apps/web/src/app/probe.tsx', reexport('../features/leads/api/tags.ts'))).toEqual([]);
  });
});

describe('the repository holds its boundaries (issue 7 §1)', () => {
  // The whole repository config over both apps: slow (~30 s on a loaded machine), hence the timeout.
  it('no server or web file breaks a boundary rule', { timeout: 180_000 }, async () => {
    const results = await eslint.lintFiles(['apps/server/src', 'apps/web/src']);
    const broken = results.flatMap((r) => r.messages.filter((m) => m.ruleId?.startsWith('funil/')).map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.ruleId}`));
    expect(broken).toEqual([]);
  });
});
