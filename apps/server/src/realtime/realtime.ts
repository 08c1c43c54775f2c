// Socket.IO at /socket.io, rooms per company and per unit; a socket without a valid session token
// is refused. With REDIS_URL, several server processes share events through the Redis adapter.
import { Server } from 'socket.io';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection.ts';
import { verifySession, type Session } from '../modules/auth/auth.service.ts';

export type Realtime = {
  io: Server;
  /** Emits to every socket of one unit. */
  toUnit(unitId: number, event: string, payload: unknown): void;
  /** Emits to every socket of one company (all its units). */
  toCompany(companyId: number, event: string, payload: unknown): void;
  close(): Promise<void>;
};

export const unitRoom = (unitId: number) => `unit:${unitId}`;
export const companyRoom = (companyId: number) => `company:${companyId}`;

export async function attachRealtime(app: FastifyInstance, db: Db, options: { redisUrl?: string | undefined }): Promise<Realtime> {
  const io = new Server(app.server, { path: '/socket.io', serveClient: false, pingInterval: 18_000, maxHttpBufferSize: 1e6 });
  let closeRedis: (() => Promise<void>) | undefined;
  if (options.redisUrl) {
    const { createClient } = await import('redis');
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
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
    void socket.join([unitRoom(session.unidadeId), companyRoom(session.empresaId)]);
    // 001 §7 "Main socket": 'ready' on connect.
    socket.emit('ready', { idUnidade: session.unidadeId });
  });

  return {
    io,
    toUnit: (unitId, event, payload) => void io.to(unitRoom(unitId)).emit(event, payload),
    toCompany: (companyId, event, payload) => void io.to(companyRoom(companyId)).emit(event, payload),
    close: async () => {
      await io.close();
      await closeRedis?.();
    },
  };
}
