import { expect, test, type Page, type Request } from '@playwright/test';
import { DAY, YEAR, cookieOf, expectLifetime, waitForCookie, waitForHydration } from '../support/app.ts';
import { hasDatabase, queryE2eDatabase } from '../support/db.ts';

/** What the server stores as the visitor id: the CSRF token's random part (server/plugins/csrf.ts csrfVisitorId). */
const visitorIdOf = (token: string | undefined) => (token ? decodeURIComponent(token).split('.')[0] : undefined);

/**
 * Spec §3/§4/§7: referral (`?from=`) and campaign (`?utm_source=`) visits POST /api/v1/event-tracker
 * and the server stores a tracking_events row. With DATABASE_URL set the e2e server runs on
 * PostgreSQL and the rows are read back; on PGlite only the response is checked.
 */
const TRACKER = '/api/v1/event-tracker';

interface TrackingRow {
  id: number;
  type: string;
  data: Record<string, unknown>;
  visitor_id: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
}

function isTrackerPost(req: Request) {
  return req.method() === 'POST' && new URL(req.url()).pathname === TRACKER;
}

/** Every tracker POST the page makes from now on. */
function recordTrackerPosts(page: Page) {
  const posts: Request[] = [];
  page.on('request', (req) => {
    if (isTrackerPost(req)) posts.push(req);
  });
  return posts;
}

async function storedRow(id: number): Promise<TrackingRow | null> {
  const rows = await queryE2eDatabase<TrackingRow>('select * from tracking_events where id = $1', [id]);
  return rows ? (rows[0] ?? null) : null;
}

test.describe('event tracker', () => {
  test.beforeEach(() => {
    test.info().annotations.push({ type: 'storage', description: hasDatabase ? 'PostgreSQL: rows read back' : 'PGlite: response checked only' });
  });

  test('a ?from= visit stores a referral event and then sets reg_referrer for 3 days', async ({ page, context }) => {
    const posted = page.waitForResponse((res) => isTrackerPost(res.request()));
    await page.goto('/?from=partner1&source=blog');
    const response = await posted;

    expect(response.request().postDataJSON()).toEqual({ type: 'referral', data: { from: 'partner1', source: 'blog', unique: true } });
    expect(response.request().headers()['x-csrf-token'], 'CSRF header').toBeTruthy();
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { ok: boolean; id: unknown };
    expect(body).toEqual({ ok: true, id: expect.any(Number) });
    const id = body.id as number;
    expect(id).toBeGreaterThan(0);

    const cookie = await waitForCookie(context, 'reg_referrer', 'partner1');
    expectLifetime(cookie, 3 * DAY);

    if (hasDatabase) {
      const row = await storedRow(id);
      expect(row, `tracking_events row ${id}`).not.toBeNull();
      expect(row!.type).toBe('referral');
      expect(row!.data).toEqual({ from: 'partner1', source: 'blog', unique: true });
      const csrf = await cookieOf(context, 'csrf_token');
      // The visitor id is the CSRF token's random part (its HMAC half binds it to the session).
      expect(row!.visitor_id).toBe(visitorIdOf(csrf?.value));
      expect(row!.user_agent).toMatch(/Chrome/);
      expect(row!.ip).toBeTruthy();
      expect(Date.now() - new Date(row!.created_at).getTime()).toBeLessThan(60_000);
    }

    // A second referral visit by the same visitor is not unique any more.
    const again = page.waitForResponse((res) => isTrackerPost(res.request()));
    await page.goto('/about?from=partner1');
    const second = await again;
    expect(second.request().postDataJSON()).toEqual({ type: 'referral', data: { from: 'partner1', unique: false } });
    expect(second.status()).toBe(200);
    const secondId = ((await second.json()) as { id: number }).id;
    expect(secondId).toBeGreaterThan(id);
    if (hasDatabase) expect((await storedRow(secondId))?.data).toEqual({ from: 'partner1', unique: false });
  });

  test('a ?utm_source= visit stores one campaign event; a reload does not post again', async ({ page, context }) => {
    const posts = recordTrackerPosts(page);
    const posted = page.waitForResponse((res) => isTrackerPost(res.request()));
    await page.goto('/?utm_source=newsletter&utm_campaign=nov');
    const response = await posted;

    expect(response.request().postDataJSON()).toEqual({ type: 'campaign', data: { utm_source: 'newsletter', utm_campaign: 'nov' } });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { ok: boolean; id: unknown };
    expect(body).toEqual({ ok: true, id: expect.any(Number) });
    const id = body.id as number;

    // The sent campaign is remembered in cms_utm_get; the utm fields in utm.
    const mark = await waitForCookie(context, 'cms_utm_get');
    expectLifetime(mark, YEAR);
    const utm = await waitForCookie(context, 'utm');
    expect(JSON.parse(decodeURIComponent(utm.value))).toEqual({ utm_source: 'newsletter', utm_campaign: 'nov' });

    if (hasDatabase) {
      const row = await storedRow(id);
      expect(row, `tracking_events row ${id}`).not.toBeNull();
      expect(row!.type).toBe('campaign');
      expect(row!.data).toEqual({ utm_source: 'newsletter', utm_campaign: 'nov' });
    }

    // Reload: the page hydrates and runs its tracking effects again, but posts nothing.
    await page.reload();
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(posts.map((r) => r.postData())).toHaveLength(1);

    if (hasDatabase) {
      const csrf = await cookieOf(context, 'csrf_token');
      const rows = await queryE2eDatabase<{ n: number }>("select count(*)::int as n from tracking_events where type = 'campaign' and visitor_id = $1", [visitorIdOf(csrf?.value)]);
      expect(rows![0]!.n).toBe(1);
    }

    // A different campaign is a new event.
    const next = page.waitForResponse((res) => isTrackerPost(res.request()));
    await page.goto('/?utm_source=newsletter&utm_campaign=dec');
    const nextResponse = await next;
    expect(nextResponse.request().postDataJSON()).toEqual({ type: 'campaign', data: { utm_source: 'newsletter', utm_campaign: 'dec' } });
    expect(((await nextResponse.json()) as { id: number }).id).toBeGreaterThan(id);
  });

  test('rejects a post without the CSRF token', async ({ request }) => {
    const res = await request.post(TRACKER, { data: { type: 'referral', data: { from: 'x' } } });
    expect(res.status()).toBe(403);
  });
});
