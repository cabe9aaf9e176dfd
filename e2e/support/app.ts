/**
 * Helpers the foundation specs share: the app's own catalogues (so assertions follow the copy),
 * a hydration wait, cookie lifetime checks and a console/page-error collector.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type BrowserContext, type Cookie, type Locator, type Page } from '@playwright/test';
import { LANGUAGES, type Language } from '../../shared/i18n/languages.ts';

export type Lang = 'en' | 'ru' | 'zh';
export const LANGS: readonly Lang[] = ['en', 'ru', 'zh'];
export const BRAND = 'CaptchaHub';

type Catalogue = { [key: string]: string | Catalogue };
const catalogues = new Map<string, Catalogue>();

function catalogue(lang: Language, ns: string): Catalogue {
  const key = `${lang}/${ns}`;
  let cat = catalogues.get(key);
  if (!cat) {
    const file = path.resolve('shared/i18n/locales', lang, `${ns}.json`);
    cat = JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
    catalogues.set(key, cat);
  }
  return cat;
}

/** A translated string from shared/i18n/locales, `{{brand}}` filled in. `key` is `ns:dotted.path`. */
export function tr(lang: Language, key: string, vars: Record<string, string> = {}): string {
  const [ns, dotted] = key.includes(':') ? (key.split(':') as [string, string]) : ['common', key];
  let node: string | Catalogue | undefined = catalogue(lang, ns);
  for (const part of dotted.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no string ${lang}:${key}`);
  const values: Record<string, string> = { brand: BRAND, ...vars };
  return node.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values[name] ?? '');
}

/** A case-sensitive exact-match regexp for a string, for accessible-name matching. */
export function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** The language switcher's button, in whichever of the fifteen languages the page is shown. */
export function languageButton(page: Page): Locator {
  const names = [...new Set(LANGUAGES.map((l) => tr(l, 'language.choose').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))];
  return page.getByRole('button', { name: new RegExp(`^(${names.join('|')})$`) });
}

/** The header's menu button (the narrow-screen navigation toggle). */
function menuButton(page: Page): Locator {
  return page.locator('button[aria-controls="site-nav"]');
}

/**
 * Waits until React has hydrated the page: a toggle button only changes `aria-expanded` once its
 * click handler is attached. Uses the language switcher, or the menu button where the switcher is
 * hidden (narrow screens). The toggle is left closed again.
 */
export async function waitForHydration(page: Page): Promise<void> {
  const switcher = languageButton(page);
  await expect(switcher.or(menuButton(page)).first()).toBeAttached();
  const toggle = (await switcher.isVisible()) ? switcher : menuButton(page);
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click({ timeout: 2_000 });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
}

/** Goes to a URL, checks the response status, waits for hydration. */
export async function gotoHydrated(page: Page, url: string, status = 200) {
  const response = await page.goto(url);
  expect(response, `no response for ${url}`).not.toBeNull();
  expect(response!.status(), `status of ${url}`).toBe(status);
  await waitForHydration(page);
  return response!;
}

/** Signs in through the login form with `return_to`, and waits until the page it returns to. */
export async function signInTo(page: Page, account: { email: string; password: string }, returnTo: string) {
  await gotoHydrated(page, `/auth/login?return_to=${encodeURIComponent(returnTo)}`);
  await page.getByLabel(tr('en', 'auth:fields.email.label'), { exact: true }).fill(account.email);
  await page.getByLabel(tr('en', 'auth:fields.password.label'), { exact: true }).fill(account.password);
  await page.getByRole('button', { name: exactly(tr('en', 'auth:login.submit')) }).click();
  await page.waitForURL((url) => url.pathname === returnTo, { timeout: 30_000 });
}

export const DAY = 86_400;
export const YEAR = 365 * DAY;

export async function cookieOf(context: BrowserContext, name: string, url?: string): Promise<Cookie | undefined> {
  const cookies = await context.cookies(url);
  return cookies.find((c) => c.name === name);
}

/** Waits until the browser holds cookie `name` (optionally with `value`, URI-decoded) and returns it. */
export async function waitForCookie(context: BrowserContext, name: string, value?: string): Promise<Cookie> {
  let found: Cookie | undefined;
  const poll = expect.poll(
    async () => {
      found = await cookieOf(context, name);
      return found === undefined ? undefined : decodeURIComponent(found.value);
    },
    { message: `cookie ${name}` },
  );
  if (value === undefined) await poll.not.toBeUndefined();
  else await poll.toBe(value);
  return found!;
}

/** Asserts a cookie expires `lifetime` seconds from now, within a minute. */
export function expectLifetime(cookie: Cookie, lifetime: number) {
  expect(cookie.expires, `${cookie.name} is a session cookie`).toBeGreaterThan(0);
  const expected = Date.now() / 1000 + lifetime;
  expect(Math.abs(cookie.expires - expected), `${cookie.name} expires ${new Date(cookie.expires * 1000).toISOString()}, expected about ${new Date(expected * 1000).toISOString()}`).toBeLessThan(60);
}

/** Collects console errors and warnings and uncaught page errors from the moment it is attached. */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') {
      const where = msg.location();
      problems.push(`console.${msg.type()}: ${msg.text()}${where.url ? ` (${where.url}:${where.lineNumber})` : ''}`);
    }
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.stack ?? err.message}`));
  return problems;
}

export async function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}
