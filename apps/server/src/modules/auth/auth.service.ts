// Login, session verification and logout (000 §4, §7, §8).
import { createHash, randomBytes } from 'node:crypto';

import { hash, verify } from '@node-rs/argon2';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';

import { isPermission, PERMISSION_NAME, type Permission } from '@funil/domain/access/roles';
import type { AccessContext } from '@funil/domain/access/routes';
import {
  BROWSER_SESSION_SECONDS,
  LOGIN_MESSAGES,
  REMEMBERED_SESSION_SECONDS,
  type CurrentUser,
  type LoginBody,
} from '@funil/domain/auth/login';
import { parseConfiguracoesExtra } from '@funil/domain/unit/unit-data';

import { queryPrepared, queryRows, type Db, type DbOrTx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import { DEFAULT_CRM_INTERVAL_DAYS, sessionUnitSql, unitAndCompanyActive } from '../tenancy/tenancy.service.ts';
import { sessionUserSql, userByEmail } from '../users/users.service.ts';
import { unitInstanceCountSql } from '../whatsapp/instances/unit-instances.service.ts';
import {
  ADDRESS_POLICY,
  addressKey,
  EMAIL_POLICY,
  emailKey,
  PAIR_POLICY,
  pairKey,
  type LoginThrottle,
} from './login-throttle.ts';
import { SessionCache } from './session-cache.ts';
import { sessoes } from './sessions.table.ts';

export type { LoginThrottle };

/** What every authenticated request knows about its caller. */
export type Session = {
  sessionId: number;
  userId: number;
  empresaId: number;
  unidadeId: number;
  permission: Permission;
  nome: string;
  acessoAtribuidos: boolean;
  configuracoes: string;
  /** The unit's intervalo_dias_crm (002 §2.1), read with the session: the contato/crm window. */
  crmIntervalDays: number;
  access: AccessContext;
  /** When the session ends by itself (000 §4: 12 hours, or the remembered lifetime). */
  expiresAt: Date;
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2 });
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

// A hash of a password nobody has, verified when the email is unknown, so both paths cost the same.
let dummyHash: Promise<string> | undefined;

export async function login(db: Db, throttle: LoginThrottle, body: LoginBody, ip: string) {
  const email = body.email.toLowerCase();
  // issue 7 §5: a refusal keys on the caller's address, so failures elsewhere never lock the owner
  // out; failures on the email from any address only slow its answers down. With several server
  // processes the counts are read from the shared store first (issue 21 item 22).
  await throttle.refresh([pairKey(email, ip), addressKey(ip), emailKey(email)]);
  const waits = Math.max(
    throttle.retryAfter(pairKey(email, ip), PAIR_POLICY),
    throttle.retryAfter(addressKey(ip), ADDRESS_POLICY),
  );
  if (waits > 0) throw new DomainError('too_many', LOGIN_MESSAGES.tooMany, { retryAfterSeconds: waits });
  const slowdown = throttle.delayMs(emailKey(email), EMAIL_POLICY);
  if (slowdown > 0) await throttle.sleep(slowdown);

  const found = await userByEmail(db, email);
  const unitActive = found ? await unitAndCompanyActive(db, { idUnidade: found.idUnidade, idEmpresa: found.idEmpresa }) : false;

  const ok = found
    ? await verify(found.senhaHash, body.senha)
    : await verify(await (dummyHash ??= hashPassword(randomBytes(16).toString('hex'))), body.senha);
  const usable = found && ok && found.ativo === 1 && unitActive && isPermission(found.permissao);
  if (!usable || !found) {
    throttle.fail(pairKey(email, ip), PAIR_POLICY);
    throttle.fail(addressKey(ip), ADDRESS_POLICY);
    throttle.fail(emailKey(email), EMAIL_POLICY);
    // Counted on every process before the answer leaves.
    await throttle.settled();
    throw new DomainError('unauthorized', LOGIN_MESSAGES.invalid);
  }
  throttle.reset(pairKey(email, ip));
  throttle.reset(emailKey(email));
  await throttle.settled();

  const user = found;
  const token = randomBytes(32).toString('base64url');
  const lifetime = body.lembrar ? REMEMBERED_SESSION_SECONDS : BROWSER_SESSION_SECONDS;
  await db.insert(sessoes).values({
    tokenHash: sha256(token),
    idUsuario: user.id,
    idEmpresa: user.idEmpresa,
    idUnidade: user.idUnidade,
    lembrar: body.lembrar,
    userDataAtualizacao: user.dataAtualizacao,
    userDataDeslogar: user.dataDeslogar,
    expiraEm: new Date(Date.now() + lifetime * 1000),
    ip: ip.slice(0, 64),
  });

  const permission = user.permissao as Permission;
  const currentUser: CurrentUser = {
    idUser: user.id,
    name: user.nome,
    permissao: permission,
    nomePermissao: PERMISSION_NAME[permission],
    webphone: user.webphone === 1,
    idUnidade: user.idUnidade,
    idEmpresa: user.idEmpresa,
    habilita_mensagem_whatsapp: user.habilitaMensagemWhatsapp === 1,
    idAtendente: user.id,
    dataAtualizacao: user.dataAtualizacao.toISOString(),
    dataDeslogar: user.dataDeslogar ? user.dataDeslogar.toISOString() : null,
  };
  return { token, expiresIn: lifetime, lembrar: body.lembrar, currentUser };
}

