// Units administration (002 §2.10 'Unidades', §3, §4, §5 'Unit'): the super-admin creates, edits and
// deactivates units; every write is audited in its transaction. Deactivation revokes the unit's
// sessions here; the caller ends their sockets after the commit.
import {
  UNIT_MESSAGES,
  unitSystemFieldIssues,
  type UnitCreate,
  type UnitRow as UnitRowBody,
  type UnitUpdate,
} from '@funil/domain/admin-api/units';

import type { DbOrTx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import { recordAudit, type AuditAuthor } from '../audit/audit.service.ts';
import { revokeSessionsOf } from '../auth/auth.service.ts';
import type { Actor } from './admin-scope.service.ts';
import {
  companyById,
  insertUnit,
  replaceUnitToken,
  unitById,
  unitsOfCompany,
  updateUnitRow,
  type CompanyRow,
  type UnitRow,
} from './tenancy.service.ts';
import { createUnitSettings } from './unit-settings.service.ts';

const audited = (u: UnitRow) => ({ nome: u.nome, ddd: u.ddd, idSistema: u.idSistema, filtro: u.filtro, ativo: u.ativo });

export function unitRowBody(u: UnitRow, company: Pick<CompanyRow, 'nome' | 'idCompany'>): UnitRowBody {
  return {
    id: u.id,
    idEmpresa: u.idEmpresa,
    nomeEmpresa: company.nome,
    nome: u.nome,
    ddd: u.ddd,
    idSistema: u.idSistema,
    filtro: u.filtro,
    ativo: u.ativo,
    token: u.token,
    idCompany: company.idCompany,
    idWhatsapp: u.idWhatsapp,
    datacad: u.datacad.toISOString(),
    dataAtualizacao: u.dataAtualizacao.toISOString(),
  };
}

async function companyOrThrow(db: DbOrTx, idEmpresa: number): Promise<CompanyRow> {
  const company = await companyById(db, idEmpresa);
  if (!company) throw new DomainError('not_found', UNIT_MESSAGES.companyNotFound);
  return company;
}

export function checkSystemFields(fields: Pick<UnitCreate, 'idSistema' | 'filtro'>, idEmpresa: number): void {
  const issues = unitSystemFieldIssues(fields, idEmpresa);
  const first = Object.values(issues)[0];
  if (first) throw new DomainError('invalid', first, { fields: issues });
}

/** The units of a company (the caller's by default), active or not. */
export async function listUnits(db: DbOrTx, actor: Actor, idEmpresa?: number): Promise<UnitRowBody[]> {
  const company = await companyOrThrow(db, idEmpresa ?? actor.empresaId);
  return (await unitsOfCompany(db, company.id)).map((u) => unitRowBody(u, company));
}

/** Inserts a unit (fresh intake token, 002 §9 default settings) and its audit record, with no check. */
export async function insertUnitAudited(
  db: DbOrTx,
  author: AuditAuthor,
  values: { idEmpresa: number; nome: string; ddd: string; idSistema?: number | undefined; filtro?: string | undefined },
): Promise<UnitRow> {
  return db.transaction(async (tx) => {
    const unit = await insertUnit(tx, {
      idEmpresa: values.idEmpresa,
      nome: values.nome,
      ddd: values.ddd,
      idSistema: values.idSistema ?? -1,
      filtro: values.filtro ?? '',
    });
    // 002 §9 defaults, and the company's feature toggles (issue 10: toggles are per company).
    await createUnitSettings(tx, unit.id, unit.idEmpresa);
    await recordAudit(tx, {
      session: author,
      entity: 'unidade',
      entityId: unit.id,
      action: 'create',
      after: audited(unit),
      scope: { idEmpresa: unit.idEmpresa, idUnidade: unit.id },
    });
    return unit;
  });
}

/** POST cadastros/unidade: a unit of an existing company, with the form rules of 002 §5 'Unit'. */
export async function createUnit(db: DbOrTx, actor: AuditAuthor, input: UnitCreate & { idEmpresa: number }): Promise<UnitRow> {
  const company = await companyOrThrow(db, input.idEmpresa);
  checkSystemFields(input, company.id);
  return insertUnitAudited(db, actor, { ...input, idEmpresa: company.id });
}

/**
 * Edits a unit or deactivates it ('Desativar' sends ativo 0, 002 §4). A deactivated unit's
 * sessions are revoked in the same transaction; `loggedOut` says whether the caller must end
 * the unit's sockets.
 */
export async function updateUnit(db: DbOrTx, actor: Actor, input: UnitUpdate): Promise<{ unit: UnitRow; loggedOut: boolean }> {
  const before = await unitById(db, input.id);
  if (!before) throw new DomainError('not_found', 'Unidade não encontrada.');
  const deactivating = input.desativar === true || (input.ativo !== undefined && input.ativo !== 1);
  // The full form (not the 'Desativar' action) carries the system fields of 002 §5.
  if (input.nome !== undefined && !input.desativar) checkSystemFields(input, before.idEmpresa);
  if (deactivating && before.id === actor.unidadeId) throw new DomainError('forbidden', UNIT_MESSAGES.ownUnit);
  return db.transaction(async (tx) => {
    const unit = await updateUnitRow(tx, before.id, {
      ...(input.nome !== undefined ? { nome: input.nome } : {}),
      ...(input.ddd !== undefined ? { ddd: input.ddd } : {}),
      ...(input.idSistema !== undefined ? { idSistema: input.idSistema } : {}),
      ...(input.filtro !== undefined ? { filtro: input.filtro } : {}),
      ...(deactivating
        ? { ativo: input.desativar ? 0 : (input.ativo ?? 0) }
        : input.ativo !== undefined
          ? { ativo: input.ativo }
          : {}),
    });
    const loggedOut = deactivating && before.ativo === 1;
    if (loggedOut) await revokeSessionsOf(tx, { unitIds: [unit.id] });
    await recordAudit(tx, {
      session: actor,
      entity: 'unidade',
      entityId: unit.id,
      action: 'update',
      before: audited(before),
      after: audited(unit),
      scope: { idEmpresa: unit.idEmpresa, idUnidade: unit.id },
    });
    return { unit, loggedOut };
  });
}

/**
 * 'Gerar novo token' (issue 23 §1): a new 32-character token for the unit's capture URL; the old
 * one stops at once (the capture reads the token on every post). Audited without the tokens
 * themselves (a token is a credential).
 */
export async function regenerateUnitToken(db: DbOrTx, actor: Actor, idUnidade: number): Promise<UnitRow> {
  const before = await unitById(db, idUnidade);
  if (!before) throw new DomainError('not_found', 'Unidade não encontrada.');
  return db.transaction(async (tx) => {
    const unit = await replaceUnitToken(tx, before.id);
    await recordAudit(tx, {
      session: actor,
      entity: 'unidade',
      entityId: unit.id,
      action: 'update',
      before: { token: 'anterior' },
      after: { token: 'novo' },
      scope: { idEmpresa: unit.idEmpresa, idUnidade: unit.id },
    });
    return unit;
  });
}
