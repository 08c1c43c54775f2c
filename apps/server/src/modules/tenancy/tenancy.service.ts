// The tenancy module's door (issue 7 §1): companies, units and unit settings are read by other
// modules only through these functions.
import { randomBytes } from 'node:crypto';

import { and, asc, eq, sql } from 'drizzle-orm';

import { UNIT_MESSAGES } from '@funil/domain/admin-api/units';
import { parseConfiguracoesExtra, type ConfiguracoesExtra } from '@funil/domain/unit/unit-data';

import type { DbOrTx } from '../../db/handle.ts';
import { builtOnce } from '../../db/prebuilt.ts';
import { DomainError } from '../../http/domain-error.ts';
import { empresas, unidadeConfiguracoes, unidades } from './tenancy.table.ts';

export type UnitSettingsRow = typeof unidadeConfiguracoes.$inferSelect;

/** intervalo_dias_crm of a unit without settings (002 §2.1). */
export const DEFAULT_CRM_INTERVAL_DAYS = 62;

/** An active unit of the company, or null (transfer and conversion targets, 001 §7). */
export async function activeUnitOfCompany(
  db: DbOrTx,
  idEmpresa: number,
  idUnidade: number,
): Promise<{ id: number; nome: string } | null> {
  const [row] = await db
    .select({ id: unidades.id, nome: unidades.nome })
    .from(unidades)
    .where(and(eq(unidades.id, idUnidade), eq(unidades.idEmpresa, idEmpresa), eq(unidades.ativo, 1)));
  return row ?? null;
}

/** The active units of a company by name (unit pickers, 000 §7 cadastros/unidades). */
export async function activeUnitsOfCompany(db: DbOrTx, idEmpresa: number) {
  return db
    .select({ id: unidades.id, nome: unidades.nome, idFunil: unidades.idFunil, idFunilVenda: unidades.idFunilVenda })
    .from(unidades)
    .where(and(eq(unidades.idEmpresa, idEmpresa), eq(unidades.ativo, 1)))
    .orderBy(asc(unidades.nome));
}

/** Every unit's name of a company, active or not, by id (lists that name a user's unit). */
export async function unitNamesOfCompany(db: DbOrTx, idEmpresa: number): Promise<Map<number, string>> {
  const rows = await db.select({ id: unidades.id, nome: unidades.nome }).from(unidades).where(eq(unidades.idEmpresa, idEmpresa));
  return new Map(rows.map((r) => [r.id, r.nome]));
}

/** Whether the unit and the company are both active (login, 000 §4). */
export async function unitAndCompanyActive(db: DbOrTx, ids: { idUnidade: number; idEmpresa: number }): Promise<boolean> {
  const [row] = await db
    .select({
      unidade: sql<number | null>`(select ${unidades.ativo} from ${unidades} where ${unidades.id} = ${ids.idUnidade})`,
      empresa: sql<number | null>`(select ${empresas.ativo} from ${empresas} where ${empresas.id} = ${ids.idEmpresa})`,
    })
    .from(sql`(select 1) as um`);
  return row?.unidade === 1 && row.empresa === 1;
}

/** The unit with its company's name and idCompany (000 §3 dados_unidade), or null. */
export async function unitOfCompany(db: DbOrTx, idEmpresa: number, idUnidade: number) {
  const [row] = await db
    .select({ unidade: unidades, empresaNome: empresas.nome, idCompany: empresas.idCompany })
    .from(unidades)
    .innerJoin(empresas, eq(empresas.id, unidades.idEmpresa))
    .where(and(eq(unidades.id, idUnidade), eq(unidades.idEmpresa, idEmpresa)));
  return row ?? null;
}

/** The unit's settings row (000 §3 crm_configuracoes, 002 §3), or null when it has none. */
export async function unitSettings(db: DbOrTx, idUnidade: number): Promise<UnitSettingsRow | null> {
  const [row] = await db.select().from(unidadeConfiguracoes).where(eq(unidadeConfiguracoes.idUnidade, idUnidade));
  return row ?? null;
}

