/**
 * Spec §2's routes (issue 20 #1), from the shared route list (fixtures/spec-routes.txt, a copy of
 * ../shared/tools/spec-routes.txt): every public one answers an anonymous visitor with a real page —
 * not a 404, not an empty shell (a heading, a title and at least 100 characters in `<main>`) — and every
 * signed-in one sends the visitor to the login with the way back.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSeedContent } from '#server/modules/content/seed.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { parsePage } from '#server/test/crawler.ts';

const ROUTES = readFileSync(path.join(import.meta.dirname, 'fixtures/spec-routes.txt'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'))
  .map((l) => l.trim().split(/\s+/) as [string, 'anon' | 'user']);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false', PAGE_CACHE: 'false' });
  // The FAQ and knowledge-base routes are starter articles, imported at start as in production.
  await importSeedContent({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
});
afterAll(() => t.close());

describe('spec §2 routes', () => {
  it('the list has the public and the signed-in routes', () => {
    expect(ROUTES.filter(([, who]) => who === 'anon').length).toBeGreaterThan(80);
    expect(ROUTES.filter(([, who]) => who === 'user').length).toBeGreaterThan(20);
  });

  it('every public route is a page with a heading, a title and content', async () => {
    const problems: string[] = [];
    for (const [route] of ROUTES.filter(([, who]) => who === 'anon')) {
      const res = await t.app.inject({ method: 'GET', url: route });
      if (res.statusCode !== 200) {
        problems.push(`${route}: ${res.statusCode}`);
        continue;
      }
      const page = parsePage(res.body, `http://localhost:3000${route}`);
      if (page.h1 !== 1) problems.push(`${route}: ${page.h1} h1 in <main>`);
      if (!page.title) problems.push(`${route}: no <title>`);
      // An empty shell: a heading and a line; the shortest real page, the sign-in form, says 140 characters.
      if (page.mainText.length < 100) problems.push(`${route}: ${page.mainText.length} characters of text: "${page.mainText}"`);
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('every signed-in route sends an anonymous visitor to the login and back', async () => {
    const problems: string[] = [];
    for (const [route] of ROUTES.filter(([, who]) => who === 'user')) {
      const res = await t.app.inject({ method: 'GET', url: route });
      const location = String(res.headers.location ?? '');
      if (res.statusCode < 300 || res.statusCode >= 400 || location !== `/auth/login?return_to=${encodeURIComponent(route)}`) {
        problems.push(`${route}: ${res.statusCode} ${location}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
