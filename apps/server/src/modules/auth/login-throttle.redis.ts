// The login throttle's shared store on Redis (issue 21 item 22; login-throttle.ts): one hash per
// key (failures `f`, last failure `t`, in ms) that expires with its window, changed by a script so
// that the count of two processes failing at once is exact, and announced on one channel that
// every process follows.
import type { SharedRedis } from '../../shared/redis.ts';
import type { SharedThrottleStore, ThrottleEntry } from './login-throttle.ts';

// KEYS[1] the hash; ARGV: now, window, channel, logical key.
const FAIL_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local failures = 0
local last = redis.call('HGET', KEYS[1], 't')
if last and now - tonumber(last) <= window then
  failures = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
end
failures = failures + 1
redis.call('HSET', KEYS[1], 'f', failures, 't', ARGV[1])
redis.call('PEXPIRE', KEYS[1], window)
redis.call('PUBLISH', ARGV[3], cjson.encode({ k = ARGV[4], f = failures, t = ARGV[1] }))
return failures
`;
// KEYS[1] the hash; ARGV: channel, logical key.
const RESET_SCRIPT = `
redis.call('DEL', KEYS[1])
redis.call('PUBLISH', ARGV[1], cjson.encode({ k = ARGV[2] }))
return 1
`;

type Announcement = { k?: unknown; f?: unknown; t?: unknown };

export function redisThrottleStore(redis: SharedRedis): SharedThrottleStore {
  const hash = (key: string) => `${redis.prefix}:limite-login:${key}`;
  const channel = `${redis.prefix}:limite-login`;
  return {
    async fail(key, now, windowMs) {
      const failures = await redis.client.eval(FAIL_SCRIPT, {
        keys: [hash(key)],
        arguments: [String(now), String(windowMs), channel, key],
      });
      return { failures: Number(failures), lastFailureAt: now };
    },
    async reset(key) {
      await redis.client.eval(RESET_SCRIPT, { keys: [hash(key)], arguments: [channel, key] });
    },
    async read(keys) {
      if (keys.length === 0) return [];
      const multi = redis.client.multi();
      for (const key of keys) multi.hmGet(hash(key), ['f', 't']);
      const rows = (await multi.exec()) as unknown as (string | null)[][];
      return rows.map(([f, t]) => (f && t ? { failures: Number(f), lastFailureAt: Number(t) } : null));
    },
    async follow(onChange) {
      await redis.subscriber.subscribe(channel, (message) => {
        let parsed: Announcement;
        try {
          parsed = JSON.parse(message) as Announcement;
        } catch {
          return;
        }
        if (typeof parsed.k !== 'string') return;
        const entry: ThrottleEntry | null =
          parsed.f === undefined ? null : { failures: Number(parsed.f), lastFailureAt: Number(parsed.t) };
        onChange(parsed.k, entry && Number.isFinite(entry.failures) && Number.isFinite(entry.lastFailureAt) ? entry : null);
      });
    },
  };
}