/** The unit's intervalo_dias_crm (002 §2.1), the default without settings. */
export async function crmIntervalDays(db: DbOrTx, idUnidade: number): Promise<number> {
  const [row] = await db
    .select({ dias: unidadeConfiguracoes.intervaloDiasCrm })
    .from(unidadeConfiguracoes)
    .where(eq(unidadeConfiguracoes.idUnidade, idUnidade));
  return row?.dias ?? DEFAULT_CRM_INTERVAL_DAYS;
}

// SQL fragment for the session check, which stays one statement per request (docs/performance.md).
// The table's SQL stays in this module; `idSql` is a column reference of the caller's code.

/** The unit's state and the settings the session carries (000 §4), as a subquery for a lateral join on `idSql`. */
export const sessionUnitSql = (idSql: string): string =>
  `select un.ativo as "unidadeAtiva", c.configuracoes_extra as extras, c.evolution_habilitado as evolution, c.intervalo_dias_crm
    as "intervaloDiasCrm"
  from unidades un left join unidade_configuracoes c on c.id_unidade = un.id where un.id = ${idSql}`;

/** A unit's extra settings (001 §6: assinaturaWhatsapp, clienteAtendente…), {} when it has none. */
export async function unitExtraSettings(db: DbOrTx, idUnidade: number): Promise<ConfiguracoesExtra> {
  const [config] = await db
    .select({ extra: unidadeConfiguracoes.configuracoesExtra })
    .from(unidadeConfiguracoes)
    .where(eq(unidadeConfiguracoes.idUnidade, idUnidade))
    .limit(1);
  return parseConfiguracoesExtra(config?.extra);
}

/** The active units with the gateway enabled (evolutionHabilitado), by id. */
export async function gatewayUnits(db: DbOrTx): Promise<{ id: number; idEmpresa: number }[]> {
  return db
    .select({ id: unidades.id, idEmpresa: unidades.idEmpresa })
    .from(unidades)
    .innerJoin(unidadeConfiguracoes, eq(unidadeConfiguracoes.idUnidade, unidades.id))
    .where(and(eq(unidadeConfiguracoes.evolutionHabilitado, true), eq(unidades.ativo, 1)))
    .orderBy(asc(unidades.id));
}

