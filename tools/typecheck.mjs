// `npm run typecheck`: the eight TypeScript projects with TypeScript 7, the native compiler (the
// devDependency `typescript-native`: 52 core-seconds for the eight against 125 with TypeScript 5.9, which
// stays as `typescript` for typescript-eslint's parser; docs/decisions.md "The typecheck on TypeScript 7"),
// two at a time, the longest first. Prints each project's errors and time, and fails when any project fails.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

// Longest first (seconds of CPU on the 2-core machine, issue 22 §5): the e2e project also checks the
// server and web files it imports, and bench the server's.
const PROJECTS = [
  'apps/server',
  'bench',
  'apps/web',
  'apps/web/e2e',
  'apps/evolution-emulator',
  'packages/domain',
  'apps/meta-emulator',
  'tools',
];
const width = Math.max(1, Math.min(Number(process.env.TYPECHECK_JOBS) || availableParallelism(), PROJECTS.length));

function check(project) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/typescript-native/bin/tsc', '-p', project, '--noEmit', '--pretty'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`${code === 0 ? 'ok' : 'ERRO'} tsc -p ${project} (${seconds} s)\n${code === 0 ? '' : output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results = await Promise.all(
  Array.from({ length: width }, async () => {
    let ok = true;
    while (queue.length > 0) ok = (await check(queue.shift())) && ok;
    return ok;
  }),
);
if (results.includes(false)) process.exit(1);
