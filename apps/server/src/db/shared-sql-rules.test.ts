// Issue 22 §3 "one source for each rule that TypeScript and SQL share": the SQL built in TypeScript
// takes its rules from db/sql-rules.ts (generated from the domain constants); the SQL frozen in the
// migrations (the dashboards' triggers and views, the search indexes) is read here and compared with
// the same constants, so changing one without the other fails.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CONVERSION_NEGOTIATION_IDS, DEFAULT_WORKING_HOURS, isConversionStatus } from '@funil/domain/dashboard/dashboard-api';
import { APP_TIME_ZONE } from '@funil/domain/format/date';
import { foldAccents } from '@funil/domain/format/fold';
import { normalizeName } from '@funil/domain/leads/name-search';
import { leadStatusOfAck } from '@funil/domain/whatsapp-api/chat-message';

import { openDatabase, type Database } from './connection.ts';
import { queryRows } from './handle.ts';
import { ackLeadStatusSql, conversionStatusSql, SAO_PAULO_SQL } from './sql-rules.ts';
import { objectsOf } from './sql-text.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsDir = path.resolve(here, '../../drizzle');
const migrationFiles = readdirSync(migrationsDir)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const migrations = migrationFiles.map((f) => readFileSync(path.join(migrationsDir, f), 'utf8'));
/** The functions, views and triggers in force after every migration. */
const inForce = objectsOf(migrations);
const textOf = (key: string) => {
  const object = inForce.get(key);
  if (!object) throw new Error(`${key} not in the migrations`);
  return object.text;
};

/** Server TypeScript outside tests, without comments. */
const serverSrc = path.resolve(here, '..');
const serverFiles = readdirSync(serverSrc, { recursive: true, encoding: 'utf8' })
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const codeOf = (file: string) =>
  readFileSync(path.join(serverSrc, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe('conversion statuses (000 §9)', () => {
  it("the dashboards' trigger and raw view count the domain's CONVERSION_NEGOTIATION_IDS", () => {
    const lists = ['function dashboard_historico', 'view dashboard_leads_bruto'].flatMap((key) =>
      [...textOf(key).matchAll(/id_novo\s+IN\s*\(([^)]*)\)/gi)].map((m) => m[1]!.split(',').map((n) => Number(n.trim()))),
    );
    expect(lists.length).toBeGreaterThanOrEqual(3);
    for (const list of lists) expect(list).toEqual([...CONVERSION_NEGOTIATION_IDS]);
  });

  it('the generated SQL and isConversionStatus agree on every status', async () => {
    const rows = await queryRows<{ id: number; c: boolean }>(
      database.db,
      `select id, ${conversionStatusSql('id')} as c from generate_series(0, 12) id`,
      [],
    );
    expect(rows.map((r) => r.c)).toEqual(rows.map((r) => isConversionStatus(r.id)));
  });
});

describe('default working hours (issue 14)', () => {
  it("dashboard_segundos_uteis's default week is DEFAULT_WORKING_HOURS", () => {
    const text = textOf('function dashboard_segundos_uteis');
    const m = /extract\(isodow FROM d\) BETWEEN (\d) AND (\d) THEN '(\{[^']*\})'::jsonb/i.exec(text);
    expect(m).not.toBeNull();
    const [from, to, window] = [Number(m![1]), Number(m![2]), JSON.parse(m![3]!) as { inicio: string; fim: string }];
    // Sunday first, as CallHours; isodow 7 is Sunday.
    const week = [0, 1, 2, 3, 4, 5, 6].map((dow) =>
      (dow === 0 ? 7 : dow) >= from && (dow === 0 ? 7 : dow) <= to ? window : null,
    );
    expect(week).toEqual(DEFAULT_WORKING_HOURS);
  });
});

describe('São Paulo wall time (000 §9)', () => {
  it("every AT TIME ZONE of the migrations' functions and views is APP_TIME_ZONE", () => {
    const zones = [...inForce.values()].flatMap((o) => [...o.text.matchAll(/at time zone '([^']+)'/gi)].map((m) => m[1]));
    expect(zones.length).toBeGreaterThan(5);
    expect(new Set(zones)).toEqual(new Set([APP_TIME_ZONE]));
    expect(SAO_PAULO_SQL).toBe(`'${APP_TIME_ZONE}'`);
  });

  it('no server code writes the zone by hand: it uses APP_TIME_ZONE or SAO_PAULO_SQL', () => {
    expect(serverFiles.filter((f) => codeOf(f).includes('America/Sao_Paulo'))).toEqual([]);
  });
});

describe("ack → the lead's last-message status (001 §3)", () => {
  it('the generated SQL and leadStatusOfAck agree on every ack, and an incoming message has none', async () => {
    const rows = await queryRows<{ ack: number; from_me: boolean; s: number | null }>(
      database.db,
      `select ack, from_me, ${ackLeadStatusSql('from_me', 'ack')} as s from generate_series(-1, 6) ack, (values (true), (false))
        v(from_me)`,
      [],
    );
    expect(rows).toHaveLength(16);
    for (const r of rows) expect([r.ack, r.from_me, r.s]).toEqual([r.ack, r.from_me, r.from_me ? leadStatusOfAck(r.ack) : null]);
    expect([0, 1, 2, 3, 4, 5].map(leadStatusOfAck)).toEqual([null, 1, 1, 2, 3, 3]);
  });
});

describe('accent folding (001 §5 search)', () => {
  const samples = [
    'Conceição',
    'JOÃO Magalhães',
    'Ônibus à Pé',
    'Straße',
    'Æsir œuvre',
    'Øre Łódź',
    'Đorđe Þór ð',
    'ñandú ÿ ü',
    'R$ 1.000,00 ok?',
  ];

  it("foldAccents(lower(x)) is PostgreSQL's immutable_unaccent(lower(x)), the indexes' fold", async () => {
    const rows = await queryRows<{ t: string; f: string }>(
      database.db,
      'select t, immutable_unaccent(lower(t)) as f from unnest($1::text[]) t',
      [samples],
    );
    expect(rows.map((r) => r.f)).toEqual(samples.map((s) => foldAccents(s.toLowerCase())));
  });

  it("normalizeName is the generated column leads.cli_nome_busca's expression of migration 0011", async () => {
    const expr = /"cli_nome_busca" text GENERATED ALWAYS AS \((.+)\) STORED/.exec(
      migrations[migrationFiles.indexOf('0011_lead_name_search.sql')]!,
    )?.[1];
    expect(expr).toBe("btrim(regexp_replace(immutable_unaccent(lower(cli_nome)), '[^[:alnum:]]+', ' ', 'g'))");
    const rows = await queryRows<{ f: string }>(database.db, `select ${expr!} as f from unnest($1::text[]) cli_nome`, [samples]);
    expect(rows.map((r) => r.f)).toEqual(samples.map(normalizeName));
  });
});
