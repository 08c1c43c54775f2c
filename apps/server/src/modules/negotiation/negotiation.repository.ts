// Reads of the company's funnels, the unit's allowed transitions and the potentials
// (000 §3 unit data; 001 §3 "Negotiation potential"), for the lead and negotiation services.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { plataformas, potenciais, statusContato, statusMensagem, statusNegociacao, statusNegociacaoPermitidos, statusNegociacaoVenda } from '../catalog/catalog.table.ts';
import { unidadeConfiguracoes, unidades } from '../tenancy/tenancy.table.ts';
import { usuarios } from '../users/users.table.ts';

export async function negotiationStatuses(db: DbOrTx, idEmpresa: number) {
  return db.select().from(statusNegociacao).where(eq(statusNegociacao.idEmpresa, idEmpresa)).orderBy(asc(statusNegociacao.idFunil));
}

export async function saleStatuses(db: DbOrTx, idEmpresa: number) {
  return db.select().from(statusNegociacaoVenda).where(eq(statusNegociacaoVenda.idEmpresa, idEmpresa)).orderBy(asc(statusNegociacaoVenda.idFunilVenda));
}

export async function allowedTransitions(db: DbOrTx, idUnidade: number) {
  return db.select({ de: statusNegociacaoPermitidos.de, para: statusNegociacaoPermitidos.para }).from(statusNegociacaoPermitidos).where(eq(statusNegociacaoPermitidos.idUnidade, idUnidade));
}

export async function activePotentials(db: DbOrTx, idEmpresa: number) {
  return db
    .select()
    .from(potenciais)
    .where(and(eq(potenciais.idEmpresa, idEmpresa), eq(potenciais.ativo, 1)))
    .orderBy(asc(potenciais.nome));
}

export async function referenceLists(db: DbOrTx) {
  const [contato, mensagem, plataforma] = await Promise.all([
    db.select().from(statusContato).orderBy(asc(statusContato.id)),
    db.select().from(statusMensagem).orderBy(asc(statusMensagem.id)),
    db.select().from(plataformas).orderBy(asc(plataformas.id)),
  ]);
  return { contato, mensagem, plataforma };
}

export type ListReferences = {
  intervalo: number;
  negociacao: { id: number; nome: string; cor: string; idFunil: number }[];
  venda: { id: number; nome: string; cor: string; idFunilVenda: number }[];
  contato: { id: number; nome: string; cor: string }[];
  mensagem: { id: number; nome: string }[];
  plataforma: { id: number; nome: string }[];
};

/**
 * What the contact list answers beside the leads (002 §3): the unit's intervalo_dias_crm, the
 * company's two funnels and the shared reference lists, read in one statement (one round trip
 * instead of six).
 */
export async function contactListReferences(db: DbOrTx, idEmpresa: number, idUnidade: number): Promise<ListReferences> {
  const agg = (object: SQL, from: SQL) => sql`coalesce((select json_agg(${object}) from ${from}), '[]'::json)`;
  const [row] = await db
    .select({
      intervalo: sql<number | null>`(select ${unidadeConfiguracoes.intervaloDiasCrm} from ${unidadeConfiguracoes} where ${unidadeConfiguracoes.idUnidade} = ${idUnidade})`,
      negociacao: sql<ListReferences['negociacao']>`${agg(
        sql`json_build_object('id', ${statusNegociacao.id}, 'nome', ${statusNegociacao.nome}, 'cor', ${statusNegociacao.cor}, 'idFunil', ${statusNegociacao.idFunil}) order by ${statusNegociacao.idFunil}`,
        sql`${statusNegociacao} where ${statusNegociacao.idEmpresa} = ${idEmpresa}`,
      )}`,
      venda: sql<ListReferences['venda']>`${agg(
        sql`json_build_object('id', ${statusNegociacaoVenda.id}, 'nome', ${statusNegociacaoVenda.nome}, 'cor', ${statusNegociacaoVenda.cor}, 'idFunilVenda', ${statusNegociacaoVenda.idFunilVenda}) order by ${statusNegociacaoVenda.idFunilVenda}`,
        sql`${statusNegociacaoVenda} where ${statusNegociacaoVenda.idEmpresa} = ${idEmpresa}`,
      )}`,
      contato: sql<ListReferences['contato']>`${agg(sql`json_build_object('id', ${statusContato.id}, 'nome', ${statusContato.nome}, 'cor', ${statusContato.cor}) order by ${statusContato.id}`, sql`${statusContato}`)}`,
      mensagem: sql<ListReferences['mensagem']>`${agg(sql`json_build_object('id', ${statusMensagem.id}, 'nome', ${statusMensagem.nome}) order by ${statusMensagem.id}`, sql`${statusMensagem}`)}`,
      plataforma: sql<ListReferences['plataforma']>`${agg(sql`json_build_object('id', ${plataformas.id}, 'nome', ${plataformas.nome}) order by ${plataformas.id}`, sql`${plataformas}`)}`,
    })
    .from(sql`(select 1) as um`);
  if (!row) throw new Error('listas de referência não lidas');
  return { ...row, intervalo: row.intervalo ?? 62 };
}

export async function crmIntervalDays(db: DbOrTx, idUnidade: number): Promise<number> {
  const [row] = await db.select({ dias: unidadeConfiguracoes.intervaloDiasCrm }).from(unidadeConfiguracoes).where(eq(unidadeConfiguracoes.idUnidade, idUnidade));
  return row?.dias ?? 62;
}

/** An active user of the unit (assignment target, 001 §4), or null. */
export async function activeUserOfUnit(db: DbOrTx, idUnidade: number, userId: number) {
  const [row] = await db
    .select({ id: usuarios.id, nome: usuarios.nome })
    .from(usuarios)
    .where(and(eq(usuarios.id, userId), eq(usuarios.idUnidade, idUnidade), eq(usuarios.ativo, 1)));
  return row ?? null;
}

export async function userName(db: DbOrTx, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await db.select({ nome: usuarios.nome }).from(usuarios).where(eq(usuarios.id, userId));
  return row?.nome ?? null;
}

/** An active unit of the company, or null (transfer and conversion targets, 001 §7). */
export async function activeUnitOfCompany(db: DbOrTx, idEmpresa: number, idUnidade: number) {
  const [row] = await db
    .select({ id: unidades.id, nome: unidades.nome })
    .from(unidades)
    .where(and(eq(unidades.id, idUnidade), eq(unidades.idEmpresa, idEmpresa), eq(unidades.ativo, 1)));
  return row ?? null;
}
