// Unit settings and company feature toggles as the tenancy module stores them (002 §2.9, §3
// "Settings (per unit)", §9; 000 §3 crm_configuracoes): `unidade_configuracoes` is tenancy's. The
// screens' rules (queue statuses, allowed transitions, events) live in modules/unit-settings.
import { asc, eq, inArray } from 'drizzle-orm';

import { EXTRAS_FLAG_KEYS, type Extras, type ExtrasBody } from '@funil/domain/admin-api/extras';
import { DEFAULT_UNIT_SETTINGS, normaliseStatusIds, parseStatusIds } from '@funil/domain/admin-api/settings';
import { parseConfiguracoesExtra, type ConfiguracoesExtra } from '@funil/domain/unit/unit-data';

import type { DbOrTx } from '../../db/handle.ts';
import { unitIdsOfCompany } from './tenancy.service.ts';
import { unidadeConfiguracoes, unidades } from './tenancy.table.ts';

/** The settings row of a new unit: 002 §9 defaults and the company's feature toggles (002 §6). */
export function defaultUnitSettings(
  idUnidade: number,
  extras: ConfiguracoesExtra = {},
): typeof unidadeConfiguracoes.$inferInsert {
  return {
    idUnidade,
    configuracoesExtra: JSON.stringify(extras),
    ligacaoLimiteTentativas: DEFAULT_UNIT_SETTINGS.ligacao_limite_tentativas,
    ligacaoLimiteTentativasDiarias: DEFAULT_UNIT_SETTINGS.ligacao_limite_tentativas_diarias,
    ligacaoIntervaloNaoAtendida: DEFAULT_UNIT_SETTINGS.ligacao_intervalo_nao_atendida,
    intervaloDiasCrm: DEFAULT_UNIT_SETTINGS.intervalo_dias_crm,
    valorMinimoSegundosChamadaAtendida: DEFAULT_UNIT_SETTINGS.valor_minimo_segundos_chamada_atendida,
    regraFila1: DEFAULT_UNIT_SETTINGS.regra_fila_1,
    regraFila2: DEFAULT_UNIT_SETTINGS.regra_fila_2,
    regraFila3: DEFAULT_UNIT_SETTINGS.regra_fila_3,
    mensagemWhatsapp: DEFAULT_UNIT_SETTINGS.mensagem_whatsapp,
    habilitaMensagemWhatsapp: DEFAULT_UNIT_SETTINGS.habilita_mensagem_whatsapp,
    ligacaoIntervaloOcupado: DEFAULT_UNIT_SETTINGS.ligacao_intervalo_ocupado,
    horarioLigacao: DEFAULT_UNIT_SETTINGS.horario_ligacao,
    feriados: DEFAULT_UNIT_SETTINGS.feriados,
  };
}

/**
 * Creates the settings of a unit just created (call it in the unit's transaction): the defaults of
 * 002 §9, with the feature toggles its company already has, since toggles are per company.
 */
export async function createUnitSettings(db: DbOrTx, idUnidade: number, idEmpresa: number): Promise<void> {
  const extras = await companyExtrasRaw(db, idEmpresa, idUnidade);
  await db.insert(unidadeConfiguracoes).values(defaultUnitSettings(idUnidade, extras)).onConflictDoNothing();
}

export type UnitSettingsUpdate = Pick<
  typeof unidadeConfiguracoes.$inferInsert,
  | 'ligacaoLimiteTentativas'
  | 'ligacaoLimiteTentativasDiarias'
  | 'ligacaoIntervaloNaoAtendida'
  | 'intervaloDiasCrm'
  | 'valorMinimoSegundosChamadaAtendida'
  | 'regraFila1'
  | 'regraFila2'
  | 'regraFila3'
  | 'mensagemWhatsapp'
  | 'habilitaMensagemWhatsapp'
  | 'ligacaoIntervaloOcupado'
  | 'horarioLigacao'
  | 'feriados'
  | 'evolutionHabilitado'
  | 'urlDashboard'
>;

/** Writes a unit's settings (creating the row with the defaults first when a unit has none). */
export async function writeUnitSettings(db: DbOrTx, idUnidade: number, idEmpresa: number, values: UnitSettingsUpdate) {
  await createUnitSettings(db, idUnidade, idEmpresa);
  const [row] = await db
    .update(unidadeConfiguracoes)
    .set({ ...values, dataAtualizacao: new Date() })
    .where(eq(unidadeConfiguracoes.idUnidade, idUnidade))
    .returning();
  return row ?? null;
}

/** Locks and reads a unit's settings row inside a write's transaction (null when it has none). */
export async function lockUnitSettings(db: DbOrTx, idUnidade: number) {
  const [row] = await db.select().from(unidadeConfiguracoes).where(eq(unidadeConfiguracoes.idUnidade, idUnidade)).for('update');
  return row ?? null;
}

