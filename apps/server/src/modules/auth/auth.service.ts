// Login, session verification and logout (000 §4, §7, §8).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import { LOGIN_MESSAGES, REMEMBERED_SESSION_SECONDS, BROWSER_SESSION_SECONDS, type CurrentUser, type LoginBody } from '@funil/domain/auth/login';
import { PERMISSION_NAME, isPermission, type Permission } from '@funil/domain/access/roles';
import type { AccessContext } from '@funil/domain/access/routes';
import { parseConfiguracoesExtra } from '@funil/domain/unit/unit-data';
import type { Db } from '../../db/connection.ts';
import { sessoes } from './sessions.table.ts';
import { usuarios } from '../users/users.table.ts';
import { empresas, unidades, unidadeConfiguracoes } from '../tenancy/tenancy.table.ts';
import { instanciasEvolution } from '../whatsapp/instances.table.ts';
import { DomainError } from '../../http/domain-error.ts';
import { ADDRESS_POLICY, EMAIL_POLICY, type LoginThrottle } from './login-throttle.ts';

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
  access: AccessContext;
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2 });
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

// A hash of a password nobody has, verified when the email is unknown, so both paths cost the same.
let dummyHash: Promise<string> | undefined;

export async function login(db: Db, throttle: LoginThrottle, body: LoginBody, ip: string) {
  const email = body.email.toLowerCase();
  const waits = Math.max(throttle.retryAfter(`email:${email}`, EMAIL_POLICY), throttle.retryAfter(`ip:${ip}`, ADDRESS_POLICY));
  if (waits > 0) throw new DomainError('too_many', LOGIN_MESSAGES.tooMany, { retryAfterSeconds: waits });

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
    throttle.fail(`email:${email}`, EMAIL_POLICY);
    throttle.fail(`ip:${ip}`, ADDRESS_POLICY);
    throw new DomainError('unauthorized', LOGIN_MESSAGES.invalid);
  }
  throttle.reset(`email:${email}`);

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

const sameInstant = (a: Date | null, b: Date | null) => (a === null || b === null ? a === b : a.getTime() === b.getTime());

/** Resolves a bearer token to its session, or throws 401. Ends sessions whose user changed (000 §4). */
export async function verifySession(db: Db, token: string): Promise<Session> {
  if (!token || token.length > 200) throw new DomainError('unauthorized');
  const [row] = await db
    .select({
      session: sessoes,
      user: usuarios,
      unidadeAtiva: unidades.ativo,
      extras: unidadeConfiguracoes.configuracoesExtra,
      evolution: unidadeConfiguracoes.evolutionHabilitado,
      instances: sql<number>`(select count(*)::int from ${instanciasEvolution} where ${instanciasEvolution.idUnidade} = ${sessoes.idUnidade})`,
    })
    .from(sessoes)
    .innerJoin(usuarios, eq(usuarios.id, sessoes.idUsuario))
    .innerJoin(unidades, eq(unidades.id, sessoes.idUnidade))
    .leftJoin(unidadeConfiguracoes, eq(unidadeConfiguracoes.idUnidade, sessoes.idUnidade))
    .where(eq(sessoes.tokenHash, sha256(token)))
    .limit(1);
  if (!row || row.session.revogadaEm || row.session.expiraEm.getTime() <= Date.now()) throw new DomainError('unauthorized');

  const { session, user } = row;
  const stale =
    user.ativo !== 1 ||
    row.unidadeAtiva !== 1 ||
    user.idUnidade !== session.idUnidade ||
    !sameInstant(user.dataAtualizacao, session.userDataAtualizacao) ||
    !sameInstant(user.dataDeslogar, session.userDataDeslogar) ||
    !isPermission(user.permissao);
  if (stale) {
    await db.update(sessoes).set({ revogadaEm: new Date() }).where(eq(sessoes.id, session.id));
    throw new DomainError('unauthorized');
  }
  const permission = user.permissao as Permission;
  return {
    sessionId: session.id,
    userId: user.id,
    empresaId: session.idEmpresa,
    unidadeId: session.idUnidade,
    permission,
    nome: user.nome,
    acessoAtribuidos: user.acessoAtribuidos === 1,
    configuracoes: user.configuracoes,
    access: {
      permission,
      idRamal: user.idRamal,
      habilitaMensagemWhatsapp: user.habilitaMensagemWhatsapp === 1,
      extras: parseConfiguracoesExtra(row.extras),
      evolutionHabilitado: row.evolution === true,
      gatewayInstances: Number(row.instances),
    },
  };
}

export async function logout(db: Db, sessionId: number): Promise<void> {
  await db.update(sessoes).set({ revogadaEm: new Date() }).where(and(eq(sessoes.id, sessionId)));
}
