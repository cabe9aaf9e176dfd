/**
 * Every authentication and profile screen exists in English, Russian and Chinese: for each page
 * path under /, /ru/ and /zh/, the answer (200 or the expected redirect), `<html lang>`, the
 * `<title>` from the app's own catalogues, and a clean console through hydration. Auth pages are
 * visited signed out, profile pages signed in; one browser context (one test) per language.
 */
import { expect, test, type Page } from '@playwright/test';
import { LANGS, collectProblems, tr, waitForHydration, type Lang } from '../support/app.ts';
import { INTL_ORIGIN } from '../support/env.ts';
import { createSignedInAccount, expectSignedIn, expectSignedOut, localized } from './flows.ts';

/** A hash link the page itself rejects (the hash is too short), so no API call fails on the console. */
const BAD = 'expired/1';

/** Auth pages for a visitor: path → title key in the auth catalogue. */
const AUTH_PAGES: [path: string, titleKey: string][] = [
  ['/auth/register', 'register.title'],
  ['/auth/login', 'login.title'],
  ['/auth/remind', 'remind.title'],
  ['/auth/confirm-email?email=someone%40example.com', 'confirmEmail.title'],
  ['/auth/oauth-2fa', 'twoFactor.title'],
  ['/auth/two_factor_error', 'twoFactorError.title'],
  [`/auth/check_remind/${BAD}`, 'checkRemind.title'],
  [`/auth/check_key/${BAD}`, 'checkKey.title'],
  [`/auth/edit_purse/${BAD}`, 'editPurse.title'],
  [`/auth/change_email/${BAD}/confirm`, 'changeEmail.title'],
  [`/auth/delete_email/${BAD}`, 'deleteEmail.title'],
];

/** Pages for a signed-in user: path → its translated title. */
const SIGNED_IN_PAGES: [path: string, title: (lang: Lang) => string][] = [
  ['/select-role', (l) => tr(l, 'auth:selectRole.title')],
  ['/cabinet/edittype', (l) => tr(l, 'auth:editType.title')],
  ...(
    [
      ['/profile', 'overview'],
      ['/profile/edit', 'edit'],
      ['/profile/notif', 'notifications'],
      ['/profile/authentication', 'security'],
      ['/profile/docs', 'documents'],
      ['/profile/edit_password', 'password'],
      ['/profile/delete', 'delete'],
    ] as const
  ).map(([path, section]): [string, (l: Lang) => string] => [
    path,
    (l) => tr(l, 'profile:meta.title', { page: tr(l, `profile:pages.${section}.title`) }),
  ]),
];

/** Pages that need a signed-in user, as a visitor sees them: the sign-in page with return_to. */
const PROTECTED = ['/select-role', '/profile/edit?tab=security'];

function expectClean(problems: string[], url: string) {
  expect(problems, `console errors and warnings on ${url}`).toEqual([]);
}

/** Opens `url` (expecting 200 at `finalUrl`), checks language and title, waits for hydration. */
async function visit(page: Page, problems: string[], lang: Lang, url: string, title: string, finalUrl = url) {
  const response = await page.goto(url);
  expect(response, `no response for ${url}`).not.toBeNull();
  expect(response!.status(), `status of ${url}`).toBe(200);
  expect(page.url(), `where ${url} ends`).toBe(`${INTL_ORIGIN}${finalUrl}`);
  await expect(page.locator('html'), `<html lang> of ${url}`).toHaveAttribute('lang', lang);
  await expect(page, `title of ${url}`).toHaveTitle(title);
  await waitForHydration(page);
  await expect(page, `title of ${url} after hydration`).toHaveTitle(title);
  expectClean(problems, url);
}

for (const lang of LANGS) {
  test(`auth and profile screens in ${lang}`, async ({ page, context }) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    const home = localized(lang, '/');

    // Signed out: every auth screen.
    for (const [path, key] of AUTH_PAGES) {
      await visit(page, problems, lang, localized(lang, path), tr(lang, `auth:${key}`));
    }
    await expectSignedOut(page, lang);

    // Signing out without a session: the page (200, translated) then the home page.
    const logout = localized(lang, '/auth/logout');
    const html = await (await context.request.get(logout)).text();
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toContain(`<title>${tr(lang, 'auth:logout.title')}</title>`);
    const logoutResponse = await page.goto(logout);
    expect(logoutResponse?.status()).toBe(200);
    await expect(page).toHaveURL(home);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await waitForHydration(page);
    expectClean(problems, logout);

    // Signed out, pages that need a user redirect to the sign-in page and keep the target.
    for (const path of PROTECTED) {
      const target = localized(lang, path);
      const login = `${localized(lang, '/auth/login')}?return_to=${encodeURIComponent(target)}`;
      await visit(page, problems, lang, target, tr(lang, 'auth:login.title'), login);
    }

    // Signed in (a fresh customer, confirmed through the mailed link in this context).
    await createSignedInAccount(context, { tag: `i18n-${lang}`, language: lang });
    for (const [path, title] of SIGNED_IN_PAGES) {
      await visit(page, problems, lang, localized(lang, path), title(lang));
    }
    await expectSignedIn(page, lang);

    // Signed in, the sign-in and sign-up pages send the user home (the customer's dashboard).
    for (const path of ['/auth/login', '/auth/register']) {
      await visit(
        page,
        problems,
        lang,
        localized(lang, path),
        tr(lang, 'customer:meta.title', { page: tr(lang, 'customer:dashboard.title') }),
        localized(lang, '/enterpage'),
      );
    }
  });
}
