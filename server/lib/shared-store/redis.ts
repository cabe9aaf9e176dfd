import { Redis } from 'ioredis';
import type { Ban, CounterDelta, CounterState, SharedStore } from './types.ts';

/**
 * Adds deltas to window counters atomically: KEYS are the counters (hashes s = window start,
 * c = count), ARGV[1] is now, then per key its start, window and delta. Returns start, count pairs.
 */
const ADD = `
local now = tonumber(ARGV[1])
local out = {}
for i, key in ipairs(KEYS) do
  local s = tonumber(ARGV[i * 3 - 1])
  local w = tonumber(ARGV[i * 3])
  local d = tonumber(ARGV[i * 3 + 1])
  local cur = redis.call('HMGET', key, 's', 'c')
  local cs = tonumber(cur[1])
  local count
  if cs == nil or now - cs > w then
    if now - s > w then s = now end
    cs = s
    count = d
    redis.call('HSET', key, 's', cs, 'c', count)
  else
    count = redis.call('HINCRBY', key, 'c', d)
  end
  redis.call('PEXPIRE', key, w * 2 + 1000)
  out[#out + 1] = cs
  out[#out + 1] = count
end
return out`;

/**
 * The Redis store (when REDIS_URL is set): counters as hashes with an expiry, bans in a sorted
 * set by end time plus their records, announced by PUBLISH. Every key under `prefix`.
 */
export class RedisStore implements SharedStore {
  readonly kind = 'redis';
  private readonly redis: Redis;
  private readonly subscribers: Redis[] = [];

  constructor(
    private readonly url: string,
    private readonly prefix = 'captchahub:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true, lazyConnect: false });
    this.redis.defineCommand('limitsAdd', { lua: ADD });
  }

  private get channel() {
    return `${this.prefix}bans`;
  }

  async add(deltas: CounterDelta[], now: number): Promise<CounterState[]> {
    if (!deltas.length) return [];
    const keys = deltas.map((d) => `${this.prefix}c:${d.key}`);
    const args = deltas.flatMap((d) => [d.startedAt, d.windowMs, d.delta]);
    const out = (await (this.redis as unknown as { limitsAdd: (n: number, ...a: (string | number)[]) => Promise<number[]> }).limitsAdd(keys.length, ...keys, now, ...args));
    return deltas.map((d, i) => ({ key: d.key, startedAt: Number(out[i * 2]), count: Number(out[i * 2 + 1]) }));
  }

  async ban(ban: Ban): Promise<void> {
    const multi = this.redis.multi();
    multi.zadd(`${this.prefix}bans:until`, ban.until, ban.key);
    multi.hset(`${this.prefix}bans:data`, ban.key, JSON.stringify(ban));
    if (ban.reset.length) multi.del(...ban.reset.map((k) => `${this.prefix}c:${k}`));
    multi.publish(this.channel, JSON.stringify(ban));
    await multi.exec();
  }

  async activeBans(now: number): Promise<Ban[]> {
    const keys = await this.redis.zrangebyscore(`${this.prefix}bans:until`, `(${now}`, '+inf');
    if (!keys.length) return [];
    const data = await this.redis.hmget(`${this.prefix}bans:data`, ...keys);
    return data.filter((d): d is string => d !== null).map((d) => JSON.parse(d) as Ban);
  }

  async subscribe(onBan: (ban: Ban) => void): Promise<() => Promise<void>> {
    const sub = new Redis(this.url, { maxRetriesPerRequest: 2 });
    this.subscribers.push(sub);
    sub.on('message', (channel: string, message: string) => {
      if (channel === this.channel) onBan(JSON.parse(message) as Ban);
    });
    await sub.subscribe(this.channel);
    return async () => {
      this.subscribers.splice(this.subscribers.indexOf(sub), 1);
      await sub.quit();
    };
  }

  async prune(now: number): Promise<void> {
    const gone = await this.redis.zrangebyscore(`${this.prefix}bans:until`, '-inf', now);
    if (!gone.length) return;
    await this.redis.multi().zrem(`${this.prefix}bans:until`, ...gone).hdel(`${this.prefix}bans:data`, ...gone).exec();
  }

  async close(): Promise<void> {
    await Promise.all(this.subscribers.splice(0).map((s) => s.quit()));
    await this.redis.quit();
  }
}
