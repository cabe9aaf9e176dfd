import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { findRedis } from '#server/test/redis.ts';
import { SharedLimiter } from './limiter.ts';
import { MemoryStore } from './memory.ts';
import { PostgresStore } from './postgres.ts';
import { RedisStore } from './redis.ts';
import type { SharedStore } from './types.ts';

/** Two limiters (two nodes) on one store of each kind; PostgreSQL here is the test database (PGlite or PostgreSQL). */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const redisUrl = await findRedis();
const kinds: { name: string; make: () => SharedStore[]; skip?: boolean }[] = [
  { name: 'memory', make: () => { const s = new MemoryStore(); return [s, s, s]; } },
  { name: 'postgres', make: () => [new PostgresStore(database), new PostgresStore(database), new PostgresStore(database)] },
  { name: 'redis', make: () => { const prefix = `test-${randomUUID()}:`; return [0, 1, 2].map(() => new RedisStore(redisUrl!, prefix)); }, skip: !redisUrl },
];

for (const kind of kinds) {
  describe.skipIf(kind.skip)(`SharedLimiter on the ${kind.name} store`, () => {
    let nodes: SharedLimiter[];
    let stores: SharedStore[];
    /** The nodes' clock: windows and flushes read it. */
    let clock = Date.now();
    beforeAll(async () => {
      stores = kind.make();
      nodes = stores.slice(0, 2).map((s) => new SharedLimiter(s, { flushMs: 1_000_000, now: () => clock }));
      await Promise.all(nodes.map((n) => n.start()));
    });
    afterAll(async () => {
      await nodes?.[0]?.close();
      // The memory store is one object: the second close is a no-op on it.
      await nodes?.[1]?.close();
    });

    it('adds both nodes\' counts once flushed, and each node sees its own at once', async () => {
      const [a, b] = nodes as [SharedLimiter, SharedLimiter];
      const now = clock;
      expect(a.add('k1', 60_000, 3, now)).toBe(3);
      expect(b.add('k1', 60_000, 2, now)).toBe(2);
      await a.flush();
      await b.flush();
      expect(b.get('k1', 60_000, now)).toBe(5);
      expect(a.add('k1', 60_000, 1, now)).toBe(4); // A has not heard B's two yet
      await a.flush();
      expect(a.get('k1', 60_000, now)).toBe(6);
    });

    it('starts a window again when it has passed', async () => {
      const [a, b] = nodes as [SharedLimiter, SharedLimiter];
      a.add('k2', 1_000, 7);
      await a.flush();
      clock += 1_001;
      expect(a.get('k2', 1_000)).toBe(0);
      expect(a.add('k2', 1_000, 1)).toBe(1);
      await a.flush();
      expect(a.get('k2', 1_000)).toBe(1);
      // The other node's first count of the new window learns the one.
      b.add('k2', 1_000, 1);
      await b.flush();
      expect(b.get('k2', 1_000)).toBe(2);
    });

    it('a ban reaches the other node and resets the counters it names', async () => {
      const [a, b] = nodes as [SharedLimiter, SharedLimiter];
      const now = clock;
      b.add('k3', 60_000, 10, now);
      await b.flush();
      a.ban('ban:k3', now + 5_000, ['k3']);
      const started = Date.now();
      while (b.bannedUntil('ban:k3') === 0 && Date.now() - started < 1000) await new Promise((r) => setTimeout(r, 10));
      expect(b.bannedUntil('ban:k3')).toBe(now + 5_000);
      expect(b.get('k3', 60_000, now)).toBe(0);
      // A node starting later loads the bans still running.
      const late = new SharedLimiter(stores[2]!, { flushMs: 1_000_000, now: () => clock });
      await late.start();
      expect(late.bannedUntil('ban:k3')).toBe(now + 5_000);
      if (kind.name !== 'memory') await late.close();
    });
  });
}
