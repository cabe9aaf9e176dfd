import { expect, test } from '@playwright/test';
import { INTL_ORIGIN, RU_ORIGIN } from '../support/env.ts';
import { DAY, YEAR, cookieOf, expectLifetime, gotoHydrated, tr, waitForCookie } from '../support/app.ts';

/** Spec §9: the cookies the browser app sets after hydration, read from the browser's cookie jar. */
test.describe('visit cookies', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('first and last visited page, timezone, original referer and utm, with their lifetimes', async ({ page, context }) => {
    const landing = '/about?utm_medium=email&utm_campaign=spring&utm_content=hero&other=1';
    const response = await page.goto(landing, { referer: 'https://search.example/q' });
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'about:title'));

    const timezone = await waitForCookie(context, 'timezone', 'Asia/Tokyo');
    expectLifetime(timezone, YEAR);

    const first = await waitForCookie(context, 'first_visited_page', landing);
    expectLifetime(first, 7 * DAY);
    const last = await waitForCookie(context, 'last_visited_page', landing);
    expectLifetime(last, 7 * DAY);

    const referer = await waitForCookie(context, 'original_referer');
    expect(decodeURIComponent(referer.value)).toMatch(/^https:\/\/search\.example\//);
    expectLifetime(referer, YEAR);

    const utm = await waitForCookie(context, 'utm');
    expect(JSON.parse(decodeURIComponent(utm.value))).toEqual({ utm_medium: 'email', utm_campaign: 'spring', utm_content: 'hero' });
    expectLifetime(utm, YEAR);

    // No utm_source: no campaign event, so no campaign mark.
    expect(await cookieOf(context, 'cms_utm_get')).toBeUndefined();
    // None of these is HttpOnly-only server state: the app reads them back in the browser.
    for (const c of [timezone, first, last, referer, utm]) expect(c.path, c.name).toBe('/');

    // last_visited_page follows client-side navigation; first_visited_page stays.
    await page.getByRole('contentinfo').getByRole('link', { name: tr('en', 'footer.terms'), exact: true }).click();
    await expect(page).toHaveURL('/terms-of-service');
    const updated = await waitForCookie(context, 'last_visited_page', '/terms-of-service');
    expectLifetime(updated, 7 * DAY);
    expect(decodeURIComponent((await cookieOf(context, 'first_visited_page'))!.value)).toBe(landing);

    // ... and full page loads.
    await page.goto('/ru/');
    await waitForCookie(context, 'last_visited_page', '/ru/');
    expect(decodeURIComponent((await cookieOf(context, 'first_visited_page'))!.value)).toBe(landing);
    // The first referer is kept.
    expect(decodeURIComponent((await cookieOf(context, 'original_referer'))!.value)).toMatch(/^https:\/\/search\.example\//);
  });

  test('no original_referer for a visit from the site itself or without a referrer', async ({ page, context }) => {
    await gotoHydrated(page, '/');
    await waitForCookie(context, 'timezone', 'Asia/Tokyo');
    expect(await cookieOf(context, 'original_referer')).toBeUndefined();
    // Referrers from our own hosts (international and Russian-language) are not foreign.
    await page.goto('/about', { referer: `${RU_ORIGIN}/` });
    await waitForCookie(context, 'last_visited_page', '/about');
    await page.goto('/about?x=1', { referer: `${INTL_ORIGIN}/` });
    await waitForCookie(context, 'last_visited_page', '/about?x=1');
    await page.getByRole('contentinfo').getByRole('link', { name: tr('en', 'footer.terms'), exact: true }).click();
    await waitForCookie(context, 'last_visited_page', '/terms-of-service');
    expect(await cookieOf(context, 'original_referer')).toBeUndefined();
    expect(await cookieOf(context, 'utm')).toBeUndefined();
  });
});
