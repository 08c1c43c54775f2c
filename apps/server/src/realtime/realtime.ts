// Socket.IO at /socket.io, rooms per company, unit, user and session; a socket without a valid
// session token is refused. With REDIS_URL, several server processes share events (and session
// ends) through the Redis adapter. What may be emitted is the contract of @funil/domain/realtime/events.
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';

import { HTTP_MESSAGES } from '@funil/domain/http/errors';
import { seesAssignedLeads } from '@funil/domain/leads/visibility';
import {
  parseRealtimePayload,
  realtimeAudienceOf,
  type LeadEventName,
  type RealtimePayloadIn,
  type UnitEventName,
} from '@funil/domain/realtime/events';
import { REALTIME_REFUSALS } from '@funil/domain/realtime/refusals';

import type { Db } from '../db/handle.ts';
import { verifySession, type Session } from '../modules/auth/auth.service.ts';

/**
 * Emits one event of the contract that carries nothing of a lead: a name it does not know, another
 * payload shape, or a lead's event (issue 21: those go through toUsersWhoSee) is a type error.
 */
export type Emit = <N extends UnitEventName>(room: number, event: N, payload: RealtimePayloadIn<N>) => void;

export type Realtime = {
  io: Server;
  /** Emits to every socket of one unit. */
  toUnit: Emit;
  /** Emits to every socket of one company (all its units). */
  toCompany: Emit;
  /**
   * Emits to the sockets of the lead's unit whose user may see the lead (001 §6, the rule of
   * @funil/domain/leads/visibility): users who see every lead, plus — for attendants without
   * acesso_atribuidos — everyone when it is unassigned, else its attendant only. Several
   * audiences (the lead before and after a transfer) reach each socket once.
   */
  toUsersWhoSee: <N extends LeadEventName>(
    lead: LeadAudience | readonly LeadAudience[],
    event: N,
    payload: RealtimePayloadIn<N>,
  ) => void;
  /**
   * Emits to the unit's sockets whose user may NOT see the lead: the lead-less counterpart of a
   * lead's event (a campaign's counter moved), so their screens still follow the unit.
   */
  toUnitExceptWhoSee: <N extends UnitEventName>(lead: LeadAudience, event: N, payload: RealtimePayloadIn<N>) => void;
  close(): Promise<void>;
};

export const unitRoom = (unitId: number) => `unit:${unitId}`;
export const companyRoom = (companyId: number) => `company:${companyId}`;
export const userRoom = (userId: number) => `user:${userId}`;
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;
/** The unit's sockets whose user sees every lead (seesAssignedLeads). */
export const unitAllLeadsRoom = (unitId: number) => `unit:${unitId}:todos-leads`;
/** The unit's sockets of attendants without acesso_atribuidos: they see unassigned leads and their own. */
export const unitOwnLeadsRoom = (unitId: number) => `unit:${unitId}:leads-proprios`;
/** One user's sockets in one unit. */
export const unitUserRoom = (unitId: number, userId: number) => `unit:${unitId}:user:${userId}`;

/**
 * Who may see a lead: its unit and its attendant (001 §3 idUsuario). `idUsuario: undefined` is a
 * lead whose attendant is not known (a row gone): only the users who see every lead of the unit.
 */
export type LeadAudience = { idUnidade: number; idUsuario: number | null | undefined };

/** The rooms whose sockets may see a lead (isLeadVisibleTo, as rooms). */
export function roomsWhoSee(lead: LeadAudience): string[] {
  const all = unitAllLeadsRoom(lead.idUnidade);
  if (lead.idUsuario === undefined) return [all];
  return [all, lead.idUsuario === null ? unitOwnLeadsRoom(lead.idUnidade) : unitUserRoom(lead.idUnidade, lead.idUsuario)];
}

export type RealtimeOptions = {
  redisUrl?: string | undefined;
  /** Prefix of the adapter's Redis channels (processes share events only with the same prefix). */
  redisKey?: string | undefined;
  /** Parse every payload against the contract before it leaves (tests and development); a wrong one throws. */
  checkPayloads?: boolean | undefined;
};

