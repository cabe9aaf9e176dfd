import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingInputDraft, OwnListing, SoftwareDetail, SoftwareList, SoftwareStatistics } from '#shared/contracts/software.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import * as repo from './software.repo.ts';
import { allSitemaps } from '#server/test/crawler.ts';

let t: TestApp;
let developer: { id: number; session: string };
let moderator: { id: number; session: string };

async function actor(opts: Parameters<typeof buildUser>[1]) {
  const u = await buildUser(t, opts);
  return { id: u.id, email: u.email, session: await sessionCookieFor(t, u.id) };
}

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  developer = await actor({ userType: 'developer' });
  moderator = await actor({ userType: 'customer', moderator: true });
});
afterAll(() => t.close());

let n = 0;
function listing(over: Partial<ListingInputDraft> = {}): ListingInputDraft {
  return {
    name: `Test tool ${++n}`,
    summary: 'A tool that sends captchas to the API.',
    description: 'It **works**.',
    categories: ['client-libraries'],
    platforms: ['python'],
    captchaTypes: ['normal', 'recaptcha_v2'],
    languages: ['en'],
    priceModel: 'open-source',
    siteUrl: 'https://example.com/tool',
    repositoryUrl: null,
    downloadUrl: null,
    ...over,
  };
}

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, session?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: browserHeaders(t, session), ...(payload === undefined ? {} : { payload: payload as object }) });

