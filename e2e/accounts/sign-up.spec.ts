/**
 * Sign-up journeys: a customer confirms the mailed link and lands home signed in; a user without
 * a type is sent to /select-role by pages that need one and comes back once it is chosen.
 */
import { expect, test, type Page } from '@playwright/test';
import { exactly, gotoHydrated, tr } from '../support/app.ts';
import { INTL_ORIGIN } from '../support/env.ts';
import { hashLinkParts } from '../support/outbox.ts';
import { PASSWORD, confirmationMail, expectSignedIn, expectSignedOut, uniqueEmail } from './flows.ts';

// Journeys of several page loads and password hashes: room for a busy machine.
test.describe.configure({ timeout: 90_000 });

/** Fills and submits the sign-up form, then waits for "Check your inbox". */
async function register(page: Page, email: string) {
  await page.getByLabel(tr('en', 'auth:fields.email.label'), { exact: true }).fill(email);
  await page.getByLabel(tr('en', 'auth:fields.password.label'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: exactly(tr('en', 'auth:register.submit')) }).click();
  await expect(page).toHaveURL(`/auth/confirm-email?email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'auth:confirmEmail.heading'));
  await expect(page.getByRole('main')).toContainText(tr('en', 'auth:confirmEmail.sentTo', { email }));
}

test.describe('sign-up', () => {
  test('a customer registers, opens the mailed link and lands on /enterpage signed in', async ({ page }) => {
    const email = uniqueEmail('signup');
    await gotoHydrated(page, '/auth/register?userType=customer');
    await expect(page).toHaveTitle(tr('en', 'auth:register.title'));
    await expectSignedOut(page);
    // ?userType=customer preselects the type.
    await expect(page.getByRole('radio', { name: exactly(tr('en', 'auth:roles.customer.title')) })).toBeChecked();
    await register(page, email);

    const { mail, link } = await confirmationMail(email);
    expect(mail.to).toBe(email);
    const { userId } = hashLinkParts(link);
    expect(link.pathname).toMatch(new RegExp(`^/auth/check_key/[A-Za-z0-9_-]{20,}/${userId}$`));

    await page.goto(link.href);
    await expect(page).toHaveURL('/enterpage');
    await expect(page).toHaveTitle(tr('en', 'customer:meta.title', { page: tr('en', 'customer:dashboard.title') }));
    await expectSignedIn(page);

    // The link worked once.
    await page.goto(link.href);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'auth:checkKey.invalid.heading'));
  });

  test('a user without a type is sent to /select-role by /profile, chooses "customer" and returns to /profile', async ({
    page,
  }) => {
    const email = uniqueEmail('notype');
    await gotoHydrated(page, '/auth/register');
    for (const role of ['customer', 'worker', 'developer']) {
      await expect(page.getByRole('radio', { name: exactly(tr('en', `auth:roles.${role}.title`)) })).not.toBeChecked();
    }
    await register(page, email);

    const { link } = await confirmationMail(email);
    await page.goto(link.href);
    // Without a type, home is the type choice.
    await expect(page).toHaveURL('/select-role');
    await expectSignedIn(page);

    const response = await page.goto('/profile');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(`/select-role?return_to=${encodeURIComponent('/profile')}`);
    await expect(page).toHaveTitle(tr('en', 'auth:selectRole.title'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'auth:selectRole.heading'));

    await page.getByRole('radio', { name: exactly(tr('en', 'auth:roles.customer.title')) }).check();
    await page.getByRole('button', { name: exactly(tr('en', 'auth:selectRole.submit')) }).click();
    await expect(page).toHaveURL('/profile');
    expect(page.url()).toBe(`${INTL_ORIGIN}/profile`);
    await expect(page).toHaveTitle(tr('en', 'profile:meta.title', { page: tr('en', 'profile:pages.overview.title') }));
    await expect(page.getByRole('main')).toContainText(email);

    // The type sticks: /profile opens directly now.
    await gotoHydrated(page, '/profile');
    await expect(page).toHaveURL('/profile');
  });
});
