// Users administration (002 §2.10 'Usuários', §4, §5, §6; issue 10): an admin manages only the users
// of the units they may manage, and nobody gives a permission above their own. Every write is
// audited in its transaction. Changes that end a user's sessions revoke them here; the caller ends
// their sockets after the commit.
import type { Permission } from '@funil/domain/access/roles';
import { PASSWORD_MESSAGES, type PasswordChange } from '@funil/domain/admin-api/password';
import {
  canAssignPermission,
  USER_MESSAGES,
  type UserActive,
  type UserCreate,
  type UserUpdate,
} from '@funil/domain/admin-api/users';
import { ERROR_CODES } from '@funil/domain/http/errors';
import { parseConfiguracoesUsuario } from '@funil/domain/unit/unit-data';

import type { DbOrTx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import { recordAudit, type AuditAuthor } from '../audit/audit.service.ts';
import {
  hashPassword,
  revokeSessionsOf,
  takenEmailRefused,
  takenEmailWait,
  verifyPasswordThrottled,
  type LoginThrottle,
} from '../auth/auth.service.ts';
import { unitInScope, type Actor } from '../tenancy/admin-scope.service.ts';
import { emailTaken, insertUser, updateUserRow, userById, type UserRow } from './users.service.ts';

/** The fields the audit trail keeps of a user (never the password hash). */
const audited = (u: UserRow) => ({
  nome: u.nome,
  email: u.email,
  idUnidade: u.idUnidade,
  permissao: u.permissao,
  ativo: u.ativo,
  acesso_atribuidos: u.acessoAtribuidos,
  configuracoes: u.configuracoes,
  idRamal: u.idRamal,
  habilita_mensagem_whatsapp: u.habilitaMensagemWhatsapp,
  cor: u.cor,
});

/** A new user's row, whoever creates it (admin screen, setup, company creation, demo seed). */
export type NewUser = {
  idEmpresa: number;
  idUnidade: number;
  nome: string;
  email: string;
  senha: string;
  permissao: Permission;
  ativo?: 1 | -1;
  acessoAtribuidos?: 0 | 1;
  excluirLeads?: 0 | 1;
  idRamal?: number;
  habilitaMensagemWhatsapp?: 0 | 1;
  cor?: string | undefined;
};

/** Inserts a user and its audit record, with no role check: for callers that made theirs. */
export async function insertUserAudited(db: DbOrTx, author: AuditAuthor, input: NewUser): Promise<UserRow> {
  if (await emailTaken(db, input.email))
    throw new DomainError('conflict', USER_MESSAGES.emailTaken, { fields: { email: USER_MESSAGES.emailTaken } });
  const senhaHash = await hashPassword(input.senha);
  return db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      idEmpresa: input.idEmpresa,
      idUnidade: input.idUnidade,
      nome: input.nome,
      email: input.email.toLowerCase(),
      senhaHash,
      permissao: input.permissao,
      ativo: input.ativo ?? 1,
      acessoAtribuidos: input.acessoAtribuidos ?? 0,
      configuracoes: JSON.stringify({ excluir_leads: input.excluirLeads === 1, notificacoes: true }),
      idRamal: input.idRamal ?? 0,
      habilitaMensagemWhatsapp: input.habilitaMensagemWhatsapp ?? 0,
      ...(input.cor ? { cor: input.cor } : {}),
    });
    await recordAudit(tx, {
      session: author,
      entity: 'usuario',
      entityId: user.id,
      action: 'create',
      after: audited(user),
      scope: { idEmpresa: user.idEmpresa, idUnidade: user.idUnidade },
    });
    return user;
  });
}

function checkLevel(actor: Actor, permissao: string): asserts permissao is Permission {
  if (!canAssignPermission(actor.permission, permissao))
    throw new DomainError('forbidden', USER_MESSAGES.aboveOwnLevel, { fields: { permissao: USER_MESSAGES.aboveOwnLevel } });
}

