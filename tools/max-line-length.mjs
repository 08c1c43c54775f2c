// Lint (issue 22 §4): no line of apps/, packages/, tools/ or bench/ passes 140 characters (Prettier
// wraps code at 130; what it cannot wrap, comments, strings and SQL in templates, is wrapped by hand),
// and no file of the server passes 500 lines without its reason at the top (issue 22 §1).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX = 140;
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'apps', 'packages', 'tools', 'bench'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.(ts|tsx|js|mjs)$/.test(f));
const long = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // listed but deleted in the work tree
  }
  text.split('\n').forEach((line, i) => {
    if (line.length > MAX) long.push(`${file}:${i + 1}: ${line.length} caracteres`);
  });
}
// Issue 22 §1: no file of the server over 500 lines without the reason written at its top.
const MAX_LINES = 500;
for (const file of files.filter((f) => f.startsWith('apps/server/src/'))) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue;
  }
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  if (lines.length > MAX_LINES && !lines.slice(0, 5).some((l) => l.startsWith('// Over 500 lines: '))) {
    long.push(`${file}: ${lines.length} linhas, sem o motivo no topo ('// Over 500 lines: …')`);
  }
}
if (long.length > 0) {
  console.error(`Linhas com mais de ${MAX} caracteres ou arquivos longos sem motivo:\n${long.join('\n')}`);
  process.exit(1);
}
console.log(`linhas ≤ ${MAX} caracteres em ${files.length} arquivos`);
