// The core's row reads and inserts behind its lead-by-phone and creation paths (001 §5, 000 §3):
// the unit's live lead of a phone key, a deleted one, a lead by id, a new row.
import { and, asc, eq, getTableColumns, ne, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/handle.ts';
import { builtOnce, encodedValues, rowMapper, sqlBuiltOnce, typedPlaceholder } from '../../db/prebuilt.ts';
import { leadEventPart } from '../lead-events/lead-events.service.ts';
import type { LeadRow, NewLead } from './leads.repository.ts';
import { historico, leads } from './leads.table.ts';

const byPhoneKey = (db: DbOrTx) =>
  db
    .select()
    .from(leads)
    .where(
      and(
        eq(leads.idUnidade, sql.placeholder('idUnidade')),
        eq(leads.telefoneChave, sql.placeholder('key')),
        eq(leads.desativado, 0),
      ),
    )
    .orderBy(asc(leads.cliCrmId))
    .limit(1);
// Built once (db/prebuilt.ts): every capture, Lead Ads intake and WhatsApp message reads it.
const leadByPhoneKey = builtOnce<{ idUnidade: number; key: string }, LeadRow[]>(byPhoneKey);
// `for update`: the row locked as a lead change locks it (its latest committed version).
const leadByPhoneKeyLocked = builtOnce<{ idUnidade: number; key: string }, LeadRow[]>((db) => byPhoneKey(db).for('update'));

/** The live lead of a unit with this telefone_chave (001 §5), oldest first. */
export async function findLeadByPhoneKey(db: DbOrTx, idUnidade: number, key: string, lock = false): Promise<LeadRow | null> {
  const [row] = await (lock ? leadByPhoneKeyLocked : leadByPhoneKey)(db, { idUnidade, key });
  return row ?? null;
}

/** Whether the unit has a deleted lead with this telefone_chave. */
export async function hasDeletedLeadWithPhoneKey(db: DbOrTx, idUnidade: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: leads.cliCrmId })
    .from(leads)
    .where(and(eq(leads.idUnidade, idUnidade), eq(leads.telefoneChave, key), ne(leads.desativado, 0)))
    .limit(1);
  return row !== undefined;
}

/** A lead of a unit by id, deleted or not (for announcing what changed on it). */
export async function findUnitLead(db: DbOrTx, idUnidade: number, cliCrmId: number): Promise<LeadRow | null> {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.cliCrmId, cliCrmId), eq(leads.idUnidade, idUnidade)))
    .limit(1);
  return row ?? null;
}

/** What a capture needs back of a new lead (its key, audience and ticket), without mapping its ~80 columns. */
export type InsertedLead = Pick<LeadRow, 'cliCrmId' | 'idEmpresa' | 'idUnidade' | 'idUsuario' | 'idTicket'>;

const RETURNED_KEY = {
  cliCrmId: leads.cliCrmId,
  idEmpresa: leads.idEmpresa,
  idUnidade: leads.idUnidade,
  idUsuario: leads.idUsuario,
  idTicket: leads.idTicket,
};

/**
 * The columns a lead arriving from outside is written with (the capture door: its unit, name, phone,
 * e-mail, extras, instance and origin, lead-origin.ts), in a statement built once. The others take
 * their defaults; a column left out of `values` is written as its default too.
 */
const CAPTURED_COLUMNS = [
  'idEmpresa',
  'idUnidade',
  'cliNome',
  'cliTelefone',
  'telefoneChave',
  'cliEmail',
  'informacoesExtra',
  'idInstanciaEvolution',
  'cliTipoLead',
  'origemCanal',
  'origemCerteza',
  'origemEm',
  'origemPrimeira',
  'cliCampanhaId',
  'cliCampanhaNome',
  'adsetId',
  'adsetName',
  'adId',
  'adName',
  'formId',
  'leadgenId',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmContent',
  'utmTerm',
  'fbclid',
  'gclid',
] as const satisfies readonly (keyof NewLead)[];
const capturedColumns = new Set<string>(CAPTURED_COLUMNS);
/** A captured lead's values as its statement's placeholders take them (encoded by their columns). */
function capturedValues(values: NewLead): Record<string, unknown> {
  // A column the statement does not write would be lost without a word (lead-origin.ts growing one).
  const outside = Object.keys(values).find((key) => !capturedColumns.has(key));
  if (outside !== undefined) throw new Error(`coluna fora da captura: ${outside}`);
  // undefined: the column's default (a plain value here; the columns with a computed default are not captured ones).
  const withDefaults = Object.fromEntries(
    CAPTURED_COLUMNS.map((key) => [key, values[key] !== undefined ? values[key] : leads[key].default]),
  );
  return encodedValues(leads, CAPTURED_COLUMNS, withDefaults);
}

