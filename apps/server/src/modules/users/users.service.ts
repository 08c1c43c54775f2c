// The users module's door (issue 7 §1): other modules read users only through these functions.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type { Db, DbOrTx } from '../../db/handle.ts';
import { usuarios } from './users.table.ts';

export type UserRow = typeof usuarios.$inferSelect;

/** An active user of the unit (assignment target, 001 §4), or null. */
export async function activeUserOfUnit(
  db: DbOrTx,
  idUnidade: number,
  userId: number,
): Promise<{ id: number; nome: string } | null> {
  const [row] = await db
    .select({ id: usuarios.id, nome: usuarios.nome })
    .from(usuarios)
    .where(and(eq(usuarios.id, userId), eq(usuarios.idUnidade, idUnidade), eq(usuarios.ativo, 1)));
  return row ?? null;
}

/** A user's name, or null when there is no such user. */
export async function userName(db: DbOrTx, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await db.select({ nome: usuarios.nome }).from(usuarios).where(eq(usuarios.id, userId));
  return row?.nome ?? null;
}

/** A user by id, every column (the caller picks what it may show), or null. */
export async function userById(db: DbOrTx, userId: number): Promise<UserRow | null> {
  const [row] = await db.select().from(usuarios).where(eq(usuarios.id, userId));
  return row ?? null;
}

/** A user by email, case-insensitive (login, 000 §4), or null. */
export async function userByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(usuarios)
    .where(eq(sql`lower(${usuarios.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** The active users of a unit by name (000 §3 unit data `usuarios`, 000 §7 usuarios-sem-permissao). */
export async function activeUsersOfUnit(db: DbOrTx, idUnidade: number): Promise<{ id: number; nome: string; cor: string }[]> {
  return db
    .select({ id: usuarios.id, nome: usuarios.nome, cor: usuarios.cor })
    .from(usuarios)
    .where(and(eq(usuarios.idUnidade, idUnidade), eq(usuarios.ativo, 1)))
    .orderBy(asc(usuarios.nome));
}

/** The users of a company, or of one of its units, by name (002 §2.10 users table). */
export async function usersOfCompany(db: DbOrTx, idEmpresa: number, idUnidade?: number): Promise<UserRow[]> {
  return db
    .select()
    .from(usuarios)
    .where(
      idUnidade === undefined
        ? eq(usuarios.idEmpresa, idEmpresa)
        : and(eq(usuarios.idEmpresa, idEmpresa), eq(usuarios.idUnidade, idUnidade)),
    )
    .orderBy(asc(usuarios.nome));
}

// SQL fragments for statements of other modules that must stay one round trip (the session
// check of every request, the lead list page). The table's SQL stays in this module; `idSql` is
// a column reference written by the caller's code, never request input.

/** A scalar subquery: the name of the user whose id is `idSql`. */
export const userNameSql = (idSql: string): string => `(select u.nome from usuarios u where u.id = ${idSql})`;

/** The columns the session check reads of its user (000 §4), as a subquery for a lateral join on `idSql`. */
export const sessionUserSql = (idSql: string): string =>
  `select u.id as "userId", u.ativo, u.id_unidade as "userUnidade", u.permissao, u.nome, u.acesso_atribuidos as
    "acessoAtribuidos", u.configuracoes,
  u.id_ramal as "idRamal", u.habilita_mensagem_whatsapp as "habilitaMensagemWhatsapp", u.data_atualizacao as
    "userDataAtualizacao", u.data_deslogar as "userDataDeslogar"
  from usuarios u where u.id = ${idSql}`;

/** The names of these users by id (any unit: a message keeps its sender after a transfer). */
export async function userNamesById(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: usuarios.id, nome: usuarios.nome }).from(usuarios).where(inArray(usuarios.id, unique));
  return new Map(rows.map((r) => [r.id, r.nome]));
}

// Administration writes (issue 10); the rules (levels, scope, audit) live in users-admin.service.ts.

/** Whether any user exists (the first-run setup is offered only while none does). */
export async function anyUserExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: usuarios.id }).from(usuarios).limit(1);
  return row !== undefined;
}

/** Whether another user (not `exceptId`) has this email, case-insensitive. */
export async function emailTaken(db: DbOrTx, email: string, exceptId?: number): Promise<boolean> {
  const found = await userByEmail(db, email);
  return found !== null && found.id !== exceptId;
}

export type UserInsert = typeof usuarios.$inferInsert;

export async function insertUser(db: DbOrTx, values: UserInsert): Promise<UserRow> {
  const [row] = await db.insert(usuarios).values(values).returning();
  return row!;
}

/** Updates a user; `dataAtualizacao` moves unless `keepSessions`, which ends their sessions (000 §4). */
export async function updateUserRow(
  db: DbOrTx,
  userId: number,
  values: Partial<UserInsert>,
  options: { keepSessions?: boolean } = {},
): Promise<UserRow> {
  const [row] = await db
    .update(usuarios)
    .set(options.keepSessions ? values : { ...values, dataAtualizacao: new Date() })
    .where(eq(usuarios.id, userId))
    .returning();
  return row!;
}

/** How many users each company has (the companies table). */
export async function userCountsByCompany(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db
    .select({ idEmpresa: usuarios.idEmpresa, n: sql<number>`count(*)::int` })
    .from(usuarios)
    .groupBy(usuarios.idEmpresa);
  return new Map(rows.map((r) => [r.idEmpresa, Number(r.n)]));
}

/**
 * PUT cadastros/configuracoes-notificacoes: the user's own notifications switch, merged into its
 * configuracoes JSON (the other keys kept). Sessions stay: it is the user's own preference.
 */
export async function setOwnNotifications(db: Db, userId: number, notificacoes: boolean): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ configuracoes: usuarios.configuracoes })
      .from(usuarios)
      .where(eq(usuarios.id, userId))
      .for('update');
    let current: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(row?.configuracoes || '{}');
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) current = parsed as Record<string, unknown>;
    } catch {
      current = {};
    }
    const configuracoes = JSON.stringify({ ...current, notificacoes });
    await tx.update(usuarios).set({ configuracoes }).where(eq(usuarios.id, userId));
    return configuracoes;
  });
}

/** The names of the company's active users of these roles (who may start the Meta connection, issue 24). */
export async function activeUserNamesWithRoles(db: DbOrTx, idEmpresa: number, roles: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ nome: usuarios.nome })
    .from(usuarios)
    .where(and(eq(usuarios.idEmpresa, idEmpresa), eq(usuarios.ativo, 1), inArray(usuarios.permissao, [...roles])))
    .orderBy(asc(usuarios.nome));
  return rows.map((r) => r.nome);
}
