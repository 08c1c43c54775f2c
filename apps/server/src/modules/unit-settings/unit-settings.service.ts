// The unit settings screen (002 §3 "Settings (per unit)", §4 "Settings rule", §5 "Settings") and the
// company's feature toggles (002 §2.9, §6). It owns no table: the values are tenancy's, the queue
// rules and allowed statuses name the catalogue's funnel, so it sits above both (like unit-data).
import { roleOf } from '@funil/domain/access/roles';
import type { Extras, ExtrasBody } from '@funil/domain/admin-api/extras';
import {
  parseStatusIds,
  SETTINGS_MESSAGES,
  type TransferItem,
  type UnitSettings,
  type UnitSettingsValues,
} from '@funil/domain/admin-api/settings';
import { HTTP_MESSAGES } from '@funil/domain/http/errors';
import { massSendSettingsOf } from '@funil/domain/mass-send/mass-send-api';
import { unitDataEvent } from '@funil/domain/realtime/events';
import { parseConfiguracoesExtra } from '@funil/domain/unit/unit-data';

import type { Db, DbOrTx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Session } from '../auth/auth.service.ts';
import { negotiationStatuses } from '../catalog/catalog.service.ts';
import { allowedTargetsOfUnit, replaceAllowedTargets } from '../catalog/statuses.service.ts';
import { unitOfCompany, unitSettings } from '../tenancy/tenancy.service.ts';
import {
  companyExtras,
  createUnitSettings,
  lockUnitSettings,
  writeCompanyExtras,
  writeUnitMassSendSettings,
  writeUnitSettings,
} from '../tenancy/unit-settings.service.ts';

export type SettingsDeps = { db: Db; realtime: Pick<Realtime, 'toUnit' | 'toCompany'> };

/**
 * The unit whose settings the caller reads or writes: their own by default; a company admin (ag)
 * may name another unit of the company, a unit admin (a) only their own. Another company's unit
 * is "not found", never revealed.
 */
async function targetUnit(db: DbOrTx, session: Session, requested: number | undefined) {
  const idUnidade = requested ?? session.unidadeId;
  if (idUnidade !== session.unidadeId && !(session.permission === 'ag' || roleOf(session.permission) === 'superAdmin'))
    throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
  const unit = await unitOfCompany(db, session.empresaId, idUnidade);
  if (!unit) throw new DomainError('not_found', HTTP_MESSAGES.notFound);
  return unit.unidade;
}

type Funnel = { idFunil: number; nome: string; cor: string }[];

/** A transfer list (002 §4): the used statuses in their saved order, the rest available in funnel order. */
function split(ids: readonly number[], funnel: Funnel): { usados: TransferItem[]; disponiveis: TransferItem[] } {
  const byId = new Map(funnel.map((s) => [s.idFunil, { id: s.idFunil, nome: s.nome, cor: s.cor }]));
  const usados = ids.flatMap((id) => byId.get(id) ?? []);
  const used = new Set(usados.map((u) => u.id));
  return {
    usados,
    disponiveis: funnel.filter((s) => !used.has(s.idFunil)).map((s) => ({ id: s.idFunil, nome: s.nome, cor: s.cor })),
  };
}