/**
 * The users screen's e-mail check (issue 21 item 7). E-mails are global, so a taken one is refused
 * whatever company holds it, with the same answer as one of the admin's own (no company, no user);
 * each refusal counts against the admin, and past the login's pair limits every new e-mail waits
 * (429), so the screen is no oracle to sweep a list of e-mails with. The super-admin, who lists
 * every company's users, is not counted.
 */
async function checkEmailFree(
  db: DbOrTx,
  throttle: LoginThrottle,
  actor: Actor,
  email: string,
  exceptId?: number,
): Promise<void> {
  const counted = actor.permission !== 'sa';
  const waits = counted ? await takenEmailWait(throttle, actor.userId) : 0;
  if (waits > 0) throw new DomainError('too_many', USER_MESSAGES.tooManyTaken, { retryAfterSeconds: waits });
  if (!(await emailTaken(db, email, exceptId))) return;
  if (counted) await takenEmailRefused(throttle, actor.userId);
  throw new DomainError('conflict', USER_MESSAGES.emailTaken, { fields: { email: USER_MESSAGES.emailTaken } });
}

async function targetInScope(db: DbOrTx, actor: Actor, id: number): Promise<UserRow> {
  const user = await userById(db, id);
  // Another company's user answers like a missing one.
  if (!user || (actor.permission !== 'sa' && user.idEmpresa !== actor.empresaId))
    throw new DomainError('not_found', 'Usuário não encontrado.');
  await unitInScope(db, actor, user.idUnidade, USER_MESSAGES.otherUnit);
  if (!canAssignPermission(actor.permission, user.permissao)) throw new DomainError('forbidden', USER_MESSAGES.higherUser);
  return user;
}

/** POST cadastros/usuarios. */
export async function createUser(db: DbOrTx, throttle: LoginThrottle, actor: Actor, input: UserCreate): Promise<UserRow> {
  checkLevel(actor, input.permissao);
  const unit = await unitInScope(db, actor, input.idUnidade, USER_MESSAGES.otherUnit);
  if (unit.ativo !== 1)
    throw new DomainError('invalid', USER_MESSAGES.unitInactive, { fields: { idUnidade: USER_MESSAGES.unitInactive } });
  await checkEmailFree(db, throttle, actor, input.email);
  return insertUserAudited(db, actor, {
    idEmpresa: unit.idEmpresa,
    idUnidade: unit.id,
    nome: input.nome,
    email: input.email,
    senha: input.senha,
    permissao: input.permissao,
    ativo: input.ativo,
    acessoAtribuidos: input.acesso_atribuidos,
    excluirLeads: input.excluir_leads,
    idRamal: input.idRamal,
    habilitaMensagemWhatsapp: input.habilita_mensagem_whatsapp,
    cor: input.cor,
  });
}

/**
 * PUT cadastros/usuarios. Editing another user moves their dataAtualizacao, which logs them out
 * (000 §4) so their menus follow the change; `endSockets` tells the caller to end their sockets.
 * Editing oneself keeps one's sessions, and may not change one's own permission or activity.
 */
