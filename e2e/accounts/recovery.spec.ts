/**
 * Mailed-link journeys of an existing account: a password reset through /auth/remind, and a
 * change of the sign-in address confirmed from the new mailbox.
 */
import { expect, test } from '@playwright/test';
import { exactly, gotoHydrated, tr } from '../support/app.ts';
import { INTL_ORIGIN } from '../support/env.ts';
import { hashLinkParts, linkIn, mailIdsTo, waitForMail } from '../support/outbox.ts';
import {
  createSignedInAccount,
  expectSignedIn,
  expectSignedOut,
  loginAlert,
  signOutViaHeader,
  submitLogin,
  uniqueEmail,
} from './flows.ts';

// Journeys of several page loads and password hashes: room for a busy machine.
test.describe.configure({ timeout: 90_000 });

test.describe('password reset', () => {
  test('a reset through /auth/remind: the mailed link sets a new password; the new one signs in, the old one fails', async ({
    page,
    context,
  }) => {
    const account = await createSignedInAccount(context, { tag: 'remind' });
    await context.clearCookies();
    const newPassword = 'a brand new password 77';

    // From the sign-in form's "Forgot your password?" link, the address carried over.
    await gotoHydrated(page, '/auth/login');
    await page.getByLabel(tr('en', 'auth:fields.email.label'), { exact: true }).fill(account.email);
    await page.getByRole('link', { name: exactly(tr('en', 'auth:login.forgot')) }).click();
    await expect(page).toHaveURL(`/auth/remind?email=${encodeURIComponent(account.email)}`);
    await expect(page).toHaveTitle(tr('en', 'auth:remind.title'));
    await expect(page.getByLabel(tr('en', 'auth:fields.email.label'), { exact: true })).toHaveValue(account.email);
    await page.getByRole('button', { name: exactly(tr('en', 'auth:remind.submit')) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'auth:remind.sent.heading'));
    await expect(page.getByRole('main')).toContainText(tr('en', 'auth:remind.sent.text', { email: account.email }));

    const mail = await waitForMail(account.email, { subject: tr('en', 'mail:remind.subject') });
    const link = linkIn(mail, /^\/auth\/check_remind\/[A-Za-z0-9_-]+\/\d+$/);
    expect(link.origin).toBe(INTL_ORIGIN);
    expect(hashLinkParts(link).userId).toBe(account.id);

    await gotoHydrated(page, link.href);
    await expect(page).toHaveTitle(tr('en', 'auth:checkRemind.title'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'auth:checkRemind.heading'));
    await page.getByLabel(tr('en', 'auth:fields.newPassword.label'), { exact: true }).fill(newPassword);
    await page.getByLabel(tr('en', 'auth:fields.repeatPassword.label'), { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: exactly(tr('en', 'auth:checkRemind.submit')) }).click();
    // Signed in right away, at the customer's home.
    await expect(page).toHaveURL('/enterpage');
    await expectSignedIn(page);

    await signOutViaHeader(page);

    // The old password no longer works…
    await gotoHydrated(page, '/auth/login');
    await submitLogin(page, account.email, account.password);
    await expect(loginAlert(page)).toHaveText(tr('en', 'auth:errors.INVALID_CREDENTIALS'));
    await expectSignedOut(page);
    // …the new one does.
    await submitLogin(page, account.email, newPassword);
    await expect(page).toHaveURL('/enterpage');
    await expectSignedIn(page);

    // The reset link worked once.
    await gotoHydrated(page, link.href);
    await page.getByLabel(tr('en', 'auth:fields.newPassword.label'), { exact: true }).fill('yet another password 99');
    await page
      .getByLabel(tr('en', 'auth:fields.repeatPassword.label'), { exact: true })
      .fill('yet another password 99');
    await page.getByRole('button', { name: exactly(tr('en', 'auth:checkRemind.submit')) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'auth:checkRemind.invalid.heading'));
  });
});

test.describe('change of e-mail address', () => {
  test('the link mailed to the new address makes it the sign-in address; the profile shows it', async ({
    page,
    context,
  }) => {
    const account = await createSignedInAccount(context, { tag: 'oldaddr' });
    const newEmail = uniqueEmail('newaddr');
    const oldMailBefore = mailIdsTo(account.email);

    await gotoHydrated(page, '/profile/edit');
    await expect(page).toHaveTitle(tr('en', 'profile:meta.title', { page: tr('en', 'profile:pages.edit.title') }));
    const form = page.locator('#change-email');
    await expect(form).toContainText(tr('en', 'profile:edit.email.current', { email: account.email }));
    await form.getByLabel(tr('en', 'profile:edit.email.new')).fill(newEmail);
    await form.getByLabel(tr('en', 'profile:edit.email.password')).fill(account.password);
    await form.getByRole('button', { name: exactly(tr('en', 'profile:edit.email.submit')) }).click();
    await expect(form.getByRole('status')).toHaveText(tr('en', 'profile:edit.email.sent', { email: newEmail }));

    // The confirmation goes to the new mailbox; the old one is told, with a link to cancel.
    const confirmMail = await waitForMail(newEmail, { subject: tr('en', 'mail:changeEmail.subject') });
    const confirm = linkIn(confirmMail, /^\/auth\/change_email\/[A-Za-z0-9_-]+\/\d+\/confirm$/);
    expect(confirm.origin).toBe(INTL_ORIGIN);
    expect(hashLinkParts(confirm).userId).toBe(account.id);
    const notice = await waitForMail(account.email, {
      subject: tr('en', 'mail:changeEmailNotice.subject'),
      except: oldMailBefore,
    });
    linkIn(notice, /^\/auth\/change_email\/[A-Za-z0-9_-]+\/\d+\/cancel$/);
    expect(notice.text).not.toContain('/confirm');

    await page.goto(confirm.href);
    await expect(page).toHaveTitle(tr('en', 'auth:changeEmail.title'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'auth:changeEmail.changed.heading'));

    await page.getByRole('link', { name: exactly(tr('en', 'auth:links.profile')) }).click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('main')).toContainText(newEmail);
    await expect(page.getByRole('main')).not.toContainText(account.email);

    // A fresh load agrees, and the edit form names the new address as the current one.
    await gotoHydrated(page, '/profile/edit');
    await expect(page.locator('#change-email')).toContainText(
      tr('en', 'profile:edit.email.current', { email: newEmail }),
    );
  });
});