async function settingsView(
  db: DbOrTx,
  idEmpresa: number,
  unit: { id: number; idWhatsapp: number | null },
): Promise<UnitSettings> {
  // One after the other: inside the save's transaction `db` is one connection, and pg refuses (from
  // pg 9; a deprecation warning today) a query sent while that connection still runs another.
  const row = await unitSettings(db, unit.id);
  const funnel = await negotiationStatuses(db, idEmpresa);
  const permitidos = await allowedTargetsOfUnit(db, unit.id);
  if (!row) throw new Error(`unidade ${unit.id} sem configurações`);
  const r1 = split(parseStatusIds(row.regraFila1), funnel);
  const r2 = split(parseStatusIds(row.regraFila2), funnel);
  const r3 = split(parseStatusIds(row.regraFila3), funnel);
  const st = split(permitidos, funnel);
  const extras = parseConfiguracoesExtra(row.configuracoesExtra);
  return {
    idUnidade: unit.id,
    ligacao_limite_tentativas: row.ligacaoLimiteTentativas,
    ligacao_limite_tentativas_diarias: row.ligacaoLimiteTentativasDiarias,
    ligacao_intervalo_nao_atendida: row.ligacaoIntervaloNaoAtendida,
    intervalo_dias_crm: row.intervaloDiasCrm,
    valor_minimo_segundos_chamada_atendida: row.valorMinimoSegundosChamadaAtendida,
    regra_fila_1: row.regraFila1,
    regra_fila_2: row.regraFila2,
    regra_fila_3: row.regraFila3,
    mensagem_whatsapp: row.mensagemWhatsapp,
    habilita_mensagem_whatsapp: row.habilitaMensagemWhatsapp,
    status_negociacao_permitidos: permitidos.join(','),
    ligacao_intervalo_ocupado: row.ligacaoIntervaloOcupado,
    horario_ligacao: row.horarioLigacao ?? null,
    feriados: row.feriados,
    idInstanciaWhatsapp: unit.idWhatsapp,
    evolution_habilitado: row.evolutionHabilitado,
    url_dashboard: row.urlDashboard ?? null,
    habilita_envio_em_massa: extras.habilita_envio_em_massaV2 === true,
    configuracoes_envio_em_massa: massSendSettingsOf(extras.configuracoes_envio_em_massa),
    regra_fila_1_disponiveis: r1.disponiveis,
    regra_fila_1_usados: r1.usados,
    regra_fila_2_disponiveis: r2.disponiveis,
    regra_fila_2_usados: r2.usados,
    regra_fila_3_disponiveis: r3.disponiveis,
    regra_fila_3_usados: r3.usados,
    status_negociacao_disponiveis: st.disponiveis,
    status_negociacao_usados: st.usados,
    dataAtualizacao: row.dataAtualizacao.toISOString(),
  };
}

/** GET configuracoes/unidade. A unit without a settings row gets the 002 §9 defaults. */
export async function readUnitSettings(db: Db, session: Session, requested: number | undefined): Promise<UnitSettings> {
  const unit = await targetUnit(db, session, requested);
  if (!(await unitSettings(db, unit.id))) await createUnitSettings(db, unit.id, session.empresaId);
  return settingsView(db, session.empresaId, unit);
}

/** The audit view of the settings: the fields of the form. */
const audited = (s: UnitSettings) => ({
  ligacao_limite_tentativas: s.ligacao_limite_tentativas,
  ligacao_limite_tentativas_diarias: s.ligacao_limite_tentativas_diarias,
  ligacao_intervalo_nao_atendida: s.ligacao_intervalo_nao_atendida,
  intervalo_dias_crm: s.intervalo_dias_crm,
  valor_minimo_segundos_chamada_atendida: s.valor_minimo_segundos_chamada_atendida,
  regra_fila_1: s.regra_fila_1,
  regra_fila_2: s.regra_fila_2,
  regra_fila_3: s.regra_fila_3,
  mensagem_whatsapp: s.mensagem_whatsapp,
  habilita_mensagem_whatsapp: s.habilita_mensagem_whatsapp,
  status_negociacao_permitidos: s.status_negociacao_permitidos,
  ligacao_intervalo_ocupado: s.ligacao_intervalo_ocupado,
  horario_ligacao: s.horario_ligacao,
  feriados: s.feriados,
  configuracoes_envio_em_massa: s.configuracoes_envio_em_massa,
  evolution_habilitado: s.evolution_habilitado,
  url_dashboard: s.url_dashboard,
});

/**
 * PUT configuracoes/unidade: every field at once. The schema already refused daily attempts above
 * the total (002 §5, nothing saved); statuses must be of the company's funnel.
 */
