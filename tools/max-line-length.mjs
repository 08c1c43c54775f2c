// Lint (issue 22 §4): no line of apps/, packages/, tools/ or bench/ passes 140 characters. Prettier
// wraps code at 130; what it cannot wrap (comments, strings, SQL in templates) is wrapped by hand.
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
if (long.length > 0) {
  console.error(`Linhas com mais de ${MAX} caracteres:\n${long.join('\n')}`);
  process.exit(1);
}
console.log(`linhas ≤ ${MAX} caracteres em ${files.length} arquivos`);
