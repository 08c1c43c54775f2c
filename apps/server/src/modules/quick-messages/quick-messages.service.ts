// Quick messages (001 §3, §5, §6, §7; 002 §8): the three levels a user sees, creation at the
// level of the user's permission, changes only at the levels it may change (docs/decisions.md
// "Quick-message scopes"). The module's door; its tables are read only here.
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';

import {
  creationScopeOf,
  editableScopesOf,
  QUICK_MESSAGE_TEXTS,
  quickMessageCategoryNameSchema,
  type QuickMessage,
  type QuickMessageCategory,
  type QuickMessageScope,
  type QuickMessagesResponse,
} from '@funil/domain/whatsapp-api/quick-messages-api';

import type { Db } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import type { Session } from '../auth/auth.service.ts';
import { modelosCategorias, modelosMensagem } from './quick-messages.table.ts';

type Owner = Pick<Session, 'userId' | 'empresaId' | 'unidadeId'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of one level that the session sees (the same test for categories and templates). */
function levelWhere(table: typeof modelosCategorias | typeof modelosMensagem, scope: QuickMessageScope, s: Owner): SQL {
  const base = and(eq(table.idEmpresa, s.empresaId), eq(table.escopo, scope));
  if (scope === 'empresa') return and(base, isNull(table.idUnidade), isNull(table.idUsuario))!;
  if (scope === 'unidade') return and(base, eq(table.idUnidade, s.unidadeId), isNull(table.idUsuario))!;
  return and(base, eq(table.idUnidade, s.unidadeId), eq(table.idUsuario, s.userId))!;
}

function ownerColumns(scope: QuickMessageScope, s: Owner) {
  return {
    idEmpresa: s.empresaId,
    idUnidade: scope === 'empresa' ? null : s.unidadeId,
    idUsuario: scope === 'atendente' ? s.userId : null,
    escopo: scope,
  };
}

async function levelLists(
  db: Db,
  scope: QuickMessageScope,
  s: Owner,
): Promise<{ modelos: QuickMessage[]; categorias: QuickMessageCategory[] }> {
  const [categorias, modelos] = await Promise.all([
    db
      .select({ idCategoria: modelosCategorias.id, nomeCategoria: modelosCategorias.nome })
      .from(modelosCategorias)
      .where(levelWhere(modelosCategorias, scope, s))
      .orderBy(asc(sql`lower(${modelosCategorias.nome})`), asc(modelosCategorias.id)),
    db
      .select({
        idModelo: modelosMensagem.id,
        idCategoria: modelosMensagem.idCategoria,
        nomeCategoria: modelosCategorias.nome,
        tituloMensagem: modelosMensagem.titulo,
        mensagem: modelosMensagem.mensagem,
      })
      .from(modelosMensagem)
      .innerJoin(modelosCategorias, eq(modelosCategorias.id, modelosMensagem.idCategoria))
      .where(levelWhere(modelosMensagem, scope, s))
      .orderBy(asc(sql`lower(${modelosCategorias.nome})`), asc(sql`lower(${modelosMensagem.titulo})`), asc(modelosMensagem.id)),
  ]);
  return { modelos, categorias };
}

/** GET whatsapp/modelos: the company's, the unit's and the user's own templates with their categories. */
export async function listQuickMessages(db: Db, session: Session): Promise<QuickMessagesResponse['data']> {
  const [empresa, unidade, atendente] = await Promise.all([
    levelLists(db, 'empresa', session),
    levelLists(db, 'unidade', session),
    levelLists(db, 'atendente', session),
  ]);
  return {
    modelos_empresa: empresa.modelos,
    categorias_empresa: empresa.categorias,
    modelos_unidade: unidade.modelos,
    categorias_unidade: unidade.categorias,
    modelos_atendente: atendente.modelos,
    categorias_atendente: atendente.categorias,
    escopo_criacao: creationScopeOf(session.permission),
    escopos_editaveis: editableScopesOf(session.permission),
  };
}

type CategoryChoice = {
  novaCategoria: boolean;
  nomeCategoria?: string | null | undefined;
  idCategoria?: number | null | undefined;
};

/** The category of a write: an existing one of the level, or a new one (a same-named one of the level is reused). */
async function categoryFor(
  tx: Tx,
  scope: QuickMessageScope,
  s: Owner,
  choice: CategoryChoice,
): Promise<{ id: number; nome: string }> {
  if (choice.novaCategoria) {
    const nome = quickMessageCategoryNameSchema.parse(choice.nomeCategoria ?? '');
    const [same] = await tx
      .select({ id: modelosCategorias.id, nome: modelosCategorias.nome })
      .from(modelosCategorias)
      .where(and(levelWhere(modelosCategorias, scope, s), sql`lower(${modelosCategorias.nome}) = lower(${nome})`))
      .limit(1);
    if (same) return same;
    const [made] = await tx
      .insert(modelosCategorias)
      .values({ ...ownerColumns(scope, s), nome })
      .returning({ id: modelosCategorias.id, nome: modelosCategorias.nome });
    return made!;
  }
  const [found] = await tx
    .select({ id: modelosCategorias.id, nome: modelosCategorias.nome })
    .from(modelosCategorias)
    .where(and(levelWhere(modelosCategorias, scope, s), eq(modelosCategorias.id, choice.idCategoria ?? 0)));
  if (!found) throw new DomainError('not_found', QUICK_MESSAGE_TEXTS.categoryNotFound);
  return found;
}

