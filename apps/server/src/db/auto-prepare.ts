// Repeated statements prepared by name on their connection (docs/decisions.md "Repeated statements
// prepared"). The query builder sends every statement unnamed, so PostgreSQL parsed and planned each
// call anew: on the automations bench planning took 28 % of the statements' time (the lead's read by
// its id 3.4 s of planning for 12.0 s of execution). A parameterised text seen a few times gets a name;
// node-postgres then prepares it once per connection and sends only its name and values, and
// PostgreSQL may keep one generic plan (it still plans with the values when the generic plan costs
// more: plan_cache_mode auto). Texts whose plan depends on the typed value (a text search) stay unnamed.
import { createHash } from 'node:crypto';

export const AUTO_PREPARE_LIMITS = {
  /** Uses of a text before it is named (a text seen once or twice is not worth a statement per connection). */
  minUses: 3,
  /** Names per process: each connection keeps at most this many statements. */
  maxNames: 200,
  /** Longer texts stay unnamed (bulk inserts built for their rows). */
  maxText: 8_000,
  /** Texts counted before the count starts again (texts built with a varying number of parameters). */
  maxTracked: 5_000,
} as const;

/** A statement's name on a connection, from its text: one name is one text (node-postgres prepares it per connection). */
export const statementName = (prefix: string, text: string): string =>
  `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/** A search's pattern or words decide its plan (an index or a scan): planned with the typed value every time. */
const PLANNED_WITH_VALUES = /\b(i?like|similar\s+to)\b|@@|%>|<%|\bsimilarity\s*\(|~/i;

/** The statement name of a text, or undefined while it stays unnamed. One per process, shared by its connections. */
export function repeatedStatementNamer(
  limits: Record<keyof typeof AUTO_PREPARE_LIMITS, number>,
): (text: string) => string | undefined {
  const uses = new Map<string, number>();
  const names = new Map<string, string>();
  return (text) => {
    const named = names.get(text);
    if (named !== undefined) return named;
    if (names.size >= limits.maxNames || text.length > limits.maxText || PLANNED_WITH_VALUES.test(text)) return undefined;
    const seen = (uses.get(text) ?? 0) + 1;
    if (seen < limits.minUses) {
      if (uses.size >= limits.maxTracked) uses.clear();
      uses.set(text, seen);
      return undefined;
    }
    uses.delete(text);
    const name = statementName('r', text);
    names.set(text, name);
    return name;
  };
}

type QueryConfig = { text?: unknown; values?: unknown; name?: unknown };

/**
 * Wraps a node-postgres client's `query` so a parameterised statement whose text `nameOf` names runs as a
 * named (prepared) statement. Statements without parameters (BEGIN, COMMIT) keep the simple protocol.
 */
export function prepareRepeatedStatements(
  client: { query: (...args: never[]) => unknown },
  nameOf: (text: string) => string | undefined,
): void {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [first, second] = args;
    if (typeof first === 'string' && Array.isArray(second) && second.length > 0) {
      const name = nameOf(first);
      if (name !== undefined) return original({ name, text: first, values: second }, ...args.slice(2));
    } else if (first !== null && typeof first === 'object' && typeof (first as { submit?: unknown }).submit !== 'function') {
      // (A submittable, such as a cursor, is passed through as it is.)
      const config = first as QueryConfig;
      // drizzle passes the values beside the config: query(config, values).
      const values = Array.isArray(config.values) ? config.values : Array.isArray(second) ? second : undefined;
      if (!config.name && typeof config.text === 'string' && values !== undefined && values.length > 0) {
        const name = nameOf(config.text);
        if (name !== undefined) return original({ ...config, name, values }, ...args.slice(Array.isArray(second) ? 2 : 1));
      }
    }
    return original(...args);
  };
}