export async function attachRealtime(app: FastifyInstance, db: Db, options: RealtimeOptions): Promise<Realtime> {
  // WebSocket only (issue 21 item 22): with HTTP long-polling a socket's requests must all reach the
  // process that holds it (sticky sessions); a WebSocket is one connection, so N processes behind
  // one port (node:cluster, a proxy's round robin) need nothing more. The web app asks for it alone.
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    pingInterval: 18_000,
    maxHttpBufferSize: 1e6,
    transports: ['websocket'],
  });
  // Engine.IO answers a refused handshake (HTTP 400/403, or the text of a refused WebSocket upgrade)
  // with the message of its error code from one table of its Server class; its texts are English,
  // so the table holds the Portuguese ones (@funil/domain/realtime/refusals). One engine per process.
  const engineTexts = (io.engine.constructor as unknown as { errorMessages?: Record<number, string> }).errorMessages;
  if (!engineTexts) throw new Error('engine.io sem a tabela errorMessages: reveja REALTIME_REFUSALS');
  Object.assign(engineTexts, REALTIME_REFUSALS);
  let closeRedis: (() => Promise<void>) | undefined;
  if (options.redisUrl) {
    const { createClient } = await import('redis');
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    // A Redis hiccup must not crash the process; the clients reconnect by themselves.
    pub.on('error', (err: unknown) => app.log.warn({ err }, 'redis (pub)'));
    sub.on('error', (err: unknown) => app.log.warn({ err }, 'redis (sub)'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, options.redisKey ? { key: options.redisKey } : {}));
    closeRedis = async () => {
      await Promise.all([pub.quit(), sub.quit()]);
    };
  }

  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown };
    const query = socket.handshake.query as { token?: unknown };
    const token = typeof auth.token === 'string' ? auth.token : typeof query.token === 'string' ? query.token : '';
    verifySession(db, token)
      .then((session: Session) => {
        socket.data.session = session;
        next();
      })
      .catch(() => next(new Error(HTTP_MESSAGES.unauthorized)));
  });

  io.on('connection', (socket) => {
    const session = socket.data.session as Session;
    // The user and session rooms let a logout or a deactivation reach the socket on any process.
    const leadsRoom = seesAssignedLeads({
      userId: session.userId,
      permission: session.permission,
      acessoAtribuidos: session.acessoAtribuidos,
    })
      ? unitAllLeadsRoom(session.unidadeId)
      : unitOwnLeadsRoom(session.unidadeId);
    void socket.join([
      unitRoom(session.unidadeId),
      companyRoom(session.empresaId),
      userRoom(session.userId),
      sessionRoom(session.sessionId),
      leadsRoom,
      unitUserRoom(session.unidadeId, session.userId),
    ]);
    // 001 §7 "Main socket": 'ready' on connect.
    const ready: RealtimePayloadIn<'ready'> = { idUnidade: session.unidadeId };
    socket.emit('ready', ready);
  });

  const check = (event: string, payload: unknown) => {
    const result = parseRealtimePayload(event, payload);
    if (!result.ok) throw new Error(`evento em tempo real fora do contrato: ${result.reason}`);
  };
  const emitTo = (room: (id: number) => string): Emit => {
    return (id, event, payload) => {
      if (options.checkPayloads) check(event, payload);
      // Issue 21: a lead's event never goes unit-wide, whatever a cast let through the types.
      if (realtimeAudienceOf(event) !== 'unit') throw new Error(`evento de lead para a unidade inteira: ${event}`);
      io.to(room(id)).emit(event, payload);
    };
  };

  const toUsersWhoSee: Realtime['toUsersWhoSee'] = (lead, event, payload) => {
    if (options.checkPayloads) check(event, payload);
    const audiences: readonly LeadAudience[] = Array.isArray(lead) ? lead : [lead as LeadAudience];
    // One emit to several rooms reaches each socket once (on every process, through the adapter).
    io.to([...new Set(audiences.flatMap(roomsWhoSee))]).emit(event, payload);
  };
  const toUnitExceptWhoSee: Realtime['toUnitExceptWhoSee'] = (lead, event, payload) => {
    if (options.checkPayloads) check(event, payload);
    if (realtimeAudienceOf(event) !== 'unit') throw new Error(`evento de lead para quem não vê o lead: ${event}`);
    io.to(unitRoom(lead.idUnidade)).except(roomsWhoSee(lead)).emit(event, payload);
  };

  return {
    io,
    toUnit: emitTo(unitRoom),
    toCompany: emitTo(companyRoom),
    toUsersWhoSee,
    toUnitExceptWhoSee,
    close: async () => {
      await io.close();
      await closeRedis?.();
    },
  };
}
