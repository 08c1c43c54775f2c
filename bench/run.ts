// `npm run bench`: runs every benchmark of this folder (files ending in .bench.ts), or those named
// on the command line (`npm run bench -- leads-list`). Not part of `npm test`.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();
if (files.length === 0) {
  console.error(`Nenhum benchmark encontrado${wanted.length ? ` para ${wanted.join(', ')}` : ''}.`);
  process.exit(1);
}
for (const file of files) {
  console.log(`\n# ${file}`);
  const mod = (await import(`./${file}`)) as { run: () => Promise<void> };
  await mod.run();
}
process.exit(0);