// Administration writes (issue 10): companies, units and a new unit's settings row. The rules
// (roles, scope, audit) live in companies.service.ts and units.service.ts; these only touch rows.

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 002 §3 'Unit', §9: a random 32-character alphanumeric token (the unit's lead-intake token). */
export function unitToken(): string {
  // 248 is the largest multiple of 62 below 256: rejecting the rest keeps every character equally likely.
  let out = '';
  while (out.length < 32) {
    for (const b of randomBytes(48)) if (b < 248 && out.length < 32) out += ALPHANUMERIC[b % ALPHANUMERIC.length];
  }
  return out;
}

const unitByToken = builtOnce<{ token: string }, { id: number; idEmpresa: number }[]>((db) =>
  db
    .select({ id: unidades.id, idEmpresa: unidades.idEmpresa })
    .from(unidades)
    .innerJoin(empresas, eq(empresas.id, unidades.idEmpresa))
    .where(and(eq(unidades.token, sql.placeholder('token')), eq(unidades.ativo, 1), eq(empresas.ativo, 1))),
);

/**
 * The active unit (of an active company) whose lead-intake token this is (issue 23 §1, the
 * capture URL); null for an unknown token or a deactivated unit or company.
 */
export async function activeUnitByToken(db: DbOrTx, token: string): Promise<{ id: number; idEmpresa: number } | null> {
  if (!/^[A-Za-z0-9]{32}$/.test(token)) return null;
  // Built once (db/prebuilt.ts): every capture post asks.
  const [row] = await unitByToken(db, { token });
  return row ?? null;
}

/** Gives the unit a new token (002 §3 'Unit'); the old one stops at once. */
export async function replaceUnitToken(db: DbOrTx, idUnidade: number): Promise<UnitRow> {
  const [row] = await db
    .update(unidades)
    .set({ token: unitToken(), dataAtualizacao: new Date() })
    .where(eq(unidades.id, idUnidade))
    .returning();
  return row!;
}

export type CompanyRow = typeof empresas.$inferSelect;
export type UnitRow = typeof unidades.$inferSelect;

export async function insertCompany(db: DbOrTx, values: { nome: string; idCompany?: number }): Promise<CompanyRow> {
  const [row] = await db.insert(empresas).values(values).returning();
  return row!;
}

export async function companyById(db: DbOrTx, idEmpresa: number): Promise<CompanyRow | null> {
  const [row] = await db.select().from(empresas).where(eq(empresas.id, idEmpresa));
  return row ?? null;
}

/**
 * The company a company-wide admin call acts on (issue 10, ?idEmpresa=): the super-admin may name
 * any existing company (404 otherwise); anyone else always acts on their own and the parameter is
 * ignored, as GET cadastros/usuarios?idEmpresa= does.
 */
export async function targetCompanyId(
  db: DbOrTx,
  actor: { permission: string; empresaId: number },
  requested: number | undefined,
): Promise<number> {
  if (actor.permission !== 'sa' || requested === undefined || requested === actor.empresaId) return actor.empresaId;
  if (!(await companyById(db, requested))) throw new DomainError('not_found', UNIT_MESSAGES.companyNotFound);
  return requested;
}

/** Every company by name, with how many units it has (the super-admin's companies table). */
export async function companiesWithUnitCounts(db: DbOrTx) {
  return db
    .select({
      empresa: empresas,
      unidades: sql<number>`(select count(*)::int from ${unidades} where ${unidades.idEmpresa} = ${empresas.id})`,
    })
    .from(empresas)
    .orderBy(asc(empresas.nome));
}

export async function updateCompanyRow(
  db: DbOrTx,
  idEmpresa: number,
  values: Partial<Pick<CompanyRow, 'nome' | 'ativo'>>,
): Promise<CompanyRow> {
  const [row] = await db
    .update(empresas)
    .set({ ...values, dataAtualizacao: new Date() })
    .where(eq(empresas.id, idEmpresa))
    .returning();
  return row!;
}

/** A unit row; its settings row comes from unit-settings.service `createUnitSettings` (002 §9 defaults, the company's toggles). */
export async function insertUnit(
  db: DbOrTx,
  values: { idEmpresa: number; nome: string; ddd: string; idSistema?: number; filtro?: string },
): Promise<UnitRow> {
  const [row] = await db
    .insert(unidades)
    .values({ ...values, token: unitToken(), idFunil: 1, idFunilVenda: 1 })
    .returning();
  return row!;
}

export async function unitById(db: DbOrTx, idUnidade: number): Promise<UnitRow | null> {
  const [row] = await db.select().from(unidades).where(eq(unidades.id, idUnidade));
  return row ?? null;
}

/** Every unit of a company, active or not, by name (the units table of 002 §2.10). */
export async function unitsOfCompany(db: DbOrTx, idEmpresa: number): Promise<UnitRow[]> {
  return db.select().from(unidades).where(eq(unidades.idEmpresa, idEmpresa)).orderBy(asc(unidades.nome));
}

/** The ids of a company's units (to log their users out when the company is deactivated). */
export async function unitIdsOfCompany(db: DbOrTx, idEmpresa: number): Promise<number[]> {
  const rows = await db.select({ id: unidades.id }).from(unidades).where(eq(unidades.idEmpresa, idEmpresa));
  return rows.map((r) => r.id);
}

export async function updateUnitRow(
  db: DbOrTx,
  idUnidade: number,
  values: Partial<Pick<UnitRow, 'nome' | 'ddd' | 'idSistema' | 'filtro' | 'ativo'>>,
): Promise<UnitRow> {
  const [row] = await db
    .update(unidades)
    .set({ ...values, dataAtualizacao: new Date() })
    .where(eq(unidades.id, idUnidade))
    .returning();
  return row!;
}

/** The active units of a company with their 'Filtro Facebook' (002 §3 Unit `filtro`; issue 23 §2 §5 routing by name). */
export async function unitFacebookFilters(
  db: DbOrTx,
  idEmpresa: number,
): Promise<{ id: number; nome: string; filtro: string }[]> {
  return db
    .select({ id: unidades.id, nome: unidades.nome, filtro: unidades.filtro })
    .from(unidades)
    .where(and(eq(unidades.idEmpresa, idEmpresa), eq(unidades.ativo, 1)))
    .orderBy(asc(unidades.id));
}
