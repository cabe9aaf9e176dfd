import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { findRedis } from '#server/test/redis.ts';

const redisUrl = await findRedis();

/**
 * Two nodes on one PostgreSQL (PGlite is one process's database, so PostgreSQL only), sharing
 * their limits and bans through the PostgreSQL store and, separately, through Redis.
 */
const stores = [
  { name: 'PostgreSQL', env: {} as Record<string, string>, run: Boolean(process.env.DATABASE_URL) },
  { name: 'Redis', env: { SHARED_STORE: 'redis', REDIS_URL: redisUrl ?? '', REDIS_PREFIX: `test-${randomUUID()}:` }, run: Boolean(process.env.DATABASE_URL && redisUrl) },
];

for (const store of stores) {
  describe.skipIf(!store.run)(`limits and bans shared by two nodes (${store.name})`, () => {
    let a: TestApp;
    let nodeB: Awaited<ReturnType<typeof buildApp>>;
    let closeB: () => Promise<void>;
    const png = makePng().toString('base64');

    beforeAll(async () => {
      a = await buildTestApp({ RATE_LIMITS: 'true', ...store.env });
      const dbB = await openDatabase({ databaseUrl: a.database.url!, migrate: false, poolSize: 3 });
      nodeB = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: a.config.DATA_DIR, RATE_LIMITS: 'true', ...store.env }), database: dbB, logger: false });
      await nodeB.ready();
      closeB = async () => {
        await nodeB.close();
        await dbB.close();
      };
    });
    afterAll(async () => {
      await closeB?.();
      await a?.close();
    });

    it('uses the store it was configured with', () => {
      expect(a.app.sharedLimiter.kind).toBe(store.name === 'Redis' ? 'redis' : 'postgres');
      expect(nodeB.sharedLimiter.kind).toBe(a.app.sharedLimiter.kind);
    });

    it('a ban started on node A refuses on node B within a second', async () => {
      const ip = '203.0.113.7';
      const wrong = (app: typeof nodeB) => app.inject({ method: 'GET', url: `/res.php?key=${'0'.repeat(32)}&action=getbalance`, remoteAddress: ip });
      // Five wrong keys on A (no pause: B never hears A's counts before the ban).
      for (let i = 0; i < 5; i++) expect((await wrong(a.app)).body).toBe('ERROR_KEY_DOES_NOT_EXIST');
      expect((await wrong(a.app)).body).toBe('ERROR: 1004');
      const started = Date.now();
      let body = '';
      while (Date.now() - started < 1000 && body !== 'ERROR: 1004') {
        body = (await nodeB.inject({ method: 'GET', url: '/res.php?key=1&action=getbalance', remoteAddress: ip })).body;
        if (body !== 'ERROR: 1004') await new Promise((r) => setTimeout(r, 20));
      }
      expect(body).toBe('ERROR: 1004');
      expect(Date.now() - started).toBeLessThan(1000);
    });

    it('two nodes count one allowance, not one each (wrong keys from one IP: 5 in all)', async () => {
      const ip = '203.0.113.8';
      const wrong = (app: typeof nodeB) => app.inject({ method: 'GET', url: `/res.php?key=${'1'.repeat(32)}&action=getbalance`, remoteAddress: ip });
      // 3 on A and 2 on B, each node's counts flushed in between: each node alone is under 5.
      for (let i = 0; i < 3; i++) expect((await wrong(a.app)).body).toBe('ERROR_KEY_DOES_NOT_EXIST');
      await new Promise((r) => setTimeout(r, 300));
      for (let i = 0; i < 2; i++) expect((await wrong(nodeB)).body).toBe('ERROR_KEY_DOES_NOT_EXIST');
      await new Promise((r) => setTimeout(r, 300));
      // The sixth, on either node, is refused: the two nodes together saw five.
      expect((await wrong(a.app)).body).toBe('ERROR: 1004');
      expect((await wrong(nodeB)).body).toBe('ERROR: 1004');
    });

    it('MAX_USER_TURN holds for a key whose submissions alternate between the nodes', async () => {
      const c = await buildUser(a, { balance: '10.00' });
      const outcomes: string[] = [];
      const started = Date.now();
      // 100 submissions within 3 s, alternating nodes: 50 each, under 60 on either node alone.
      for (let i = 0; i < 100; i++) {
        const res = await (i % 2 ? nodeB : a.app).inject({ method: 'POST', url: '/in.php', payload: { key: c.apiKey, method: 'base64', body: png } });
        outcomes.push(res.body.startsWith('OK|') ? 'OK' : res.body);
      }
      expect(Date.now() - started).toBeLessThan(3000);
      const accepted = outcomes.filter((o) => o === 'OK').length;
      // 60 allowed; each node alone (50 each, under 60) would have taken all 100. The overshoot is
      // what the nodes took before their counts met in the store: one flush (100 ms) and a round
      // trip on a quiet machine, stretched by a loaded one (seen: 89 on a loaded CI run), so it is
      // not asserted as a figure. What is asserted: the pair refuses together, and the refusal
      // holds on both nodes to the end.
      expect(accepted).toBeGreaterThanOrEqual(60);
      expect(accepted).toBeLessThan(100);
      expect(outcomes.slice(-10)).toEqual(Array(10).fill('MAX_USER_TURN'));
    });

    it('the site rate limit of a route is counted once across the nodes', async () => {
      const hit = (app: typeof nodeB) => app.inject({ method: 'POST', url: '/api/v2/auth/login', remoteAddress: '203.0.113.9', payload: {} });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        statuses.push((await hit(i % 2 ? nodeB : a.app)).statusCode);
        if (i % 4 === 3) await new Promise((r) => setTimeout(r, 120));
      }
      const allowed = statuses.filter((s) => s !== 429).length;
      // 20 a minute per route and IP: each node alone would have allowed 20, 40 in all.
      expect(allowed).toBeGreaterThanOrEqual(20);
      expect(allowed).toBeLessThanOrEqual(22);
      expect(statuses.slice(-10)).toEqual(Array(10).fill(429));
    });
  });
}
