// What other modules may ask of the tenancy module (issue 7 §1: a module reaches another only
// through its service).
import { and, asc, eq } from 'drizzle-orm';
import { parseConfiguracoesExtra, type ConfiguracoesExtra } from '@funil/domain/unit/unit-data';
import type { DbOrTx } from '../../db/connection.ts';
import { unidadeConfiguracoes, unidades } from './tenancy.table.ts';

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
