/**
 * Issue 21, finding 2 (open redirect), in the browser: a hostile `return_to` on the sign-in page
 * is not followed after signing in; the browser lands on the account's home on this site. The
 * values are the probe's tab form and a dot-segment form that resolves to `//evil.example`.
 */
import { expect, test } from '@playwright/test';
import { gotoHydrated } from '../support/app.ts';
import { INTL_ORIGIN } from '../support/env.ts';
import { createSignedInAccount, expectSignedIn, submitLogin } from './flows.ts';

test.describe.configure({ timeout: 90_000 });

test('a hostile return_to is not followed after signing in', async ({ page, context }) => {
  const account = await createSignedInAccount(context, { tag: 'return-hostile' });
  const offSite: string[] = [];
  await context.route((url) => url.hostname.endsWith('evil.example'), (route) => {
    offSite.push(route.request().url());
    return route.abort();
  });
  for (const hostile of ['/%09/evil.example', '/a/..//evil.example']) {
    await context.clearCookies();
    await gotoHydrated(page, `/auth/login?return_to=${hostile.includes('%') ? hostile : encodeURIComponent(hostile)}`);
    await submitLogin(page, account.email, account.password);
    await page.waitForURL((url) => url.pathname === '/enterpage', { timeout: 30_000 });
    expect(page.url()).toBe(`${INTL_ORIGIN}/enterpage`);
    await expectSignedIn(page);
  }
  expect(offSite).toEqual([]);
});
