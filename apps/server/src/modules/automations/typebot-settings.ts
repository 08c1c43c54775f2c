// The unit's Typebot settings for its automations (issue 25 'Typebot through the gateway'): the
// Typebot server's URL and the flows a 'Iniciar fluxo do Typebot' step picks (a name and the flow's
// public id). Only the admin changes them; a flow a rule uses cannot be removed, and a rule cannot
// use a flow the settings do not have.
import { eq } from 'drizzle-orm';

import {
  AUTOMATION_API_MESSAGES,
  typebotSettingsSchema,
  typebotStepsProblem,
  type Step,
  type TypebotSettings,
} from '@funil/domain/automations/automations';

import type { DbOrTx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import { rulesOfUnit } from './automations.repository.ts';
import { automacoesConfiguracoes } from './automations.table.ts';

export async function typebotSettingsOf(db: DbOrTx, idUnidade: number): Promise<TypebotSettings> {
  const [row] = await db.select().from(automacoesConfiguracoes).where(eq(automacoesConfiguracoes.idUnidade, idUnidade)).limit(1);
  return { url: row?.typebotUrl ?? '', fluxos: row?.typebotFluxos ?? [] };
}

export async function saveTypebotSettings(db: DbOrTx, idUnidade: number, input: TypebotSettings): Promise<TypebotSettings> {
  const body = typebotSettingsSchema.parse(input);
  const kept = new Set(body.fluxos.map((f) => f.idPublico));
  const used = (await rulesOfUnit(db, idUnidade)).flatMap((r) =>
    r.passos.flatMap((p) => (p.tipo === 'typebot' ? [p.fluxo] : [])),
  );
  if (used.some((f) => !kept.has(f))) throw new DomainError('invalid', AUTOMATION_API_MESSAGES.typebotFlowInUse);
  const values = { typebotUrl: body.url, typebotFluxos: body.fluxos, atualizadoEm: new Date() };
  await db
    .insert(automacoesConfiguracoes)
    .values({ idUnidade, ...values })
    .onConflictDoUpdate({ target: automacoesConfiguracoes.idUnidade, set: values });
  return body;
}

/** A rule's typebot steps against the unit's settings (400 with the reason). */
export async function checkTypebotSteps(db: DbOrTx, idUnidade: number, passos: readonly Step[] | undefined): Promise<void> {
  if (!passos?.some((p) => p.tipo === 'typebot')) return;
  const problem = typebotStepsProblem(passos, await typebotSettingsOf(db, idUnidade));
  if (problem) throw new DomainError('invalid', problem);
}
