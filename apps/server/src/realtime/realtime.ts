// Socket.IO at /socket.io, rooms per company, unit, user and session; a socket without a valid
// session token is refused. With REDIS_URL, several server processes share events (and session
// ends) through the Redis adapter. What may be emitted is the contract of @funil/domain/realtime/events.
import { Server } from 'socket.io';
import type { FastifyInstance } from 'fastify';
import { parseRealtimePayload, type RealtimeEventName, type RealtimePayloadIn } from '@funil/domain/realtime/events';
import type { Db } from '../db/connection.ts';
import { seesAssignedLeads } from '@funil/domain/leads/visibility';
import { verifySession, type Session } from '../modules/auth/auth.service.ts';

/** Emits one event of the contract: a name it does not know, or another payload shape, is a type error. */
export type Emit = <N extends RealtimeEventName>(room: number, event: N, payload: RealtimePayloadIn<N>) => void;

export type Realtime = {
  io: Server;
  /** Emits to every socket of one unit. */
  toUnit: Emit;
  /** Emits to every socket of one company (all its units). */
  toCompany: Emit;
  /**
   * Emits to the sockets of the lead's unit whose user may see the lead (001 §6, the rule of
   * @funil/domain/leads/visibility): users who see every lead, plus — for attendants without
   * acesso_atribuidos — everyone when it is unassigned, else its attendant only.
   */
  toUsersWhoSee: <N extends RealtimeEventName>(lead: { idUnidade: number; idUsuario: number | null }, event: N, payload: RealtimePayloadIn<N>) => void;
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

/** The rooms whose sockets may see a lead (isLeadVisibleTo, as rooms). */
export function roomsWhoSee(lead: { idUnidade: number; idUsuario: number | null }): string[] {
  return [unitAllLeadsRoom(lead.idUnidade), lead.idUsuario === null ? unitOwnLeadsRoom(lead.idUnidade) : unitUserRoom(lead.idUnidade, lead.idUsuario)];
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
  const io = new Server(app.server, { path: '/socket.io', serveClient: false, pingInterval: 18_000, maxHttpBufferSize: 1e6, transports: ['websocket'] });
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
      .catch(() => next(new Error('Sessão expirada. Faça login novamente.')));
  });

  io.on('connection', (socket) => {
    const session = socket.data.session as Session;
    // The user and session rooms let a logout or a deactivation reach the socket on any process.
    const leadsRoom = seesAssignedLeads({ userId: session.userId, permission: session.permission, acessoAtribuidos: session.acessoAtribuidos }) ? unitAllLeadsRoom(session.unidadeId) : unitOwnLeadsRoom(session.unidadeId);
    void socket.join([unitRoom(session.unidadeId), companyRoom(session.empresaId), userRoom(session.userId), sessionRoom(session.sessionId), leadsRoom, unitUserRoom(session.unidadeId, session.userId)]);
    // 001 §7 "Main socket": 'ready' on connect.
    const ready: RealtimePayloadIn<'ready'> = { idUnidade: session.unidadeId };
    socket.emit('ready', ready);
  });

  const check = (event: string, payload: unknown) => {
    const result = parseRealtimePayload(event, payload);
    if (!result.ok) throw new Error(`evento em tempo real fora do contrato: ${result.reason}`);
  };
  const emitTo = (room: (id: number) => string): Emit => {
    if (!options.checkPayloads) return (id, event, payload) => void io.to(room(id)).emit(event, payload);
    return (id, event, payload) => {
      check(event, payload);
      io.to(room(id)).emit(event, payload);
    };
  };

  const toUsersWhoSee: Realtime['toUsersWhoSee'] = (lead, event, payload) => {
    if (options.checkPayloads) check(event, payload);
    // One emit to several rooms reaches each socket once.
    io.to(roomsWhoSee(lead)).emit(event, payload);
  };

  return {
    io,
    toUnit: emitTo(unitRoom),
    toCompany: emitTo(companyRoom),
    toUsersWhoSee,
    close: async () => {
      await io.close();
      await closeRedis?.();
    },
  };
}