async function addListing(session: string, over: Partial<ListingInputDraft> = {}): Promise<OwnListing> {
  const res = await inject('POST', '/api/v1/catalog/software', session, { software: listing(over) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function approve(id: number) {
  const res = await inject('POST', `/api/v1/catalog/moderation/software/${id}/approve`, moderator.session, {});
  expect(res.statusCode, res.body).toBe(200);
}

/** A task as the engine stores it, written directly with the given time and ending. */
async function insertTask(f: { customerId: number; softId: number | null; type?: string; state?: 'queued' | 'solved' | 'unsolvable'; createdAt: Date; sandbox?: boolean; verifies?: number | null }) {
  const state = f.state ?? 'solved';
  const ended = state === 'queued' ? null : new Date(f.createdAt.getTime() + 20_000).toISOString();
  await t.database.db.execute(sql`
    insert into tasks (customer_id, type, kind, state, payload, price, reward, soft_id, api_version, source_ip, max_attempts, expires_at, created_at, ended_at, sandbox, verifies_task_id)
    values (${f.customerId}, ${f.type ?? 'normal'}, 'image', ${state}, '{}'::jsonb, 1000, 600, ${f.softId}, 'v1', '127.0.0.1', 3,
      ${new Date(f.createdAt.getTime() + 600_000).toISOString()}::timestamptz, ${f.createdAt.toISOString()}::timestamptz, ${ended}::timestamptz, ${f.sandbox ?? false}, ${f.verifies ?? null})`);
}

describe('listings and soft_id', () => {
  it('a developer adds software and gets its soft_id at once; it is pending and not public until approved', async () => {
    const own = await addListing(developer.session, { name: 'Pending Parser' });
    expect(own).toMatchObject({ slug: 'pending-parser', status: 'pending', pendingEdit: false });
    expect(own.softId).toBeGreaterThanOrEqual(5001);
    // The soft_id is the developer's `software` row, usable in the API at once.
    const rows = await t.database.db.execute(sql`select developer_id from software where id = ${own.softId}`);
    expect(Number((rows.rows[0] as { developer_id: number }).developer_id)).toBe(developer.id);
    expect((await inject('GET', '/api/v1/catalog/software/pending-parser')).statusCode).toBe(404);
    expect((await inject('GET', '/api/v1/catalog/software/pending-parser', developer.session)).json().viewer).toMatchObject({ isOwner: true, softId: own.softId });
    const list: SoftwareList = (await inject('GET', '/api/v1/catalog/software?text=Pending%20Parser')).json();
    expect(list.records.map((r) => r.slug)).not.toContain('pending-parser');
    await approve(own.id);
    const after: SoftwareList = (await inject('GET', '/api/v1/catalog/software?text=Pending%20Parser&categories=client-libraries')).json();
    expect(after.records.map((r) => r.slug)).toContain('pending-parser');
    const other: SoftwareList = (await inject('GET', '/api/v1/catalog/software?text=Pending%20Parser&categories=desktop-apps')).json();
    expect(other.records.map((r) => r.slug)).not.toContain('pending-parser');
  });

  it("an owner's edit of a published listing waits for moderation while the published text stays", async () => {
    const own = await addListing(developer.session, { name: 'Edit Target', summary: 'The published summary text.' });
    await approve(own.id);
    const edit = await inject('PUT', `/api/v1/catalog/software/${own.id}`, developer.session, { software: listing({ name: 'Edit Target', summary: 'A changed summary, not yet approved.' }) });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ pendingEdit: true, status: 'published', input: { summary: 'A changed summary, not yet approved.' } });
    expect((await inject('GET', '/api/v1/catalog/software/edit-target')).json().summary).toBe('The published summary text.');
    const reject = await inject('POST', `/api/v1/catalog/moderation/software/${own.id}/reject`, moderator.session, { reason: 'Say what it does.' });
    expect(reject.json()).toEqual({ status: 'published' });
    expect((await inject('GET', '/api/v1/catalog/software/edit-target')).json().summary).toBe('The published summary text.');
    await inject('PUT', `/api/v1/catalog/software/${own.id}`, developer.session, { software: listing({ name: 'Edit Target', summary: 'A changed summary, now approved.' }) });
    await approve(own.id);
    expect((await inject('GET', '/api/v1/catalog/software/edit-target')).json().summary).toBe('A changed summary, now approved.');
  });

  it('someone else cannot edit a listing, and bad input is a clear 400', async () => {
    const own = await addListing(developer.session);
    const other = await actor({ userType: 'developer' });
    expect((await inject('PUT', `/api/v1/catalog/software/${own.id}`, other.session, { software: listing() })).statusCode).toBe(404);
    const badType = await inject('POST', '/api/v1/catalog/software', developer.session, { software: listing({ captchaTypes: ['no-such-type'] }) });
    expect([badType.statusCode, badType.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const badLink = await inject('POST', '/api/v1/catalog/software', developer.session, { software: listing({ siteUrl: 'javascript:alert(1)' }) });
    expect([badLink.statusCode, badLink.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const noCategory = await inject('POST', '/api/v1/catalog/software', developer.session, { software: listing({ categories: [] }) });
    expect(noCategory.statusCode).toBe(400);
  });

  it('uploaded screenshots are resized to WebP', async () => {
    const own = await addListing(developer.session);
    const png = await sharp({ create: { width: 2400, height: 1500, channels: 3, background: '#227744' } }).png().toBuffer();
    const boundary = '----sw' + Date.now();
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="screenshot"; filename="s.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers = { ...browserHeaders(t, developer.session), 'content-type': `multipart/form-data; boundary=${boundary}` };
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/catalog/software/${own.id}/screenshots`, headers, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    const shot = res.json();
    expect([shot.width, shot.height]).toEqual([1280, 800]);
    const file = await t.app.inject({ method: 'GET', url: shot.thumb });
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(400);
  });
});

describe('reviews', () => {
  it('one review per user: a second is refused; it shows only after moderation; the owner replies once', async () => {
    const own = await addListing(developer.session, { name: 'Reviewed Tool' });
    await approve(own.id);
    const customer = await actor({ userType: 'customer' });
    const review = { review: { rating: 4, text: 'Solid library, easy to set up.' } };
    const first = await inject('POST', `/api/v1/catalog/software/${own.id}/reviews`, customer.session, review);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().status).toBe('pending');
    const second = await inject('POST', `/api/v1/catalog/software/${own.id}/reviews`, customer.session, { review: { rating: 1, text: 'Trying to review it twice.' } });
    expect([second.statusCode, second.json().error.code]).toEqual([409, 'CONFLICT']);
    expect((await inject('GET', '/api/v1/catalog/software/reviewed-tool/reviews')).json().totalCount).toBe(0);

    const queue = (await inject('GET', '/api/v1/catalog/moderation/reviews', moderator.session)).json() as { id: number; reviewer: { reviews: number } }[];
    const mine = queue.find((q) => q.id === first.json().id)!;
    expect(mine.reviewer.reviews).toBe(1);
    // A visitor's page (kept in the page cache) shows the review as soon as it is approved.
    expect((await t.app.inject({ method: 'GET', url: '/software/reviewed-tool' })).body).not.toContain('Solid library, easy to set up.');
    await inject('POST', `/api/v1/catalog/moderation/reviews/${mine.id}/approve`, moderator.session, {});
    expect((await t.app.inject({ method: 'GET', url: '/software/reviewed-tool' })).body).toContain('Solid library, easy to set up.');
    const shown = (await inject('GET', '/api/v1/catalog/software/reviewed-tool/reviews')).json();
    expect(shown.records).toHaveLength(1);
    expect(shown.records[0]).toMatchObject({ rating: 4, text: 'Solid library, easy to set up.' });
    expect((await inject('GET', '/api/v1/catalog/software/reviewed-tool')).json().rating).toEqual({ average: 4, count: 1 });

    const reply = await inject('POST', `/api/v1/catalog/reviews/${mine.id}/reply`, developer.session, { text: 'Thank you!' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await inject('POST', `/api/v1/catalog/reviews/${mine.id}/reply`, developer.session, { text: 'Again.' })).statusCode).toBe(409);
    expect((await inject('POST', `/api/v1/catalog/reviews/${mine.id}/reply`, customer.session, { text: 'Not mine.' })).statusCode).toBe(403);
    // The owner cannot review their own software; a worker who never used it cannot either.
    expect((await inject('POST', `/api/v1/catalog/software/${own.id}/reviews`, developer.session, review)).statusCode).toBe(403);
    const worker = await actor({ userType: 'worker' });
    expect((await inject('POST', `/api/v1/catalog/software/${own.id}/reviews`, worker.session, review)).statusCode).toBe(403);
    await insertTask({ customerId: worker.id, softId: own.softId, createdAt: new Date() });
    expect((await inject('POST', `/api/v1/catalog/software/${own.id}/reviews`, worker.session, review)).statusCode).toBe(200);
  });
});

describe('XSS', () => {
  const payload = '<img src=x onerror=alert(1)><script>alert(2)</script>';

  it('is neutralised in every text field: the description is sanitised HTML, the rest stays text on the page', async () => {
    const own = await addListing(developer.session, {
      name: `Xss ${payload}`.slice(0, 80),
      summary: `Summary ${payload}`,
      description: `# Title\n\n${payload}\n\n[click](javascript:alert(3)) <a href="javascript:alert(4)" onclick="x()">raw</a>\n\n![p](data:image/png;base64,AAAA)`,
    });
    await approve(own.id);
    const got = await inject('GET', `/api/v1/catalog/software/${own.slug}`);
    expect(got.statusCode, got.body).toBe(200);
    const detail: SoftwareDetail = got.json();
    for (const bad of ['<script', 'onerror', 'javascript:', 'onclick', '<img', 'data:image']) expect(detail.descriptionHtml).not.toContain(bad);
    expect(detail.descriptionHtml).toContain('<h3'); // headings start below the page's own
    const customer = await actor({ userType: 'customer' });
    const rev = await inject('POST', `/api/v1/catalog/software/${own.id}/reviews`, customer.session, { review: { rating: 5, text: `Review ${payload}` } });
    await inject('POST', `/api/v1/catalog/moderation/reviews/${rev.json().id}/approve`, moderator.session, {});
    await inject('POST', `/api/v1/catalog/reviews/${rev.json().id}/reply`, developer.session, { text: `Reply ${payload}` });

    const page = await t.app.inject({ method: 'GET', url: `/software/${own.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('javascript:alert');
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('catalogue list', () => {
  it('sorting and paging never repeat or skip an entry, also while entries are published meanwhile', async () => {
    const customers = await Promise.all([1, 2, 3].map(() => actor({ userType: 'customer' })));
    // 30 more published entries with varied use, ratings and ages (ties included).
    for (let i = 0; i < 30; i++) {
      const own = await addListing(developer.session, { name: `Paging entry ${i}`, categories: [i % 2 ? 'client-libraries' : 'bots-and-scrapers'] });
      await approve(own.id);
      await repo.updateListing(t.database.db, own.id, { publishedAt: new Date(Date.now() - (i % 5) * 86_400_000 - 60_000) });
      for (let k = 0; k < i % 4; k++) await insertTask({ customerId: customers[k % 3]!.id, softId: own.softId, createdAt: new Date(Date.now() - 3_600_000) });
      if (i % 3 === 0) {
        const r = await inject('POST', `/api/v1/catalog/software/${own.id}/reviews`, customers[i % 3]!.session, { review: { rating: (i % 5) + 1, text: 'A review for the order.' } });
        await inject('POST', `/api/v1/catalog/moderation/reviews/${r.json().id}/approve`, moderator.session, {});
      }
    }
    for (const sorting of ['relevant', 'popular', 'new', 'rating'] as const) {
      const published = Number(((await t.database.db.execute(sql`select count(*)::int as n from software_listings where status = 'published'`)).rows[0] as { n: number }).n);
      const first: SoftwareList = (await inject('GET', `/api/v1/catalog/software?sorting=${sorting}`)).json();
      expect(first.totalCount).toBe(published);
      const seen = first.records.map((r) => r.id);
      // Published between pages: not in this list's moment, so nothing shifts.
      const late = await addListing(developer.session, { name: `Late ${sorting}` });
      await approve(late.id);
      for (let page = 1; seen.length < first.totalCount; page++) {
        const next: SoftwareList = (await inject('GET', `/api/v1/catalog/software?sorting=${sorting}&page=${page}&asOf=${encodeURIComponent(first.asOf)}`)).json();
        expect(next.records.length).toBeGreaterThan(0);
        seen.push(...next.records.map((r) => r.id));
      }
      expect(new Set(seen).size, `${sorting}: no duplicates`).toBe(seen.length);
      expect(seen.length).toBe(published);
      expect(seen).not.toContain(late.id);
      if (sorting === 'popular') {
        const all: SoftwareList['records'] = [];
        for (let page = 0; page * 12 < published; page++) all.push(...(await inject('GET', `/api/v1/catalog/software?sorting=popular&page=${page}&asOf=${encodeURIComponent(first.asOf)}`)).json().records);
        expect(all.map((r) => r.usage)).toEqual([...all.map((r) => r.usage)].sort((a, b) => b - a));
      }
    }
  });

  it('text under 3 characters does not filter; categories count published entries', async () => {
    const all: SoftwareList = (await inject('GET', '/api/v1/catalog/software')).json();
    const short: SoftwareList = (await inject('GET', '/api/v1/catalog/software?text=zz')).json();
    expect(short.text).toBeNull();
    expect(short.totalCount).toBe(all.totalCount);
    const cats = (await inject('GET', '/api/v1/catalog/categories')).json() as { slug: string; count: number }[];
    expect(cats.map((c) => c.slug)).toContain('client-libraries');
    expect(cats.find((c) => c.slug === 'client-libraries')!.count).toBeGreaterThanOrEqual(10); // the seeded public libraries
    expect((await inject('GET', '/api/v1/catalog/software?sorting=bogus')).statusCode).toBe(400);
  });

  it('links software articles of the content module by the slug and by category topic', async () => {
    const own = await addListing(developer.session, { name: 'Article Linked', categories: ['client-libraries'] });
    await approve(own.id);
    const article = (slug: string, tags: string[]) => ({
      article: { collection: 'software', slug, status: 'published', publishAt: new Date(Date.now() - 60_000).toISOString(), tags, versions: { en: { title: `Article ${slug}`, summary: 'About it.', body: 'Text.' } } },
    });
    for (const [slug, tags] of [['about-article-linked', ['article-linked']], ['libraries-in-general', ['libraries']], ['unrelated-topic', ['migration']]] as const) {
      const res = await inject('POST', '/api/v1/editor/articles/new', moderator.session, article(slug, [...tags]));
      expect(res.statusCode, res.body).toBe(200);
    }
    const detail: SoftwareDetail = (await inject('GET', '/api/v1/catalog/software/article-linked?language=en')).json();
    expect(detail.articles.map((a) => a.slug)).toEqual(['about-article-linked', 'libraries-in-general']);
  });

  it('the seeded entries are public libraries without owners, soft_ids, reviews or figures', async () => {
    const detail: SoftwareDetail = (await inject('GET', '/api/v1/catalog/software/2captcha-python')).json();
    expect(detail).toMatchObject({ claimed: false, rating: { average: null, count: 0 }, usage: 0, links: { repository: 'https://github.com/2captcha/2captcha-python' } });
    expect(detail.descriptionHtml).toContain('<code>pip install 2captcha-python</code>');
    await addListing(developer.session, { name: 'Never Approved' });
    const sitemap = (await allSitemaps(t.app));
    expect(sitemap).toContain('/software/2captcha-python</loc>');
    expect(sitemap).toContain('/ru/software/2captcha-python</loc>');
    expect(sitemap).not.toContain('/software/never-approved<');
    const softlist = (await inject('GET', '/api/v1/catalog/softlist')).json() as { name: string }[];
    const names = softlist.map((s) => s.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});

describe('public statistics', () => {
  it('equals independent SQL over the tasks of the 7-day window ending today', async () => {
    const own = await addListing(developer.session, { name: 'Stats Tool' });
    await approve(own.id);
    const other = await addListing(developer.session, { name: 'Stats Other' });
    const c = await Promise.all([1, 2, 3, 4].map(() => actor({ userType: 'customer' })));
    const now = Date.now();
    const todayStart = new Date(new Date(now).toISOString().slice(0, 10) + 'T00:00:00Z').getTime();
    const at = (days: number, minutes: number) => new Date(todayStart - days * 86_400_000 + minutes * 60_000);
    const plan: Parameters<typeof insertTask>[0][] = [
      { customerId: c[0]!.id, softId: own.softId, createdAt: at(0, 1), type: 'normal' },
      { customerId: c[0]!.id, softId: own.softId, createdAt: at(0, 2), type: 'recaptcha_v2', state: 'unsolvable' },
      { customerId: c[1]!.id, softId: own.softId, createdAt: at(0, 3), state: 'queued' },
      { customerId: c[1]!.id, softId: own.softId, createdAt: at(2, 600), type: 'hcaptcha' },
      { customerId: c[2]!.id, softId: own.softId, createdAt: at(6, 0) }, // first day of the window
      { customerId: c[3]!.id, softId: own.softId, createdAt: at(6, -1) }, // one minute before it
      { customerId: c[3]!.id, softId: own.softId, createdAt: at(9, 0) },
      { customerId: c[2]!.id, softId: own.softId, createdAt: at(1, 5), sandbox: true },
      { customerId: c[2]!.id, softId: other.softId, createdAt: at(1, 5) },
      { customerId: c[2]!.id, softId: null, createdAt: at(1, 5) },
      { customerId: c[1]!.id, softId: own.softId, createdAt: at(3, 30), state: 'unsolvable' },
      { customerId: c[0]!.id, softId: own.softId, createdAt: at(3, 40) },
    ];
    for (const p of plan) await insertTask(p);

    const res = await inject('GET', '/api/v2/software/statistics/stats-tool/public');
    expect(res.statusCode, res.body).toBe(200);
    const stats: SoftwareStatistics = res.json();
    const from = new Date(todayStart - 6 * 86_400_000);
    const to = new Date(todayStart + 86_400_000);
    expect([stats.dateFrom, stats.dateTo]).toEqual([from.toISOString().slice(0, 10), new Date(todayStart).toISOString().slice(0, 10)]);

    // Independent SQL: one row per day of the window from generate_series.
    const expected = await t.database.db.execute(sql`
      select to_char(d, 'YYYY-MM-DD') as date,
        (select count(*) from tasks where soft_id = ${own.softId} and not sandbox and verifies_task_id is null and created_at >= d and created_at < d + interval '1 day')::int as tasks,
        (select count(*) from tasks where soft_id = ${own.softId} and not sandbox and verifies_task_id is null and state = 'solved' and created_at >= d and created_at < d + interval '1 day')::int as solved,
        (select count(*) from tasks where soft_id = ${own.softId} and not sandbox and verifies_task_id is null and state = 'unsolvable' and created_at >= d and created_at < d + interval '1 day')::int as unsolvable,
        (select count(distinct customer_id) from tasks where soft_id = ${own.softId} and not sandbox and verifies_task_id is null and created_at >= d and created_at < d + interval '1 day')::int as users
      from generate_series(${from.toISOString()}::timestamptz, ${new Date(todayStart).toISOString()}::timestamptz, interval '1 day') d order by d`);
    expect(stats.days).toEqual((expected.rows as Record<string, unknown>[]).map((x) => ({ date: x.date, tasks: Number(x.tasks), solved: Number(x.solved), unsolvable: Number(x.unsolvable), users: Number(x.users) })));
    const [tot] = (
      await t.database.db.execute(sql`
      select count(*)::int as tasks, count(distinct customer_id)::int as users,
        count(*) filter (where state = 'solved')::int as solved, count(*) filter (where state = 'unsolvable')::int as unsolvable
      from tasks where soft_id = ${own.softId} and not sandbox and verifies_task_id is null and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz`)
    ).rows as { tasks: number; users: number; solved: number; unsolvable: number }[];
    expect(stats.totals).toEqual({ tasks: Number(tot!.tasks), users: Number(tot!.users), solved: Number(tot!.solved), unsolvable: Number(tot!.unsolvable), successRate: Math.round((Number(tot!.solved) / (Number(tot!.solved) + Number(tot!.unsolvable))) * 1000) / 10 });
    // The planned figures, to be sure the SQL above is not vacuous.
    expect(stats.totals).toMatchObject({ tasks: 7, solved: 4, unsolvable: 2, users: 3 });
    const types = (await t.database.db.execute(sql`
      select type, count(*)::int as tasks from tasks where soft_id = ${own.softId} and not sandbox and verifies_task_id is null
        and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz group by type order by tasks desc, type`)).rows;
    expect(stats.types).toEqual((types as { type: string; tasks: number }[]).map((x) => ({ type: x.type, tasks: Number(x.tasks) })));

    // The window: at most 7 days, ending no later than today; clear errors otherwise.
    const tomorrow = new Date(todayStart + 86_400_000).toISOString().slice(0, 10);
    expect((await inject('GET', `/api/v2/software/statistics/stats-tool/public?dateTo=${tomorrow}`)).statusCode).toBe(400);
    const long = await inject('GET', `/api/v2/software/statistics/stats-tool/public?dateFrom=${new Date(todayStart - 7 * 86_400_000).toISOString().slice(0, 10)}`);
    expect([long.statusCode, long.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await inject('GET', '/api/v2/software/statistics/stats-tool/public?dateFrom=2026-02-31')).statusCode).toBe(400);
    expect((await inject('GET', '/api/v2/software/statistics/no-such-tool/public')).statusCode).toBe(404);
  });
});
