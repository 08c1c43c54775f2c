// Funil's module boundaries as lint rules (issue 7 §1, docs/decisions.md "Module boundaries"):
// - table-owner: a `*.table.ts` is imported only by its own module, by `db/schema.ts`, and by
//   other table files (foreign-key references);
// - module-door: a server module reaches another module only through its `*.service.ts` (or the
//   cross-cutting `*.plugin.ts`), never its repository, routes or internals;
// - views (issue 22 §1): a module may keep named read views of its tables in
//   `modules/<m>/views/<view>/`. Each view is a unit of its own for module-door (it reaches its
//   core and others through their doors, and others reach it through its `*.service.ts`); it may
//   import its core's tables (a declared read view, modules/README.md), and the core never imports
//   its views (the views depend on the core, never the other way round);
// - feature-isolation: a web feature never imports another feature, and shared web code
//   (components, lib) imports no feature; only `apps/web/src/app` composes features.
// A module is `apps/server/src/modules/<name>/` with everything under it: a module may keep its
// parts in sub-folders (`whatsapp/chat/`, `whatsapp/ingest/`), which import each other freely and
// are internal to the module; another module reaches a part only through that part's *.service.ts.
// Paths are resolved from the importing file, so `../x`, `../../modules/x` and the like all count.
// tools/eslint/boundaries.test.ts proves the rules on every module and part, and that no block of
// eslint.config.js turns a funil/* rule off.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_SRC = 'apps/server/src/';
const MODULES = `${SERVER_SRC}modules/`;
const FEATURES = 'apps/web/src/features/';

/** The file's path from the repository root, with forward slashes. */
const fromRoot = (file) => path.relative(ROOT, path.resolve(file)).split(path.sep).join('/');

/**
 * The server unit owning a file (`modules/<m>`, a view `modules/<m>/views/<v>`, or the jobs folder), or null.
 * A file in any other part of a module (`modules/<m>/<part>/x.ts`, at any depth) belongs to `modules/<m>`.
 */
export function serverModuleOf(file) {
  if (file.startsWith(MODULES)) {
    const parts = file.slice(MODULES.length).split('/');
    if (parts.length < 2) return null;
    if (parts[1] === 'views' && parts.length >= 4) return `modules/${parts[0]}/views/${parts[2]}`;
    return `modules/${parts[0]}`;
  }
  if (file.startsWith(`${SERVER_SRC}jobs/`)) return 'jobs';
  return null;
}

/** The module whose read view a unit is (`modules/<m>` for `modules/<m>/views/<v>`), else null. */
export function coreOfView(unit) {
  const match = unit === null ? null : /^(modules\/[^/]+)\/views\/[^/]+$/.exec(unit);
  return match ? match[1] : null;
}

/** The web feature owning a file, or null. */
export function webFeatureOf(file) {
  if (!file.startsWith(FEATURES)) return null;
  const rest = file.slice(FEATURES.length);
  return rest.includes('/') ? rest.split('/')[0] : null;
}

/** Calls `check(node, targetFromRoot)` for every relative import, re-export and literal dynamic import. */
function onImports(context, check) {
  const importer = fromRoot(context.filename);
  const visit = (node, source) => {
    if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
    const target = fromRoot(path.resolve(path.dirname(path.resolve(context.filename)), source.value));
    check(source, importer, target, node);
  };
  return {
    ImportDeclaration: (node) => visit(node, node.source),
    ExportNamedDeclaration: (node) => visit(node, node.source),
    ExportAllDeclaration: (node) => visit(node, node.source),
    ImportExpression: (node) => visit(node, node.source.type === 'Literal' ? node.source : null),
  };
}

const tableOwner = {
  meta: {
    type: 'problem',
    docs: {
      description: 'A *.table.ts is imported only by its own module, db/schema.ts and (for foreign keys) other table files.',
    },
    messages: {
      foreign: "'{{table}}' belongs to {{owner}}: reach it through that module's *.service.ts (issue 7 §1).",
    },
    schema: [],
  },
  create(context) {
    return onImports(context, (node, importer, target) => {
      if (!target.endsWith('.table.ts')) return;
      const owner = serverModuleOf(target);
      if (owner === null) return;
      if (serverModuleOf(importer) === owner) return;
      // A read view of the owner (modules/<m>/views/<v>) reads its core's tables.
      if (coreOfView(serverModuleOf(importer)) === owner) return;
      if (importer === `${SERVER_SRC}db/schema.ts`) return;
      // Foreign-key references between tables (`.references(() => other.id)`).
      if (importer.endsWith('.table.ts')) return;
      context.report({ node, messageId: 'foreign', data: { table: path.basename(target), owner } });
    });
  },
};

const DOORS = ['.service.ts', '.plugin.ts'];

const moduleDoor = {
  meta: {
    type: 'problem',
    docs: {
      description: 'A server module reaches another module only through its *.service.ts (or the cross-cutting *.plugin.ts).',
    },
    messages: {
      internal: "'{{file}}' is internal to {{owner}}: import that module's (or that part's) *.service.ts instead (issue 7 §1).",
      coreToView:
        '{{from}} imports its own view {{owner}}: the views depend on the core, never the other way round (issue 22 §1).',
    },
    schema: [],
  },
  create(context) {
    return onImports(context, (node, importer, target) => {
      const from = serverModuleOf(importer);
      const to = serverModuleOf(target);
      if (from === null || to === null || from === to || !from.startsWith('modules/') || !to.startsWith('modules/')) return;
      // Tables have their own rule (table-owner), which also allows foreign-key references.
      if (target.endsWith('.table.ts')) return;
      if (coreOfView(to) === from) {
        context.report({ node, messageId: 'coreToView', data: { from, owner: to } });
        return;
      }
      if (DOORS.some((door) => target.endsWith(door))) return;
      context.report({ node, messageId: 'internal', data: { file: path.basename(target), owner: to } });
    });
  },
};

const featureIsolation = {
  meta: {
    type: 'problem',
    docs: { description: 'A web feature never imports another feature; only apps/web/src/app composes features.' },
    messages: {
      otherFeature:
        "Feature '{{from}}' imports feature '{{to}}': move what both need to shared code (components, " +
        'lib) or compose them in apps/web/src/app.',
      sharedToFeature: "Shared code imports feature '{{to}}': only apps/web/src/app composes features.",
    },
    schema: [],
  },
  create(context) {
    return onImports(context, (node, importer, target) => {
      const to = webFeatureOf(target);
      if (to === null || !importer.startsWith('apps/web/src/')) return;
      const from = webFeatureOf(importer);
      if (from === to) return;
      if (from !== null) {
        context.report({ node, messageId: 'otherFeature', data: { from, to } });
        return;
      }
      if (importer.startsWith('apps/web/src/components/') || importer.startsWith('apps/web/src/lib/'))
        context.report({ node, messageId: 'sharedToFeature', data: { to } });
    });
  },
};

export default {
  meta: { name: 'funil-boundaries' },
  rules: { 'table-owner': tableOwner, 'module-door': moduleDoor, 'feature-isolation': featureIsolation },
};
