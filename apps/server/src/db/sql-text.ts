// Reading SQL text for the ownership checks (db/table-ownership.test.ts, issue 22 §3): the tables a
// statement names, and the functions, views and triggers of the migrations. Test-only code with its
// own tests (sql-text.test.ts), kept apart so the checker's own failures are tested on samples.

const ident = String.raw`"?[A-Za-z_][\w$]*"?`;
const qualified = String.raw`(?:"?public"?\.)?${ident}`;
/** A FROM list item: a name with an optional alias (`leads l`, `usuarios AS u`). */
const item = String.raw`${qualified}(?:\s+(?:as\s+)?(?!where\b|join\b|on\b|group\b|order\b|limit\b|left\b|inner\b|cross\b|using\b)\w+)?`;

const unquote = (name: string) => name.replace(/"/g, '').replace(/^public\./i, '');

/**
 * The names of `tables` that the SQL text names as a table: after FROM, JOIN, INTO, UPDATE,
 * DELETE FROM, LOCK [TABLE], TRUNCATE [TABLE] and in a comma join (`FROM a, b`) (a trigger's table
 * is read by `objectTables`). Comments must be stripped by the caller; `extract(epoch FROM x)` names no table here
 * because `x` is not in `tables`.
 */
export function tablesNamed(text: string, tables: Iterable<string>): string[] {
  const named = new Set<string>();
  const keyword = new RegExp(
    String.raw`\b(?:from|join|into|update|lock(?:\s+table)?|truncate(?:\s+table)?(?:\s+only)?)\s+(${qualified})`,
    'gi',
  );
  for (const m of text.matchAll(keyword)) named.add(unquote(m[1]!));
  // Comma joins: every item of a FROM list after the first.
  const list = new RegExp(String.raw`\bfrom\s+${item}((?:\s*,\s*${item})+)`, 'gi');
  for (const m of text.matchAll(list)) {
    for (const part of m[1]!.split(',').slice(1)) {
      const name = part.trim().split(/\s+/)[0];
      if (name) named.add(unquote(name));
    }
  }
  const wanted = new Set(tables);
  return [...named].filter((n) => wanted.has(n)).sort();
}

/** SQL text without `--` and block comments (string literals kept). */
export function withoutSqlComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/--.*$/gm, '');
}

/** The statements of a migration file: split on `;` outside quotes and dollar-quoted bodies. */
export function sqlStatements(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (c === "'") {
      i = text.indexOf("'", i + 1) + 1 || text.length;
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(text.slice(i))?.[0];
      if (tag) {
        const end = text.indexOf(tag, i + tag.length);
        i = end < 0 ? text.length : end + tag.length;
      } else i++;
    } else if (c === ';') {
      out.push(text.slice(start, i).trim());
      start = ++i;
    } else i++;
  }
  if (text.slice(start).trim()) out.push(text.slice(start).trim());
  return out
    .map((s) =>
      withoutSqlComments(s)
        .replace(/-->\s*statement-breakpoint/g, '')
        .trim(),
    )
    .filter(Boolean);
}

export type SqlObject = { kind: 'function' | 'view' | 'trigger'; name: string; text: string; on?: string; runs?: string };

/** The functions, views and triggers a statement creates (the last definition of a name wins in `objectsOf`). */
export function sqlObject(statement: string): SqlObject | null {
  const head = /^create\s+(?:or\s+replace\s+)?(?:materialized\s+)?(function|view|trigger)\s+(?:"?public"?\.)?"?([\w$]+)"?/i.exec(
    statement,
  );
  if (!head) return null;
  const kind = head[1]!.toLowerCase() as SqlObject['kind'];
  const name = head[2]!;
  if (kind !== 'trigger') return { kind, name, text: statement };
  const on = /\bon\s+(?:"?public"?\.)?"?([\w$]+)"?/i.exec(statement)?.[1];
  const runs = /\bexecute\s+(?:function|procedure)\s+(?:"?public"?\.)?"?([\w$]+)"?/i.exec(statement)?.[1];
  return { kind, name, text: statement, ...(on ? { on } : {}), ...(runs ? { runs } : {}) };
}

/** Every function, view and trigger in force after the migrations, in order (a later CREATE OR REPLACE wins). */
export function objectsOf(migrations: readonly string[]): Map<string, SqlObject> {
  const objects = new Map<string, SqlObject>();
  for (const file of migrations)
    for (const statement of sqlStatements(file)) {
      const object = sqlObject(statement);
      if (object) objects.set(`${object.kind} ${object.name}`, object);
    }
  return objects;
}

/** The tables an object reads or writes: its own text, and for a trigger its table and its function's tables. */
export function objectTables(object: SqlObject, objects: Map<string, SqlObject>, tables: Iterable<string>): string[] {
  const all = [...tables];
  if (object.kind !== 'trigger') return tablesNamed(object.text.replace(/^create[\s\S]*?\bas\b/i, ''), all);
  const fn = object.runs ? objects.get(`function ${object.runs}`) : undefined;
  const named = new Set<string>(fn ? objectTables(fn, objects, all) : []);
  if (object.on && all.includes(object.on)) named.add(object.on);
  return [...named].sort();
}
