// A socket lives no longer than its session (issue 7 §3, 000 §4): a logout, a deactivation of the
// user or unit, or a change of the user's dataAtualizacao/dataDeslogar disconnects the session's
// sockets at once on every process (the rooms go through the Redis adapter); the expiry ends them
// by a timer; a periodic sweep catches whatever changed without a call (another process, SQL).
import type { Db } from '../db/handle.ts';
import { endedSessionIds, type Session } from '../modules/auth/auth.service.ts';
import { sessionRoom, unitRoom, userRoom, type Realtime } from './realtime.ts';

/** Whose sockets to end: one session, every session of a user, or of a unit. */
export type SessionTarget = { sessionId: number } | { userId: number } | { unitId: number };

export type SessionSockets = {
  /**
   * Disconnects at once every socket of the target, on this and every other process. Call it after
   * the change that ends the sessions is committed (logout; user or unit deactivation; a change of
   * the user's dataAtualizacao/dataDeslogar).
   */
  disconnectSessionsOf(target: SessionTarget): void;
  /** Disconnects this process's sockets whose session no longer serves; the number disconnected. */
  sweep(): Promise<number>;
  close(): void;
};

// setTimeout's largest delay; a longer (remembered) session is ended by the sweep or a later timer.
const MAX_TIMER_MS = 2_147_483_647;

function roomOf(target: SessionTarget): string {
  if ('sessionId' in target) return sessionRoom(target.sessionId);
  if ('userId' in target) return userRoom(target.userId);
  return unitRoom(target.unitId);
}

export function attachSessionSockets(
  realtime: Realtime,
  db: Db,
  options: { sweepMs: number; log?: { warn(obj: object, msg: string): void } },
): SessionSockets {
  const { io } = realtime;
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  io.on('connection', (socket) => {
    const session = socket.data.session as Session;
    const arm = () => {
      const left = session.expiresAt.getTime() - Date.now();
      if (left <= 0) {
        socket.disconnect(true);
        return;
      }
      timers.set(socket.id, setTimeout(arm, Math.min(left, MAX_TIMER_MS)));
    };
    arm();
    socket.on('disconnect', () => {
      clearTimeout(timers.get(socket.id));
      timers.delete(socket.id);
    });
  });

  const sweep = async () => {
    const sockets = await io.local.fetchSockets();
    const ended = new Set(
      await endedSessionIds(
        db,
        sockets.map((s) => (s.data as { session: Session }).session.sessionId),
      ),
    );
    let count = 0;
    for (const socket of sockets) {
      if (!ended.has((socket.data as { session: Session }).session.sessionId)) continue;
      socket.disconnect(true);
      count += 1;
    }
    return count;
  };

  let running = false;
  const interval =
    options.sweepMs > 0
      ? setInterval(() => {
          if (running) return;
          running = true;
          sweep()
            .catch((err: unknown) => options.log?.warn({ err }, 'falha ao verificar as sessões dos sockets'))
            .finally(() => {
              running = false;
            });
        }, options.sweepMs)
      : null;
  interval?.unref();

  return {
    disconnectSessionsOf: (target) => io.in(roomOf(target)).disconnectSockets(true),
    sweep,
    close: () => {
      if (interval) clearInterval(interval);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
