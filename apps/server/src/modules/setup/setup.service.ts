// A fresh install is usable (issue 10): the first super-admin (one-time setup call, or
// FUNIL_ADMIN_EMAIL/FUNIL_ADMIN_PASSWORD at start) and companies created with their first unit and
// first company admin. This module owns no table: it composes the owners' services.
import { sql } from 'drizzle-orm';

import {
  COMPANY_MESSAGES,
  type CompanyRow as CompanyBody,
  type CompanyCreate,
  type CompanyUpdate,
} from '@funil/domain/admin-api/companies';
import { SETUP_MESSAGES, type SetupBody } from '@funil/domain/admin-api/setup';

import type { DbOrTx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import { recordAudit, type AuditAuthor } from '../audit/audit.service.ts';
import { revokeSessionsOf } from '../auth/auth.service.ts';
import { createDefaultFunnels, ensureReferenceLists } from '../catalog/catalog-defaults.service.ts';
import type { Actor } from '../tenancy/admin-scope.service.ts';
import {
  companiesWithUnitCounts,
  companyById,
  insertCompany,
  unitIdsOfCompany,
  updateCompanyRow,
  type CompanyRow,
} from '../tenancy/tenancy.service.ts';
import { checkSystemFields, insertUnitAudited } from '../tenancy/units.service.ts';
import { insertUserAudited } from '../users/users-admin.service.ts';
import { anyUserExists, userCountsByCompany } from '../users/users.service.ts';

// One setup at a time: two first-run calls racing must not both create a super-admin.
const SETUP_LOCK = 7_310_001;

/** Whether the first-run setup is still open: no user exists yet. */
export async function setupNeeded(db: DbOrTx): Promise<boolean> {
  return !(await anyUserExists(db));
}

/** A company with the default funnels, audited. */
export async function createCompanyAudited(db: DbOrTx, author: AuditAuthor, nome: string): Promise<CompanyRow> {
  return db.transaction(async (tx) => {
    await ensureReferenceLists(tx);
    const company = await insertCompany(tx, { nome });
    await createDefaultFunnels(tx, company.id);
    await recordAudit(tx, {
      session: author,
      entity: 'empresa',
      entityId: company.id,
      action: 'create',
      after: { nome: company.nome, ativo: company.ativo },
      scope: { idEmpresa: company.id, idUnidade: null },
    });
    return company;
  });
}

/**
 * POST /api/setup: on a database without users, creates the super-admin with their company and
 * unit; 409 once any user exists.
 */
export async function runSetup(
  db: DbOrTx,
  body: SetupBody,
): Promise<{ idEmpresa: number; idUnidade: number; idUsuario: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
    if (await anyUserExists(tx)) throw new DomainError('conflict', SETUP_MESSAGES.done);
    const company = await createCompanyAudited(tx, null, body.empresa);
    // The super-admin's own unit: the system fields of 002 §5 belong to client units.
    const unit = await insertUnitAudited(tx, null, { idEmpresa: company.id, nome: body.unidade, ddd: body.ddd });
    const user = await insertUserAudited(tx, null, {
      idEmpresa: company.id,
      idUnidade: unit.id,
      nome: body.nome,
      email: body.email,
      senha: body.senha,
      permissao: 'sa',
      acessoAtribuidos: 1,
    });
    return { idEmpresa: company.id, idUnidade: unit.id, idUsuario: user.id };
  });
}

/** FUNIL_ADMIN_EMAIL/FUNIL_ADMIN_PASSWORD: creates the super-admin at start when no user exists. */
export async function ensureSuperAdmin(db: DbOrTx, admin: { email: string; senha: string }): Promise<boolean> {
  if (!(await setupNeeded(db))) return false;
  try {
    await runSetup(db, {
      empresa: 'Funil',
      unidade: 'Matriz',
      ddd: '11',
      nome: 'Super Administrador',
      email: admin.email,
      senha: admin.senha,
    });
    return true;
  } catch (err) {
    // Another process started first and created it.
    if (err instanceof DomainError && err.code === 'conflict') return false;
    throw err;
  }
}

/** POST cadastros/empresas: the company, its first unit and its first company admin (ag), all or nothing. */
export async function createCompanyWithAdmin(db: DbOrTx, actor: Actor, body: CompanyCreate) {
  return db.transaction(async (tx) => {
    const company = await createCompanyAudited(tx, actor, body.nome);
    checkSystemFields(body.unidade, company.id);
    const unit = await insertUnitAudited(tx, actor, { idEmpresa: company.id, ...body.unidade });
    const admin = await insertUserAudited(tx, actor, {
      idEmpresa: company.id,
      idUnidade: unit.id,
      nome: body.administrador.nome,
      email: body.administrador.email,
      senha: body.administrador.senha,
      permissao: 'ag',
      acessoAtribuidos: 1,
      excluirLeads: 1,
    });
    return { id: company.id, idUnidade: unit.id, idUsuario: admin.id };
  });
}

const toBody = (c: CompanyRow, unidades: number, usuarios: number): CompanyBody => ({
  id: c.id,
  nome: c.nome,
  idCompany: c.idCompany,
  ativo: c.ativo,
  unidades,
  usuarios,
  datacad: c.datacad.toISOString(),
  dataAtualizacao: c.dataAtualizacao.toISOString(),
});

/** GET cadastros/empresas: every company (the super-admin's view). */
export async function listCompanies(db: DbOrTx): Promise<CompanyBody[]> {
  const [rows, users] = await Promise.all([companiesWithUnitCounts(db), userCountsByCompany(db)]);
  return rows.map((r) => toBody(r.empresa, Number(r.unidades), users.get(r.empresa.id) ?? 0));
}

/** PUT cadastros/empresas. Deactivating a company logs every user of its units out; returns those unit ids. */
export async function updateCompany(
  db: DbOrTx,
  actor: Actor,
  body: CompanyUpdate,
): Promise<{ company: CompanyRow; loggedOutUnits: number[] }> {
  const before = await companyById(db, body.id);
  if (!before) throw new DomainError('not_found', 'Empresa não encontrada.');
  const deactivating = body.ativo !== undefined && body.ativo !== 1;
  if (deactivating && before.id === actor.empresaId) throw new DomainError('forbidden', COMPANY_MESSAGES.ownCompany);
  return db.transaction(async (tx) => {
    const company = await updateCompanyRow(tx, before.id, {
      ...(body.nome !== undefined ? { nome: body.nome } : {}),
      ...(body.ativo !== undefined ? { ativo: body.ativo } : {}),
    });
    let loggedOutUnits: number[] = [];
    if (deactivating && before.ativo === 1) {
      loggedOutUnits = await unitIdsOfCompany(tx, company.id);
      await revokeSessionsOf(tx, { unitIds: loggedOutUnits });
    }
    await recordAudit(tx, {
      session: actor,
      entity: 'empresa',
      entityId: company.id,
      action: 'update',
      before: { nome: before.nome, ativo: before.ativo },
      after: { nome: company.nome, ativo: company.ativo },
      scope: { idEmpresa: company.id, idUnidade: null },
    });
    return { company, loggedOutUnits };
  });
}
