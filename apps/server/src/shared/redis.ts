// The Redis connections a server process shares with the others (issue 21 item 22): one command
// client and one subscriber, opened once per process when REDIS_URL is set. What lives there is
// only what several processes must agree on and may lose on a Redis restart: the login throttle,
// the public routes' rate limits (the socket adapter has its own pair, realtime.ts).
import { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

export type SharedRedis = {
  client: RedisClient;
  subscriber: RedisClient;
  /** Prefix of every key and channel of this deployment (tests use one of their own). */
  prefix: string;
  close(): Promise<void>;
};

export async function openSharedRedis(
  url: string,
  prefix: string,
  log: { warn(obj: unknown, msg: string): void },
): Promise<SharedRedis> {
  const client = createClient({ url });
  const subscriber = client.duplicate();
  // A Redis hiccup must not crash the process; the clients reconnect by themselves.
  client.on('error', (err: unknown) => log.warn({ err }, 'redis'));
  subscriber.on('error', (err: unknown) => log.warn({ err }, 'redis (assinatura)'));
  await Promise.all([client.connect(), subscriber.connect()]);
  return {
    client,
    subscriber,
    prefix,
    close: async () => {
      await Promise.all([client.quit(), subscriber.quit()]);
    },
  };
}