export type CreateQuickMessage = CategoryChoice & {
  tituloMensagem: string;
  mensagem: string;
  isAdm?: boolean | undefined;
  isAdmg?: boolean | undefined;
};

/**
 * POST whatsapp/adicionarModelo: the template takes the level of the user's permission (001 §6);
 * flags claiming a level the session does not hold (isAdmg without ag, isAdm without a) are 403.
 */
export async function createQuickMessage(
  db: Db,
  session: Session,
  body: CreateQuickMessage,
): Promise<QuickMessage & { escopo: QuickMessageScope }> {
  const scope = creationScopeOf(session.permission);
  if ((body.isAdmg && scope !== 'empresa') || (body.isAdm && scope !== 'unidade'))
    throw new DomainError('forbidden', QUICK_MESSAGE_TEXTS.scopeForbidden);
  return db.transaction(async (tx) => {
    const category = await categoryFor(tx, scope, session, body);
    const [row] = await tx
      .insert(modelosMensagem)
      .values({ ...ownerColumns(scope, session), idCategoria: category.id, titulo: body.tituloMensagem, mensagem: body.mensagem })
      .returning({ id: modelosMensagem.id });
    return {
      idModelo: row!.id,
      idCategoria: category.id,
      nomeCategoria: category.nome,
      tituloMensagem: body.tituloMensagem,
      mensagem: body.mensagem,
      escopo: scope,
    };
  });
}

/** A template the session sees, with its level; 404 otherwise (another unit's, company's or user's). */
async function visibleTemplate(tx: Tx, session: Session, idModelo: number): Promise<{ id: number; escopo: QuickMessageScope }> {
  for (const scope of ['empresa', 'unidade', 'atendente'] as const) {
    const [row] = await tx
      .select({ id: modelosMensagem.id })
      .from(modelosMensagem)
      .where(and(levelWhere(modelosMensagem, scope, session), eq(modelosMensagem.id, idModelo)))
      .for('update');
    if (row) return { id: row.id, escopo: scope };
  }
  throw new DomainError('not_found', QUICK_MESSAGE_TEXTS.notFound);
}

function mayChange(session: Session, scope: QuickMessageScope): void {
  if (!editableScopesOf(session.permission).includes(scope))
    throw new DomainError('forbidden', QUICK_MESSAGE_TEXTS.scopeForbidden);
}

export type EditQuickMessage = Partial<CategoryChoice> & { idModelo: number; tituloMensagem: string; mensagem: string };

/** POST whatsapp/editarModelo (204): title, text and (optionally) the category, within the template's level. */
export async function editQuickMessage(db: Db, session: Session, body: EditQuickMessage): Promise<void> {
  await db.transaction(async (tx) => {
    const template = await visibleTemplate(tx, session, body.idModelo);
    mayChange(session, template.escopo);
    const moves = body.novaCategoria || (body.idCategoria !== null && body.idCategoria !== undefined);
    const category = moves
      ? await categoryFor(tx, template.escopo, session, {
          novaCategoria: body.novaCategoria ?? false,
          nomeCategoria: body.nomeCategoria,
          idCategoria: body.idCategoria,
        })
      : null;
    await tx
      .update(modelosMensagem)
      .set({
        titulo: body.tituloMensagem,
        mensagem: body.mensagem,
        atualizadoEm: new Date(),
        ...(category ? { idCategoria: category.id } : {}),
      })
      .where(eq(modelosMensagem.id, template.id));
  });
}

/** POST whatsapp/deletarModelo (204). The category stays, for the next template. */
export async function deleteQuickMessage(db: Db, session: Session, idModelo: number): Promise<void> {
  await db.transaction(async (tx) => {
    const template = await visibleTemplate(tx, session, idModelo);
    mayChange(session, template.escopo);
    await tx.delete(modelosMensagem).where(eq(modelosMensagem.id, template.id));
  });
}

/**
 * A quick message every user of the unit sees: the company's or the unit's own (not one attendant's).
 * For an automation's step (issue 25): null when it is not the unit's.
 */
export async function unitQuickMessage(
  db: Db,
  idEmpresa: number,
  idUnidade: number,
  idModelo: number,
): Promise<{ id: number; titulo: string; mensagem: string } | null> {
  const owner = { userId: 0, empresaId: idEmpresa, unidadeId: idUnidade };
  for (const scope of ['empresa', 'unidade'] as const) {
    const [row] = await db
      .select({ id: modelosMensagem.id, titulo: modelosMensagem.titulo, mensagem: modelosMensagem.mensagem })
      .from(modelosMensagem)
      .where(and(eq(modelosMensagem.id, idModelo), levelWhere(modelosMensagem, scope, owner)));
    if (row) return row;
  }
  return null;
}
