// Login, session verification and logout (000 §4, §7, §8).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import { LOGIN_MESSAGES, REMEMBERED_SESSION_SECONDS, BROWSER_SESSION_SECONDS, type CurrentUser, type LoginBody } from '@funil/domain/auth/login';
import { PERMISSION_NAME, isPermission, type Permission } from '@funil/domain/access/roles';
import type { AccessContext } from '@funil/domain/access/routes';
import { parseConfiguracoesExtra } from '@funil/domain/unit/unit-data';
import { queryRows, type Db } from '../../db/connection.ts';
import { sessoes } from './sessions.table.ts';
import { usuarios } from '../users/users.table.ts';
import { empresas, unidades } from '../tenancy/tenancy.table.ts';
import { DomainError } from '../../http/domain-error.ts';
import { ADDRESS_POLICY, EMAIL_POLICY, PAIR_POLICY, addressKey, emailKey, pairKey, type LoginThrottle } from './login-throttle.ts';

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
};

/** intervalo_dias_crm of a unit without settings. */
export const DEFAULT_CRM_INTERVAL_DAYS = 62;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2 });
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

// A hash of a password nobody has, verified when the email is unknown, so both paths cost the same.
let dummyHash: Promise<string> | undefined;

export async function login(db: Db, throttle: LoginThrottle, body: LoginBody, ip: string) {
  const email = body.email.toLowerCase();
  // issue 7 §5: a refusal keys on the caller's address, so failures elsewhere never lock the owner
  // out; failures on the email from any address only slow its answers down.
  const waits = Math.max(throttle.retryAfter(pairKey(email, ip), PAIR_POLICY), throttle.retryAfter(addressKey(ip), ADDRESS_POLICY));
  if (waits > 0) throw new DomainError('too_many', LOGIN_MESSAGES.tooMany, { retryAfterSeconds: waits });
  const slowdown = throttle.delayMs(emailKey(email), EMAIL_POLICY);
  if (slowdown > 0) await throttle.sleep(slowdown);

  const [row] = await db
    .select({ user: usuarios, empresaAtiva: empresas.ativo, unidadeAtiva: unidades.ativo })
    .from(usuarios)
    .innerJoin(unidades, eq(unidades.id, usuarios.idUnidade))
    .innerJoin(empresas, eq(empresas.id, usuarios.idEmpresa))
    .where(eq(sql`lower(${usuarios.email})`, email))
    .limit(1);

  const ok = row ? await verify(row.user.senhaHash, body.senha) : await verify(await (dummyHash ??= hashPassword(randomBytes(16).toString('hex'))), body.senha);
  const usable = row && ok && row.user.ativo === 1 && row.empresaAtiva === 1 && row.unidadeAtiva === 1 && isPermission(row.user.permissao);
  if (!usable || !row) {
    throttle.fail(pairKey(email, ip), PAIR_POLICY);
    throttle.fail(addressKey(ip), ADDRESS_POLICY);
    throttle.fail(emailKey(email), EMAIL_POLICY);
    throw new DomainError('unauthorized', LOGIN_MESSAGES.invalid);
  }
  throttle.reset(pairKey(email, ip));
  throttle.reset(emailKey(email));

  const user = row.user;
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

// The session check of every request (000 §4), written once as SQL text: the session, its user,
// unit and unit settings by the token's hash. Whether the user changed since login (dataAtualizacao,
// dataDeslogar) is compared in SQL, on the stored values. Nothing is cached between requests, so a
// revoked, expired or outdated session is refused at its next call.
const SESSION_SQL = `select s.id, s.id_empresa as "empresaId", s.id_unidade as "unidadeId", s.revogada_em as "revogadaEm", s.expira_em as "expiraEm",
  (u.data_atualizacao is distinct from s.user_data_atualizacao or u.data_deslogar is distinct from s.user_data_deslogar) as "userChanged",
  u.id as "userId", u.ativo, u.id_unidade as "userUnidade", u.permissao, u.nome, u.acesso_atribuidos as "acessoAtribuidos", u.configuracoes,
  u.id_ramal as "idRamal", u.habilita_mensagem_whatsapp as "habilitaMensagemWhatsapp", un.ativo as "unidadeAtiva",
  c.configuracoes_extra as extras, c.evolution_habilitado as evolution, c.intervalo_dias_crm as "intervaloDiasCrm",
  (select count(*)::int from instancias_evolution i where i.id_unidade = s.id_unidade) as instances
from sessoes s
  join usuarios u on u.id = s.id_usuario
  join unidades un on un.id = s.id_unidade
  left join unidade_configuracoes c on c.id_unidade = s.id_unidade
where s.token_hash = $1
limit 1`;

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

/** Resolves a bearer token to its session, or throws 401. Ends sessions whose user changed (000 §4). */
export async function verifySession(db: Db, token: string): Promise<Session> {
  if (!token || token.length > 200) throw new DomainError('unauthorized');
  const [row] = await queryRows<SessionRow>(db, SESSION_SQL, [sha256(token)]);
  if (!row || row.revogadaEm || new Date(row.expiraEm).getTime() <= Date.now()) throw new DomainError('unauthorized');

  const stale = row.ativo !== 1 || row.unidadeAtiva !== 1 || row.userUnidade !== row.unidadeId || row.userChanged || !isPermission(row.permissao);
  if (stale) {
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
  };
}

export async function logout(db: Db, sessionId: number): Promise<void> {
  await db.update(sessoes).set({ revogadaEm: new Date() }).where(and(eq(sessoes.id, sessionId)));
}