export async function insertLeadRow(db: DbOrTx, values: NewLead): Promise<LeadRow> {
  const [row] = await db.insert(leads).values(values).returning();
  return row!;
}

const NEW_LEAD = sql.raw('novo');
const KEY_COLUMNS = Object.entries(RETURNED_KEY);
const leadRowOf = rowMapper<LeadRow>(getTableColumns(leads));
const newKeyOf = rowMapper<InsertedLead>(RETURNED_KEY, 'novo_');

/**
 * The capture door's read-or-create, after the number's lock (lockLeadPhone, an earlier statement:
 * this one's snapshot then holds every committed lead of the number, and nobody else can create
 * it before this transaction ends). The unit's live lead of the phone key, locked for update as
 * findLeadByPhoneKey does; or, when there is none, a new lead inserted with its history row and its
 * `criado` lead event (the stream's leadEventPart), all in one statement built once.
 */
const findOrCreateCaptured = sqlBuiltOnce(() => {
  const columns = CAPTURED_COLUMNS.map((key) => sql.identifier(leads[key].name));
  const values = CAPTURED_COLUMNS.map((key) => typedPlaceholder(key, leads[key]));
  const historyColumns = (['cliCrmId', 'idUnidade', 'atendente', 'tipo', 'descricao', 'texto'] as const).map((key) =>
    sql.identifier(historico[key].name),
  );
  const returned = KEY_COLUMNS.map(([, column]) => sql.identifier(column.name));
  const newKey = KEY_COLUMNS.map(
    ([, column]) => sql`novo.${sql.identifier(column.name)} as ${sql.identifier(`novo_${column.name}`)}`,
  );
  // As findLeadByPhoneKey reads it: `desativado` a parameter, so the plan takes the phone's index and never
  // the lists' partial index (where desativado = 0), which a stale estimate can make look as cheap.
  return sql`with achado as (
      select * from ${leads}
      where ${leads.idUnidade} = ${sql.placeholder('idUnidade')}
        and ${leads.telefoneChave} = ${sql.placeholder('key')} and ${leads.desativado} = ${0}
      order by ${leads.cliCrmId} limit 1 for update),
    novo as (
      insert into ${leads} (${sql.join(columns, sql`, `)})
      select ${sql.join(values, sql`, `)} where not exists (select 1 from achado)
      returning ${sql.join(returned, sql`, `)}),
    historia as (
      insert into ${historico} (${sql.join(historyColumns, sql`, `)})
      select novo.cli_crm_id, novo.id_unidade, null, ${typedPlaceholder('historiaTipo', historico.tipo)},
        ${typedPlaceholder('historiaDescricao', historico.descricao)}, ${typedPlaceholder('historiaTexto', historico.texto)} from novo),
    evento as (${leadEventPart(NEW_LEAD)})
    select achado.*, ${sql.join(newKey, sql`, `)} from (select 1) as um left join achado on true left join novo on true`;
});

/**
 * findOrCreateCaptured run: the found lead (`found`), or the new one's key (`created`). `history` is
 * the new lead's history row (its type, description and text), `event` its `criado` event's values
 * (leadEventValues); both are written only when the lead is created.
 */
export async function findOrCreateCapturedLead(
  tx: DbOrTx,
  where: { idUnidade: number; key: string },
  values: NewLead,
  history: { tipo: number; descricao: string; texto: string | null },
  event: Record<string, unknown>,
): Promise<{ found: LeadRow; created?: undefined } | { found?: undefined; created: InsertedLead }> {
  const [raw] = await findOrCreateCaptured(tx, {
    ...where,
    ...capturedValues(values),
    historiaTipo: history.tipo,
    historiaDescricao: history.descricao,
    historiaTexto: history.texto,
    ...event,
  });
  if (raw!.cli_crm_id !== null && raw!.cli_crm_id !== undefined) return { found: leadRowOf(raw!) };
  return { created: newKeyOf(raw!) };
}
