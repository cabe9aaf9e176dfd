/**
 * A session that outlives its user (spec §4 ERROR_EMPTY_USER): once the user row is gone, the
 * next site-API call of the signed-in browser answers 400 ERROR_EMPTY_USER and the app signs the
 * browser out (/auth/logout, then home, signed out).
 *
 * Only the PostgreSQL run can delete the row from here (PGlite is open in the server process alone).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { exactly, gotoHydrated, tr } from '../support/app.ts';
import { hasDatabase, queryE2eDatabase } from '../support/db.ts';
import { INTL_ORIGIN } from '../support/env.ts';
import { createSignedInAccount, expectSignedIn, expectSignedOut, type Account } from './flows.ts';

// Journeys of several page loads and password hashes: room for a busy machine.
test.describe.configure({ timeout: 90_000 });

test.skip(
  !hasDatabase,
  'needs direct database access: set DATABASE_URL (the PGlite data dir belongs to the server process)',
);

async function deleteUser(account: Account) {
  const ledger = await queryE2eDatabase<{ n: number }>(
    'select count(*)::int as n from ledger_entries where user_id = $1',
    [account.id],
  );
  expect(ledger?.[0]?.n, 'a user with ledger rows cannot be deleted').toBe(0);
  const users = await queryE2eDatabase<{ email: string }>('select email from users where id = $1', [account.id]);
  expect(users?.map((u) => u.email)).toEqual([account.email]);
  await queryE2eDatabase('delete from users where id = $1', [account.id]);
}

/** Records, from now on, the main frame's document loads and navigations that failed outright. */
function watch(page: Page) {
  const documents: string[] = [];
  const failed: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'document' && req.frame() === page.mainFrame()) {
      documents.push(new URL(req.url()).pathname);
    }
  });
  page.on('requestfailed', (req) => {
    if (req.resourceType() === 'document' && req.frame() === page.mainFrame()) {
      failed.push(`${req.failure()?.errorText} at ${new URL(req.url()).pathname}`);
    }
  });
  return { documents, failed };
}

/** The site API, asked with the browser's own cookies, answers 400 ERROR_EMPTY_USER for the user. */
async function expectEmptyUser(context: BrowserContext) {
  const res = await context.request.get('/api/v2/user');
  expect(res.status()).toBe(400);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('ERROR_EMPTY_USER');
}

/** The browser went through /auth/logout and ended on the home page, signed out, for good. */
async function expectSignedOutThroughLogout(page: Page, seen: ReturnType<typeof watch>) {
  await expect.poll(() => seen.documents, { message: 'pages loaded after the failed call' }).toContain('/auth/logout');
  const home = `${INTL_ORIGIN}/`;
  const reached = await expect
    .poll(() => page.url(), { timeout: 15_000 })
    .toBe(home)
    .then(
      () => true,
      () => false,
    );
  if (!reached) {
    // Say why: what the server answers this browser's cookies at the sign-out page.
    const res = await page.context().request.get('/auth/logout', { maxRedirects: 0 });
    const answer = `${res.status()}${res.headers()['location'] ? ` → ${res.headers()['location']}` : ''}`;
    expect(
      page.url(),
      `where the browser ends (GET /auth/logout with its cookies answers ${answer}; failed page loads: ${seen.failed.join(', ') || 'none'})`,
    ).toBe(home);
  }
  await expectSignedOut(page);
  const sid = (await page.context().cookies(INTL_ORIGIN)).find((c) => c.name === 'sid');
  expect(sid, 'the session cookie is gone').toBeUndefined();
  // A reload stays signed out.
  await gotoHydrated(page, '/');
  await expectSignedOut(page);
}

test.describe('deleted user', () => {
  test('the next GET /api/v2/user answers 400 ERROR_EMPTY_USER and the browser signs out', async ({
    page,
    context,
  }) => {
    const account = await createSignedInAccount(context, { tag: 'gone-user' });
    await gotoHydrated(page, '/enterpage');
    await expectSignedIn(page);

    await deleteUser(account);
    await expectEmptyUser(context);
    const seen = watch(page);

    // The app refetches the current user when the network comes back (RTK Query refetchOnReconnect).
    const userFetch = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v2/user' && r.request().method() === 'GET',
    );
    await context.setOffline(true);
    await context.setOffline(false);
    expect((await userFetch).status()).toBe(400);

    await expectSignedOutThroughLogout(page, seen);
  });

  test('a client navigation after the deletion gets 400 ERROR_EMPTY_USER and signs the browser out', async ({
    page,
    context,
  }) => {
    const account = await createSignedInAccount(context, { tag: 'gone-nav' });
    await gotoHydrated(page, '/profile');
    await expectSignedIn(page);

    await deleteUser(account);
    await expectEmptyUser(context);
    const seen = watch(page);

    // The profile's "Documents" link: a client navigation whose loader asks the site API
    // (GET /api/v2/profile/documents, not cached yet; the user and the profile are).
    const failedCall = page.waitForResponse(
      (r) => new URL(r.url()).pathname.startsWith('/api/v2/') && r.status() === 400,
    );
    await page
      .getByRole('navigation', { name: tr('en', 'profile:nav.label') })
      .getByRole('link', { name: exactly(tr('en', 'profile:nav.documents')) })
      .click();
    expect(new URL((await failedCall).url()).pathname).toBe('/api/v2/profile/documents');

    await expectSignedOutThroughLogout(page, seen);
  });
});
