/**
 * Steps the account journeys share. Every journey uses its own fresh address (uniqueEmail), so
 * the specs neither see each other's mail nor add up toward the per-address sign-in lockout
 * (5 failures / 15 min); failed sign-ins are kept to the two the journeys are about, far below the
 * per-IP lock (20 / 15 min) and the per-route limits (20 / min).
 *
 * Accounts a journey needs but is not about are made through the site API in the test's browser
 * context (register → the mailed link → check-key), which also signs that context in.
 */
import { randomBytes } from 'node:crypto';
import { expect, type APIResponse, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { exactly, tr, type Lang } from '../support/app.ts';
import { INTL_ORIGIN } from '../support/env.ts';
import { hashLinkParts, linkIn, waitForMail, type OutboxMail } from '../support/outbox.ts';

export const PASSWORD = 'correct horse battery 42';

/** An address nobody else in this run (or any other) uses. */
export function uniqueEmail(tag: string): string {
  return `acc-${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

/** `/path` in `lang` on the international site (English unprefixed). */
export function localized(lang: Lang, path: string): string {
  return lang === 'en' ? path : `/${lang}${path}`;
}

export function header(page: Page): Locator {
  return page.getByRole('banner');
}

export function signInLink(page: Page, lang: Lang = 'en'): Locator {
  return header(page).getByRole('link', { name: exactly(tr(lang, 'account.signIn')) });
}

export function signOutLink(page: Page, lang: Lang = 'en'): Locator {
  return header(page).getByRole('link', { name: exactly(tr(lang, 'account.signOut')) });
}

export async function expectSignedIn(page: Page, lang: Lang = 'en'): Promise<void> {
  await expect(signOutLink(page, lang)).toBeVisible();
  await expect(header(page).getByRole('link', { name: exactly(tr(lang, 'account.profile')) })).toBeVisible();
  await expect(signInLink(page, lang)).toHaveCount(0);
}

export async function expectSignedOut(page: Page, lang: Lang = 'en'): Promise<void> {
  await expect(signInLink(page, lang)).toBeVisible();
  await expect(signOutLink(page, lang)).toHaveCount(0);
}

/** Signs out through the header's "Sign out" link: /auth/logout, then the home page afresh. */
export async function signOutViaHeader(page: Page): Promise<void> {
  await signOutLink(page).click();
  await expect(page).toHaveURL('/');
  await expectSignedOut(page);
}

/** Fills the sign-in form of the page being shown (it must be /auth/login) and submits it. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(tr('en', 'auth:fields.email.label'), { exact: true }).fill(email);
  await page.getByLabel(tr('en', 'auth:fields.password.label'), { exact: true }).fill(password);
  await page.getByRole('button', { name: exactly(tr('en', 'auth:login.submit')) }).click();
}

/** The alert of a refused sign-in: "Wrong e-mail or password." */
export function loginAlert(page: Page): Locator {
  return page.getByRole('main').getByRole('alert');
}

/** The sign-up mail to `email`, and its confirmation link (/auth/check_key/{hash}/{userId}). */
export async function confirmationMail(email: string, lang: Lang = 'en'): Promise<{ mail: OutboxMail; link: URL }> {
  const mail = await waitForMail(email, { subject: tr(lang, 'mail:confirmEmail.subject') });
  const link = linkIn(mail, /^\/auth\/check_key\/[A-Za-z0-9_-]+\/\d+$/);
  expect(link.origin, 'mail links point at the site').toBe(INTL_ORIGIN);
  return { mail, link };
}

/** The double-submit CSRF token of the context (the server sets the cookie on any page). */
async function csrfToken(context: BrowserContext): Promise<string> {
  let cookie = (await context.cookies(INTL_ORIGIN)).find((c) => c.name === 'csrf_token');
  if (!cookie) {
    const res = await context.request.get('/auth/login');
    expect(res.status(), 'GET /auth/login').toBe(200);
    cookie = (await context.cookies(INTL_ORIGIN)).find((c) => c.name === 'csrf_token');
  }
  expect(cookie, 'the csrf_token cookie').toBeDefined();
  return decodeURIComponent(cookie!.value);
}

/** POST to the site API from the context (its cookies, its CSRF token); asserts a 2xx. */
export async function apiPost(context: BrowserContext, url: string, data: unknown): Promise<APIResponse> {
  const res = await context.request.post(url, { data, headers: { 'x-csrf-token': await csrfToken(context) } });
  expect(res.ok(), `POST ${url} → ${res.status()} ${await res.text()}`).toBe(true);
  return res;
}

export interface Account {
  id: number;
  email: string;
  password: string;
}

/**
 * A confirmed account made through the site API, the browser context signed in to it (the
 * confirmation link signs in). `userType: null` leaves the type unchosen.
 */
export async function createSignedInAccount(
  context: BrowserContext,
  opts: { tag: string; userType?: 'customer' | 'worker' | 'developer' | null; language?: Lang },
): Promise<Account> {
  const email = uniqueEmail(opts.tag);
  const language = opts.language ?? 'en';
  const userType = opts.userType === undefined ? 'customer' : opts.userType;
  await apiPost(context, '/api/v2/auth/register', {
    email,
    password: PASSWORD,
    language,
    ...(userType ? { userType } : {}),
  });
  const { link } = await confirmationMail(email, language);
  const { hash, userId } = hashLinkParts(link);
  const res = await apiPost(context, '/api/v2/auth/check-key', { hash, userId });
  expect(((await res.json()) as { status: string }).status).toBe('ok');
  return { id: userId, email, password: PASSWORD };
}