export async function saveUnitSettings(
  deps: SettingsDeps,
  session: Session,
  requested: number | undefined,
  values: UnitSettingsValues,
): Promise<UnitSettings> {
  const saved = await deps.db.transaction(async (tx) => {
    const unit = await targetUnit(tx, session, requested);
    const funnel = new Set((await negotiationStatuses(tx, session.empresaId)).map((s) => s.idFunil));
    const lists = {
      regra_fila_1: values.regra_fila_1,
      regra_fila_2: values.regra_fila_2,
      regra_fila_3: values.regra_fila_3,
      status_negociacao_permitidos: values.status_negociacao_permitidos,
    };
    for (const [field, text] of Object.entries(lists)) {
      if (parseStatusIds(text).some((id) => !funnel.has(id)))
        throw new DomainError('invalid', SETTINGS_MESSAGES.statusList, { fields: { [field]: SETTINGS_MESSAGES.statusList } });
    }
    await createUnitSettings(tx, unit.id, session.empresaId);
    await lockUnitSettings(tx, unit.id);
    const before = await settingsView(tx, session.empresaId, unit);
    await writeUnitSettings(tx, unit.id, session.empresaId, {
      ligacaoLimiteTentativas: values.ligacao_limite_tentativas,
      ligacaoLimiteTentativasDiarias: values.ligacao_limite_tentativas_diarias,
      ligacaoIntervaloNaoAtendida: values.ligacao_intervalo_nao_atendida,
      intervaloDiasCrm: values.intervalo_dias_crm,
      valorMinimoSegundosChamadaAtendida: values.valor_minimo_segundos_chamada_atendida,
      regraFila1: values.regra_fila_1,
      regraFila2: values.regra_fila_2,
      regraFila3: values.regra_fila_3,
      mensagemWhatsapp: values.mensagem_whatsapp,
      habilitaMensagemWhatsapp: values.habilita_mensagem_whatsapp,
      // Absent (a client that predates them): the stored values stay.
      ...(values.ligacao_intervalo_ocupado !== undefined ? { ligacaoIntervaloOcupado: values.ligacao_intervalo_ocupado } : {}),
      ...(values.horario_ligacao !== undefined ? { horarioLigacao: values.horario_ligacao } : {}),
      ...(values.feriados !== undefined ? { feriados: values.feriados } : {}),
      ...(values.evolution_habilitado !== undefined ? { evolutionHabilitado: values.evolution_habilitado } : {}),
      ...(values.url_dashboard !== undefined ? { urlDashboard: values.url_dashboard } : {}),
    });
    // issue 13: the unit's mass-send caps and windows (this unit only; the toggles stay the company's).
    if (values.configuracoes_envio_em_massa)
      await writeUnitMassSendSettings(tx, unit.id, session.empresaId, values.configuracoes_envio_em_massa);
    await replaceAllowedTargets(tx, unit.id, parseStatusIds(values.status_negociacao_permitidos));
    const after = await settingsView(tx, session.empresaId, unit);
    await recordAudit(tx, {
      session,
      entity: 'configuracoes_unidade',
      entityId: unit.id,
      action: 'update',
      before: audited(before),
      after: audited(after),
      scope: { idEmpresa: session.empresaId, idUnidade: unit.id },
    });
    return after;
  });
  deps.realtime.toUnit(saved.idUnidade, unitDataEvent(session.empresaId), {
    motivo: 'configuracoes-unidade',
    idUnidade: saved.idUnidade,
  });
  return saved;
}

/** GET cadastros/configuracoes-extras: the toggles of `idEmpresa` (the caller's, or the super-admin's pick). */
export function readCompanyExtras(db: Db, idEmpresa: number): Promise<Extras> {
  return companyExtras(db, idEmpresa);
}

/**
 * PUT cadastros/configuracoes-extras (002 §7 "JSON of flags"): the company's toggles change for all
 * its units; every logged-in user of the company is told to read the unit data again, so menus
 * and screens follow without a new login (issue 10). `idEmpresa` is the company acted on.
 */
export async function saveCompanyExtras(
  deps: SettingsDeps,
  session: Session,
  idEmpresa: number,
  changes: ExtrasBody,
): Promise<Extras> {
  const after = await deps.db.transaction(async (tx) => {
    const result = await writeCompanyExtras(tx, idEmpresa, changes);
    await recordAudit(tx, {
      session,
      entity: 'configuracoes_extras',
      entityId: idEmpresa,
      action: 'update',
      before: result.before,
      after: result.after,
      scope: { idEmpresa, idUnidade: null },
    });
    return result.after;
  });
  deps.realtime.toCompany(idEmpresa, unitDataEvent(idEmpresa), { motivo: 'configuracoes-extras', idUnidade: null });
  return after;
}