export async function updateUser(
  db: DbOrTx,
  throttle: LoginThrottle,
  actor: Actor,
  input: UserUpdate,
): Promise<{ user: UserRow; endSockets: boolean }> {
  const before = await targetInScope(db, actor, input.id);
  checkLevel(actor, input.permissao);
  const self = before.id === actor.userId;
  if (self && input.permissao !== before.permissao) throw new DomainError('forbidden', USER_MESSAGES.ownPermission);
  if (self && input.ativo !== 1) throw new DomainError('forbidden', USER_MESSAGES.ownDeactivation);
  const unit =
    input.idUnidade === before.idUnidade ? null : await unitInScope(db, actor, input.idUnidade, USER_MESSAGES.otherUnit);
  if (unit && unit.ativo !== 1)
    throw new DomainError('invalid', USER_MESSAGES.unitInactive, { fields: { idUnidade: USER_MESSAGES.unitInactive } });
  if (self && unit) throw new DomainError('forbidden', USER_MESSAGES.ownPermission);
  if (input.email.toLowerCase() !== before.email.toLowerCase()) await checkEmailFree(db, throttle, actor, input.email, before.id);
  const senhaHash = input.senha ? await hashPassword(input.senha) : undefined;
  const configuracoes = JSON.stringify({
    ...parseConfiguracoesUsuario(before.configuracoes),
    excluir_leads: input.excluir_leads === 1,
  });
  return db.transaction(async (tx) => {
    const user = await updateUserRow(
      tx,
      before.id,
      {
        nome: input.nome,
        email: input.email,
        permissao: input.permissao,
        ativo: input.ativo,
        acessoAtribuidos: input.acesso_atribuidos,
        configuracoes,
        ...(unit ? { idUnidade: unit.id, idEmpresa: unit.idEmpresa } : {}),
        ...(input.idRamal !== undefined ? { idRamal: input.idRamal } : {}),
        ...(input.habilita_mensagem_whatsapp !== undefined ? { habilitaMensagemWhatsapp: input.habilita_mensagem_whatsapp } : {}),
        ...(input.cor ? { cor: input.cor } : {}),
        ...(senhaHash ? { senhaHash } : {}),
      },
      { keepSessions: self },
    );
    if (!self) await revokeSessionsOf(tx, { userId: user.id });
    await recordAudit(tx, {
      session: actor,
      entity: 'usuario',
      entityId: user.id,
      action: 'update',
      before: { ...audited(before), senha: before.senhaHash },
      after: { ...audited(user), senha: user.senhaHash },
      scope: { idEmpresa: user.idEmpresa, idUnidade: user.idUnidade },
    });
    return { user, endSockets: !self };
  });
}

/** The table's activate/deactivate action (002 §4): toggles 1/-1; deactivation logs the user out at once. */
export async function setUserActive(
  db: DbOrTx,
  actor: Actor,
  input: UserActive,
): Promise<{ user: UserRow; endSockets: boolean }> {
  const before = await targetInScope(db, actor, input.id);
  if (before.id === actor.userId && input.ativo !== 1) throw new DomainError('forbidden', USER_MESSAGES.ownDeactivation);
  return db.transaction(async (tx) => {
    const user = await updateUserRow(tx, before.id, { ativo: input.ativo });
    const endSockets = input.ativo !== 1;
    if (endSockets) await revokeSessionsOf(tx, { userId: user.id });
    await recordAudit(tx, {
      session: actor,
      entity: 'usuario',
      entityId: user.id,
      action: 'update',
      before: audited(before),
      after: audited(user),
      scope: { idEmpresa: user.idEmpresa, idUnidade: user.idUnidade },
    });
    return { user, endSockets };
  });
}

/**
 * PUT usuario/senha: the user changes their own password. The current session stays; the user's
 * other sessions end (their ids are returned so the caller ends those sockets). Wrong current
 * passwords count against the login's limits for the user's email and the caller's address
 * (issue 21 item 4): a stolen session cannot guess the password without limit.
 */
export async function changeOwnPassword(
  db: DbOrTx,
  throttle: LoginThrottle,
  actor: Actor,
  body: PasswordChange,
  ip: string,
): Promise<number[]> {
  const user = await userById(db, actor.userId);
  if (!user) throw new DomainError('unauthorized');
  if (!(await verifyPasswordThrottled(throttle, user, body.senhaAtual, ip, PASSWORD_MESSAGES.tooMany)))
    throw new DomainError('invalid', PASSWORD_MESSAGES.wrongCurrent, {
      fields: { senhaAtual: PASSWORD_MESSAGES.wrongCurrent },
      errorCode: ERROR_CODES.wrongCurrentPassword,
    });
  const senhaHash = await hashPassword(body.novaSenha);
  return db.transaction(async (tx) => {
    await updateUserRow(tx, user.id, { senhaHash }, { keepSessions: true });
    const ended = await revokeSessionsOf(tx, { userId: user.id, exceptSessionId: actor.sessionId });
    await recordAudit(tx, {
      session: actor,
      entity: 'usuario',
      entityId: user.id,
      action: 'update',
      before: { senha: user.senhaHash },
      after: { senha: senhaHash },
      scope: { idEmpresa: user.idEmpresa, idUnidade: user.idUnidade },
    });
    return ended;
  });
}
