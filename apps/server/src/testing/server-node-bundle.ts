// The server process of the multi-process and crash tests (server-node.ts) as one JavaScript file,
// built once per test run by the global setup (issue 22 §5). Each child then starts from it with plain
// `node` instead of `node --import tsx`: importing the server through tsx took 2.2 s of processor time
// per child, the bundle 0.7 s, and those tests start about twenty children a run.
// Packages stay outside the bundle (resolved from the repository's node_modules, so the file lives
// under apps/server); Funil's own files, the domain package included, are inside it. Each file's
// `import.meta.url` keeps pointing at the file it was written in (the migrations folder is found
// from db/connection.ts).
import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { build } from 'esbuild';

const SERVER_NODE_SOURCE = fileURLToPath(new URL('./server-node.ts', import.meta.url));
const BUNDLES_DIR = fileURLToPath(new URL('../../.test-bundles/', import.meta.url));

/** Builds the bundle into apps/server/.test-bundles/ and returns its path and how to remove it. */
export async function buildServerNodeBundle(): Promise<{ file: string; remove: () => Promise<void> }> {
  const file = join(BUNDLES_DIR, `server-node-${process.pid}-${Date.now()}.mjs`);
  await mkdir(dirname(file), { recursive: true });
  await build({
    entryPoints: [SERVER_NODE_SOURCE],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    plugins: [
      {
        name: 'funil-server-node',
        setup(bundler) {
          bundler.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@funil/') ? undefined : { path: args.path, external: true },
          );
          bundler.onLoad({ filter: /\.ts$/ }, async (args) => ({
            contents: (await readFile(args.path, 'utf8')).replaceAll(
              'import.meta.url',
              JSON.stringify(pathToFileURL(args.path).href),
            ),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  return { file, remove: () => rm(file, { force: true }) };
}