/** The stored flags of the company: those of its first unit with settings (all units carry the same). */
async function companyExtrasRaw(db: DbOrTx, idEmpresa: number, exceptUnit?: number): Promise<ConfiguracoesExtra> {
  const rows = await db
    .select({ idUnidade: unidadeConfiguracoes.idUnidade, extras: unidadeConfiguracoes.configuracoesExtra })
    .from(unidadeConfiguracoes)
    .innerJoin(unidades, eq(unidades.id, unidadeConfiguracoes.idUnidade))
    .where(eq(unidades.idEmpresa, idEmpresa))
    .orderBy(asc(unidades.id));
  const row = rows.find((r) => r.idUnidade !== exceptUnit);
  return row ? parseConfiguracoesExtra(row.extras) : {};
}

/** Every toggle of the company with its value, off when never set (GET cadastros/configuracoes-extras). */
export async function companyExtras(db: DbOrTx, idEmpresa: number): Promise<Extras> {
  return extrasView(await companyExtrasRaw(db, idEmpresa));
}

function extrasView(raw: ConfiguracoesExtra): Extras {
  const flags = Object.fromEntries(EXTRAS_FLAG_KEYS.map((k) => [k, raw[k] === true])) as Record<
    (typeof EXTRAS_FLAG_KEYS)[number],
    boolean
  >;
  return { ...flags, configuracoes_envio_em_massa: raw.configuracoes_envio_em_massa ?? null };
}

/**
 * Sets the company's toggles (002 §6 "Feature toggles are per company"): the given flags are merged
 * into the configuracoesExtra of every unit of the company, keeping the other keys each unit holds.
 * Returns the flags before and after.
 */
export async function writeCompanyExtras(
  db: DbOrTx,
  idEmpresa: number,
  changes: ExtrasBody,
): Promise<{ before: Extras; after: Extras }> {
  const before = extrasView(await companyExtrasRaw(db, idEmpresa));
  for (const idUnidade of await unitIdsOfCompany(db, idEmpresa)) {
    await createUnitSettings(db, idUnidade, idEmpresa);
    await mergeUnitExtras(db, idUnidade, changes);
  }
  return { before, after: extrasView(await companyExtrasRaw(db, idEmpresa)) };
}

/**
 * Merges `changes` into one unit's configuracoesExtra (its row locked), keeping every other key it
 * holds; a malformed stored string counts as no keys (parseConfiguracoesExtra) and is replaced.
 */
async function mergeUnitExtras(db: DbOrTx, idUnidade: number, changes: Record<string, unknown>): Promise<void> {
  const [row] = await db
    .select({ extras: unidadeConfiguracoes.configuracoesExtra })
    .from(unidadeConfiguracoes)
    .where(eq(unidadeConfiguracoes.idUnidade, idUnidade))
    .for('update');
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row?.extras ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>;
  } catch {
    // replaced below
  }
  const merged = { ...stored, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
  await db
    .update(unidadeConfiguracoes)
    .set({ configuracoesExtra: JSON.stringify(merged), dataAtualizacao: new Date() })
    .where(eq(unidadeConfiguracoes.idUnidade, idUnidade));
}

/**
 * Issue 13 ('configurable per unit'): one unit's mass-send settings (`configuracoes_envio_em_massa`
 * of its configuracoesExtra), leaving the company's toggles and every other key as they are.
 */
export async function writeUnitMassSendSettings(
  db: DbOrTx,
  idUnidade: number,
  idEmpresa: number,
  settings: Record<string, unknown>,
): Promise<void> {
  await createUnitSettings(db, idUnidade, idEmpresa);
  await mergeUnitExtras(db, idUnidade, { configuracoes_envio_em_massa: settings });
}

/** A deleted negotiation status leaves the queue rules of the company's units (002 §3 regra_fila_N). */
export async function removeStatusFromQueueRules(db: DbOrTx, idEmpresa: number, idFunil: number): Promise<void> {
  const units = await unitIdsOfCompany(db, idEmpresa);
  if (units.length === 0) return;
  const rows = await db
    .select({
      idUnidade: unidadeConfiguracoes.idUnidade,
      r1: unidadeConfiguracoes.regraFila1,
      r2: unidadeConfiguracoes.regraFila2,
      r3: unidadeConfiguracoes.regraFila3,
    })
    .from(unidadeConfiguracoes)
    .where(inArray(unidadeConfiguracoes.idUnidade, units))
    .for('update');
  const without = (text: string) => normaliseStatusIds(parseStatusIds(text).filter((id) => id !== idFunil));
  for (const row of rows) {
    const next = { regraFila1: without(row.r1), regraFila2: without(row.r2), regraFila3: without(row.r3) };
    if (next.regraFila1 === row.r1 && next.regraFila2 === row.r2 && next.regraFila3 === row.r3) continue;
    await db.update(unidadeConfiguracoes).set(next).where(eq(unidadeConfiguracoes.idUnidade, row.idUnidade));
  }
}
