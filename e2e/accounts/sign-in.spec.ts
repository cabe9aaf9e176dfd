/**
 * Sign-in journeys: sign-out and back to the exact page asked for, a refused password, and the
 * two-factor step with a code computed here from the key the page shows for manual entry.
 */
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { exactly, gotoHydrated, tr } from '../support/app.ts';
import { INTL_ORIGIN } from '../support/env.ts';
import {
  createSignedInAccount,
  expectSignedIn,
  expectSignedOut,
  loginAlert,
  signOutViaHeader,
  submitLogin,
} from './flows.ts';

// Journeys of several page loads and password hashes: room for a busy machine.
test.describe.configure({ timeout: 90_000 });

test.describe('sign-in', () => {
  test('after signing out, a protected URL with a query goes through sign-in and back to exactly that URL', async ({
    page,
    context,
  }) => {
    const account = await createSignedInAccount(context, { tag: 'return' });
    await gotoHydrated(page, '/enterpage');
    await expectSignedIn(page);

    await signOutViaHeader(page);

    const target = '/profile/edit?from=mail';
    const response = await page.goto(target);
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()?.url()).toBe(`${INTL_ORIGIN}${target}`);
    await expect(page).toHaveURL(`/auth/login?return_to=${encodeURIComponent(target)}`);
    expect(new URL(page.url()).searchParams.get('return_to')).toBe(target);
    await expect(page).toHaveTitle(tr('en', 'auth:login.title'));

    await submitLogin(page, account.email, account.password);
    await expect(page).toHaveURL(target);
    expect(page.url()).toBe(`${INTL_ORIGIN}${target}`);
    await expect(page).toHaveTitle(tr('en', 'profile:meta.title', { page: tr('en', 'profile:pages.edit.title') }));
    await expectSignedIn(page);
  });

  test('a wrong password is refused with a clear message', async ({ page, context }) => {
    const account = await createSignedInAccount(context, { tag: 'wrongpw' });
    await context.clearCookies();

    await gotoHydrated(page, '/auth/login');
    const login = page.waitForResponse((r) => r.url().endsWith('/api/v2/auth/login'));
    await submitLogin(page, account.email, `${account.password}-not`);
    const refused = await login;
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('INVALID_CREDENTIALS');

    await expect(loginAlert(page)).toHaveText(tr('en', 'auth:errors.INVALID_CREDENTIALS'));
    await expect(page).toHaveURL('/auth/login');
    // The password field is emptied and focused for the next try; the address stays.
    const password = page.getByLabel(tr('en', 'auth:fields.password.label'), { exact: true });
    await expect(password).toHaveValue('');
    await expect(password).toBeFocused();
    await expect(page.getByLabel(tr('en', 'auth:fields.email.label'), { exact: true })).toHaveValue(account.email);
    await expectSignedOut(page);

    // The right password still works.
    await password.fill(account.password);
    await page.getByRole('button', { name: exactly(tr('en', 'auth:login.submit')) }).click();
    await expect(page).toHaveURL('/enterpage');
    await expectSignedIn(page);
  });

  test('with 2FA turned on, sign-in asks for the TOTP code and the computed code lets the user in', async ({
    page,
    context,
  }) => {
    const account = await createSignedInAccount(context, { tag: 'totp' });
    await gotoHydrated(page, '/profile/authentication');
    await expect(page).toHaveTitle(tr('en', 'profile:meta.title', { page: tr('en', 'profile:pages.security.title') }));

    // Turn on: the key for manual entry, a code computed from it, then the recovery codes.
    await page.getByRole('button', { name: exactly(tr('en', 'profile:security.off.button')) }).click();
    const key = page.getByLabel(tr('en', 'profile:security.setup.secret'));
    await expect(key).toHaveValue(/^[A-Z2-7]{16,}$/);
    const secret = await key.inputValue();
    await page.getByLabel(tr('en', 'profile:security.setup.code')).fill(await generate({ secret }));
    await page.getByRole('button', { name: exactly(tr('en', 'profile:security.setup.submit')) }).click();
    await expect(
      page.getByRole('status').filter({ hasText: tr('en', 'profile:security.codes.enabled') }),
    ).toBeVisible();
    await expect(
      page.getByRole('list', { name: tr('en', 'profile:security.codes.listLabel') }).getByRole('listitem'),
    ).toHaveCount(10);
    await page.getByRole('button', { name: exactly(tr('en', 'profile:security.codes.done')) }).click();
    await expect(page.getByRole('heading', { name: tr('en', 'profile:security.on.title') })).toBeVisible();

    await signOutViaHeader(page);

    await gotoHydrated(page, '/auth/login');
    await submitLogin(page, account.email, account.password);
    await expect(page).toHaveURL('/auth/oauth-2fa');
    await expect(page).toHaveTitle(tr('en', 'auth:twoFactor.title'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'auth:twoFactor.heading'));
    // Password accepted, code owed: not signed in yet.
    await expectSignedOut(page);
    const status = await context.request.get('/api/v2/auth/status');
    expect(await status.json()).toEqual({ state: 'two_factor_pending' });

    // Each TOTP period's code is accepted once, and one was spent turning 2FA on: use the next period's code.
    await page.getByLabel(tr('en', 'auth:fields.code.label'), { exact: true }).fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: exactly(tr('en', 'auth:twoFactor.submit')) }).click();
    await expect(page).toHaveURL('/enterpage');
    await expectSignedIn(page);
    expect(await (await context.request.get('/api/v2/auth/status')).json()).toEqual({ state: 'signed_in' });
  });
});
