// Partners administration (002 §2.10 'Parceiros', §3, §5, §6, §7): admins create, edit and delete
// the partners of the units they manage; every write is audited in its transaction. Partners
// have no Funil session: they are paid per capture, scheduling and sale of their unit's leads,
// and nothing here reads a lead of any unit (docs/decisions.md).
import { and, asc, eq, inArray } from 'drizzle-orm';

import { PARTNER_MESSAGES, type PartnerCreate, type PartnerRow, type PartnerUpdate } from '@funil/domain/admin-api/partners';

import type { DbOrTx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { hashPassword } from '../auth/auth.service.ts';
import { managesUnit, unitInScope, type Actor } from '../tenancy/admin-scope.service.ts';
import { unitNamesOfCompany } from '../tenancy/tenancy.service.ts';
import { parceiros } from './partners.table.ts';

type Row = typeof parceiros.$inferSelect;

const money = (text: string) => Number(text);
const audited = (p: Row) => ({
  nome: p.nome,
  email: p.email,
  descricao: p.descricao,
  conta: p.conta,
  administrador: p.administrador,
  idUnidade: p.idUnidade,
  ativo: p.ativo,
  valor_operacao_1: money(p.valorOperacao1),
  valor_operacao_2: money(p.valorOperacao2),
  valor_operacao_3: money(p.valorOperacao3),
});

const toBody = (p: Row, nomeUnidade: string): PartnerRow => ({
  id: p.id,
  nome: p.nome,
  email: p.email,
  descricao: p.descricao,
  conta: p.conta,
  administrador: p.administrador === 1 ? 1 : 0,
  idUnidade: p.idUnidade,
  idEmpresa: p.idEmpresa,
  nomeUnidade,
  ativo: p.ativo,
  valor_operacao_1: money(p.valorOperacao1),
  valor_operacao_2: money(p.valorOperacao2),
  valor_operacao_3: money(p.valorOperacao3),
  datacad: p.datacad.toISOString(),
  dataAtualizacao: p.dataAtualizacao.toISOString(),
});

/** The partners of the units the actor manages: a unit admin's unit, a company admin's company. */
export async function listPartners(db: DbOrTx, actor: Actor): Promise<PartnerRow[]> {
  const names = await unitNamesOfCompany(db, actor.empresaId);
  const unitIds = [...names.keys()].filter((id) => managesUnit(actor, { id, idEmpresa: actor.empresaId }));
  if (unitIds.length === 0) return [];
  const rows = await db
    .select()
    .from(parceiros)
    .where(and(eq(parceiros.idEmpresa, actor.empresaId), inArray(parceiros.idUnidade, unitIds)))
    .orderBy(asc(parceiros.nome));
  return rows.map((p) => toBody(p, names.get(p.idUnidade) ?? ''));
}

const values = (input: PartnerCreate | PartnerUpdate) => ({
  nome: input.nome,
  email: input.email,
  descricao: input.descricao,
  conta: input.conta,
  administrador: input.administrador,
  ativo: input.ativo,
  valorOperacao1: input.valor_operacao_1.toFixed(2),
  valorOperacao2: input.valor_operacao_2.toFixed(2),
  valorOperacao3: input.valor_operacao_3.toFixed(2),
});

async function partnerInScope(db: DbOrTx, actor: Actor, id: number): Promise<Row> {
  const [row] = await db.select().from(parceiros).where(eq(parceiros.id, id));
  // Another company's partner answers like a missing one.
  if (!row || row.idEmpresa !== actor.empresaId) throw new DomainError('not_found', 'Parceiro não encontrado.');
  await unitInScope(db, actor, row.idUnidade, PARTNER_MESSAGES.otherUnit);
  return row;
}

export async function createPartner(db: DbOrTx, actor: Actor, input: PartnerCreate): Promise<Row> {
  const unit = await unitInScope(db, actor, input.idUnidade, PARTNER_MESSAGES.otherUnit);
  const senhaHash = await hashPassword(input.senha);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(parceiros)
      .values({ ...values(input), idUnidade: unit.id, idEmpresa: unit.idEmpresa, senhaHash })
      .returning();
    await recordAudit(tx, {
      session: actor,
      entity: 'parceiro',
      entityId: row!.id,
      action: 'create',
      after: audited(row!),
      scope: { idEmpresa: unit.idEmpresa, idUnidade: unit.id },
    });
    return row!;
  });
}

export async function updatePartner(db: DbOrTx, actor: Actor, input: PartnerUpdate): Promise<Row> {
  const before = await partnerInScope(db, actor, input.id);
  const unit = await unitInScope(db, actor, input.idUnidade, PARTNER_MESSAGES.otherUnit);
  const senhaHash = input.senha ? await hashPassword(input.senha) : undefined;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(parceiros)
      .set({
        ...values(input),
        idUnidade: unit.id,
        idEmpresa: unit.idEmpresa,
        dataAtualizacao: new Date(),
        ...(senhaHash ? { senhaHash } : {}),
      })
      .where(eq(parceiros.id, before.id))
      .returning();
    await recordAudit(tx, {
      session: actor,
      entity: 'parceiro',
      entityId: row!.id,
      action: 'update',
      before: { ...audited(before), senha: before.senhaHash },
      after: { ...audited(row!), senha: row!.senhaHash },
      scope: { idEmpresa: row!.idEmpresa, idUnidade: row!.idUnidade },
    });
    return row!;
  });
}

export async function deletePartner(db: DbOrTx, actor: Actor, id: number): Promise<void> {
  const before = await partnerInScope(db, actor, id);
  await db.transaction(async (tx) => {
    await tx.delete(parceiros).where(eq(parceiros.id, before.id));
    await recordAudit(tx, {
      session: actor,
      entity: 'parceiro',
      entityId: before.id,
      action: 'delete',
      before: audited(before),
      scope: { idEmpresa: before.idEmpresa, idUnidade: before.idUnidade },
    });
  });
}