// The session check of every request (000 §4), written once as SQL text: the session (by the
// token's hash, or by id for the socket sweep) with its user, its unit and unit settings and the
// unit's instance count. The session is the auth module's table; the other parts are their
// modules' fragments (issue 7 §1), joined here so the check stays one statement
// (docs/performance.md). Whether the user changed since login (dataAtualizacao, dataDeslogar) is
// compared in SQL, on the stored values. A row may be kept between requests (session-cache.ts)
// only until one of these tables changes, so a revoked or outdated session is refused at its next
// call once the change is known (at once in the process that made it); expiry is checked on every call.
const SESSION_SELECT = `select s.id, s.id_empresa as "empresaId", s.id_unidade as "unidadeId", s.revogada_em as "revogadaEm",
  s.expira_em as "expiraEm",
  (u."userDataAtualizacao" is distinct from s.user_data_atualizacao or u."userDataDeslogar" is distinct from
    s.user_data_deslogar) as "userChanged",
  u."userId", u.ativo, u."userUnidade", u.permissao, u.nome, u."acessoAtribuidos", u.configuracoes, u."idRamal",
    u."habilitaMensagemWhatsapp",
  un."unidadeAtiva", un.extras, un.evolution, un."intervaloDiasCrm", ${unitInstanceCountSql('s.id_unidade')} as instances
from sessoes s
  join lateral (${sessionUserSql('s.id_usuario')}) u on true
  join lateral (${sessionUnitSql('s.id_unidade')}) un on true`;
const SESSION_SQL = `${SESSION_SELECT} where s.token_hash = $1 limit 1`;
const SESSIONS_BY_ID_SQL = `${SESSION_SELECT} where s.id = any($1::int[])`;

type SessionRow = {
  id: number;
  empresaId: number;
  unidadeId: number;
  revogadaEm: Date | null;
  expiraEm: Date;
  userChanged: boolean;
  userId: number;
  ativo: number;
  userUnidade: number;
  permissao: string;
  nome: string;
  acessoAtribuidos: number;
  configuracoes: string;
  idRamal: number;
  habilitaMensagemWhatsapp: number;
  unidadeAtiva: number;
  extras: string | null;
  evolution: boolean | null;
  intervaloDiasCrm: number | null;
  instances: number;
};

/**
 * Why a stored session no longer serves, or null while it does (000 §4): revoked (logout), past its
 * expiry, or stale (user or unit deactivated, user moved to another unit, dataAtualizacao or
 * dataDeslogar changed since login).
 */
function sessionEnd(row: SessionRow, now: number): 'revoked' | 'expired' | 'stale' | null {
  if (row.revogadaEm) return 'revoked';
  if (new Date(row.expiraEm).getTime() <= now) return 'expired';
  const stale =
    row.ativo !== 1 ||
    row.unidadeAtiva !== 1 ||
    row.userUnidade !== row.unidadeId ||
    row.userChanged ||
    !isPermission(row.permissao);
  return stale ? 'stale' : null;
}

/** Of these session ids, the ones that no longer serve (ended, or gone). */
export async function endedSessionIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<SessionRow>(db, SESSIONS_BY_ID_SQL, [[...new Set(ids)]]);
  const now = Date.now();
  const serving = new Set(rows.filter((r) => sessionEnd(r, now) === null).map((r) => r.id));
  return [...new Set(ids)].filter((id) => !serving.has(id));
}

/** The session rows a process keeps between requests (session-cache.ts). */
export type SessionRowCache = SessionCache<SessionRow>;

export function createSessionCache(): SessionRowCache {
  return new SessionCache<SessionRow>();
}

/**
 * Resolves a bearer token to its session, or throws 401. Ends sessions whose user changed (000 §4).
 * With `cache`, a row checked since the last change of its tables is taken from memory; whether it
 * still serves (expiry included) is decided on every call.
 */
