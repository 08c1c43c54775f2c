// Building blocks for the demo seed and for test fixtures (issue 10: the demo seed is one use of
// the administration services): companies, units and users are created by the same service
// functions as the admin screens, with the audit author 'Sistema'.
import { eq } from 'drizzle-orm';

import type { Permission } from '@funil/domain/access/roles';
import type { ConfiguracoesExtra } from '@funil/domain/unit/unit-data';

import type { DbOrTx } from '../db/handle.ts';
import { ensureReferenceLists } from '../modules/catalog/catalog-defaults.service.ts';
import { createCompanyAudited } from '../modules/setup/setup.service.ts';
import { unidadeConfiguracoes } from '../modules/tenancy/tenancy.table.ts';
import { insertUnitAudited } from '../modules/tenancy/units.service.ts';
import { insertUserAudited } from '../modules/users/users-admin.service.ts';

export { unitToken } from '../modules/tenancy/tenancy.service.ts';
export { NEGOTIATION_FUNNEL, SALE_FUNNEL } from '../modules/catalog/catalog-defaults.service.ts';

/** Shared reference lists (000 §3): contact statuses, message statuses (001 §4), platforms. */
export async function seedReferenceLists(db: DbOrTx): Promise<void> {
  await ensureReferenceLists(db);
}

/** A company with the default funnels. */
export async function createCompany(db: DbOrTx, nome: string): Promise<number> {
  return (await createCompanyAudited(db, null, nome)).id;
}

export type UnitSettingsInput = {
  extras?: ConfiguracoesExtra;
  evolutionHabilitado?: boolean;
  atendimentoHabilitado?: boolean;
  habilitaEnvioEmMassa?: boolean;
  intervaloDiasCrm?: number;
  urlDashboard?: string | null;
};

/** A unit with its intake token and the 002 §9 default settings, then the flags a fixture asks for. */
export async function createUnit(
  db: DbOrTx,
  idEmpresa: number,
  nome: string,
  ddd: string,
  settings: UnitSettingsInput = {},
): Promise<number> {
  const unit = await insertUnitAudited(db, null, { idEmpresa, nome, ddd });
  // The feature flags are set here directly: the settings screens own those writes.
  await db
    .update(unidadeConfiguracoes)
    .set({
      configuracoesExtra: JSON.stringify(settings.extras ?? {}),
      evolutionHabilitado: settings.evolutionHabilitado ?? false,
      atendimentoHabilitado: settings.atendimentoHabilitado ?? false,
      habilitaEnvioEmMassa: settings.habilitaEnvioEmMassa ?? false,
      intervaloDiasCrm: settings.intervaloDiasCrm ?? 62,
      urlDashboard: settings.urlDashboard ?? null,
    })
    .where(eq(unidadeConfiguracoes.idUnidade, unit.id));
  return unit.id;
}

export type UserInput = {
  idEmpresa: number;
  idUnidade: number;
  nome: string;
  email: string;
  senha: string;
  permissao: Permission;
  cor?: string;
  idRamal?: number;
  acessoAtribuidos?: boolean;
  excluirLeads?: boolean;
  habilitaMensagemWhatsapp?: boolean;
  ativo?: boolean;
};

export async function createUser(db: DbOrTx, input: UserInput): Promise<number> {
  const user = await insertUserAudited(db, null, {
    idEmpresa: input.idEmpresa,
    idUnidade: input.idUnidade,
    nome: input.nome,
    email: input.email,
    senha: input.senha,
    permissao: input.permissao,
    cor: input.cor ?? '#1976d2',
    idRamal: input.idRamal ?? 0,
    acessoAtribuidos: input.acessoAtribuidos ? 1 : 0,
    excluirLeads: input.excluirLeads ? 1 : 0,
    habilitaMensagemWhatsapp: input.habilitaMensagemWhatsapp ? 1 : 0,
    ativo: input.ativo === false ? -1 : 1,
  });
  return user.id;
}
