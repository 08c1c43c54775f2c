// What the automations bench counts in each of its server processes (automations.bench.ts and
// automations-node.ts): every statement the pg driver runs (pool queries and the clients of
// transactions), those run inside the engine's passes (`inEngine`), and when each run's first step was
// recorded (the record is one statement of its own, recordStep, so its answer is its commit).
// Importing this module patches pg.Client for the process.
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

import pg from 'pg';

export const counted = { statements: 0, engineStatements: 0 };
export const inEngine = new AsyncLocalStorage<true>();
// AUTOMATIONS_STATEMENTS=1: the engine's statements by text, the most frequent printed at the end.
// AUTOMATIONS_STATEMENTS=all: also every statement of the pass, by text, per change.
export const TRACE = process.env.AUTOMATIONS_STATEMENTS === '1' || process.env.AUTOMATIONS_STATEMENTS === 'all';
export const TRACE_ALL = process.env.AUTOMATIONS_STATEMENTS === 'all';
export const engineTexts = new Map<string, number>();
export const allTexts = new Map<string, number>();
/** Run id → the wall-clock time (ms) its first step's record was answered. */
export const firstStepDone = new Map<number, number>();

const FIRST_STEP_KEY = /^(\d+):0:0$/;
const originalQuery = pg.Client.prototype.query;
const bump = (texts: Map<string, number>, text: string, width: number) =>
  texts.set(text.slice(0, width), (texts.get(text.slice(0, width)) ?? 0) + 1);

pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  counted.statements += 1;
  const first = args[0] as string | { text?: string; values?: unknown[] } | undefined;
  const text = typeof first === 'string' ? first : (first?.text ?? '');
  if (TRACE_ALL) bump(allTexts, text, 130);
  if (inEngine.getStore()) {
    counted.engineStatements += 1;
    if (TRACE) bump(engineTexts, text, 110);
  }
  // drizzle passes (config, params); node-postgres also takes (text, values) and ({ text, values }).
  const values = (Array.isArray(args[1]) ? args[1] : typeof first === 'object' ? first?.values : undefined) as
    unknown[] | undefined;
  const key = text.includes('insert into automacoes_passos')
    ? values?.find((v): v is string => typeof v === 'string' && FIRST_STEP_KEY.test(v))
    : undefined;
  if (key === undefined) return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  const recorded = (answer: unknown) => {
    if (Number((answer as { rows?: { n?: number }[] } | undefined)?.rows?.[0]?.n ?? 0) > 0)
      firstStepDone.set(Number(FIRST_STEP_KEY.exec(key)![1]), performance.timeOrigin + performance.now());
  };
  // The pool's query passes a callback (no promise then); a transaction's client does not.
  const callback = typeof args[args.length - 1] === 'function' ? (args[args.length - 1] as (...a: unknown[]) => void) : null;
  if (callback)
    args[args.length - 1] = (error: unknown, answer: unknown) => {
      if (!error) recorded(answer);
      callback(error, answer);
    };
  const result = (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  if (!callback) void (result as Promise<unknown>).then(recorded, () => undefined);
  return result;
} as typeof pg.Client.prototype.query;

/** What a process reports at a mark: its CPU (µs, user + system) and its statements so far. */
export type ProcessMark = { cpuUs: number; statements: number; engineStatements: number };
export const markOf = (): ProcessMark => {
  const cpu = process.cpuUsage();
  return { cpuUs: cpu.user + cpu.system, statements: counted.statements, engineStatements: counted.engineStatements };
};