export async function verifySession(db: Db, token: string, cache?: SessionRowCache): Promise<Session> {
  if (!token || token.length > 200) throw new DomainError('unauthorized');
  const key = sha256(token);
  let row = cache?.get(key);
  if (!row) {
    const mark = cache?.mark() ?? 0;
    // Prepared once per connection: the same text on every request, a lookup by the token's hash.
    [row] = await queryPrepared<SessionRow>(db, SESSION_SQL, [key]);
    if (row && cache && sessionEnd(row, Date.now()) === null) cache.keep(key, row, mark);
  }
  const end = row ? sessionEnd(row, Date.now()) : 'revoked';
  if (!row || end === 'revoked' || end === 'expired') throw new DomainError('unauthorized');
  if (end === 'stale') {
    await db.update(sessoes).set({ revogadaEm: new Date() }).where(eq(sessoes.id, row.id));
    throw new DomainError('unauthorized');
  }
  const permission = row.permissao as Permission;
  return {
    sessionId: row.id,
    userId: row.userId,
    empresaId: row.empresaId,
    unidadeId: row.unidadeId,
    permission,
    nome: row.nome,
    acessoAtribuidos: row.acessoAtribuidos === 1,
    configuracoes: row.configuracoes,
    crmIntervalDays: row.intervaloDiasCrm ?? DEFAULT_CRM_INTERVAL_DAYS,
    access: {
      permission,
      idRamal: row.idRamal,
      habilitaMensagemWhatsapp: row.habilitaMensagemWhatsapp === 1,
      extras: parseConfiguracoesExtra(row.extras),
      evolutionHabilitado: row.evolution === true,
      gatewayInstances: Number(row.instances),
    },
    expiresAt: new Date(row.expiraEm),
  };
}

export async function logout(db: Db, sessionId: number): Promise<void> {
  await db
    .update(sessoes)
    .set({ revogadaEm: new Date() })
    .where(and(eq(sessoes.id, sessionId)));
}

/**
 * Revokes the open sessions of a user (all but `exceptSessionId`), or of every user of some units
 * (issue 10: deactivation logs out at once). Returns the revoked session ids, so the caller can
 * end their sockets once the change is committed.
 */
export async function revokeSessionsOf(
  db: DbOrTx,
  target: { userId: number; exceptSessionId?: number } | { unitIds: readonly number[] },
): Promise<number[]> {
  const open = isNull(sessoes.revogadaEm);
  const where =
    'userId' in target
      ? and(
          open,
          eq(sessoes.idUsuario, target.userId),
          target.exceptSessionId === undefined ? undefined : ne(sessoes.id, target.exceptSessionId),
        )
      : target.unitIds.length === 0
        ? undefined
        : and(open, inArray(sessoes.idUnidade, [...target.unitIds]));
  if (!where) return [];
  const rows = await db.update(sessoes).set({ revogadaEm: new Date() }).where(where).returning({ id: sessoes.id });
  return rows.map((r) => r.id);
}

// issue 21 item 7: e-mails are global (one login per e-mail), so refusing a taken one tells an admin
// that an account exists somewhere. The refusals an admin meets are counted with the login's pair
// limits (5 free in 15 minutes, then 30 s doubling), so nobody sweeps a list of e-mails through the
// users screen.
const takenEmailKey = (userId: number) => `email-cadastrado:${userId}`;

/** Seconds the admin must wait before trying another e-mail on the users screen; 0 when free. */
export async function takenEmailWait(throttle: LoginThrottle, userId: number): Promise<number> {
  await throttle.refresh([takenEmailKey(userId)]);
  return throttle.retryAfter(takenEmailKey(userId), PAIR_POLICY);
}

/** Counts a taken e-mail refused to this admin. */
export async function takenEmailRefused(throttle: LoginThrottle, userId: number): Promise<void> {
  throttle.fail(takenEmailKey(userId), PAIR_POLICY);
  await throttle.settled();
}

/**
 * Whether `password` is the user's own, for a guess made outside the login (PUT usuario/senha's
 * current password, issue 21 item 4): the login's limits apply to the same keys (the user's email
 * from this address, and this address), so a session gets no more guesses than the login form;
 * past them it answers 429 with `tooManyMessage` before checking, right password or not.
 */
export async function verifyPasswordThrottled(
  throttle: LoginThrottle,
  user: { email: string; senhaHash: string },
  password: string,
  ip: string,
  tooManyMessage: string,
): Promise<boolean> {
  const email = user.email.toLowerCase();
  // The login's shared counts (issue 21 item 22): read first, written before the answer leaves.
  await throttle.refresh([pairKey(email, ip), addressKey(ip), emailKey(email)]);
  const waits = Math.max(
    throttle.retryAfter(pairKey(email, ip), PAIR_POLICY),
    throttle.retryAfter(addressKey(ip), ADDRESS_POLICY),
  );
  if (waits > 0) throw new DomainError('too_many', tooManyMessage, { retryAfterSeconds: waits });
  const slowdown = throttle.delayMs(emailKey(email), EMAIL_POLICY);
  if (slowdown > 0) await throttle.sleep(slowdown);
  if (!(await verify(user.senhaHash, password))) {
    throttle.fail(pairKey(email, ip), PAIR_POLICY);
    throttle.fail(addressKey(ip), ADDRESS_POLICY);
    throttle.fail(emailKey(email), EMAIL_POLICY);
    await throttle.settled();
    return false;
  }
  throttle.reset(pairKey(email, ip));
  throttle.reset(emailKey(email));
  await throttle.settled();
  return true;
}
