/**
 * Issue 14, "Done when": the live demos end to end on the production build.
 *
 * 1. A visitor solves /demo/normal by hand: a wrong answer is refused (and uses the captcha up), a
 *    right one passes, and pressing Verify again with the same answer is refused as already used.
 * 2. The JavaScript client library (@2captcha/captcha-solver, its hard-coded host sent to this
 *    server as in e2e/compat) submits the demo's picture through in.php while the demo worker
 *    answers in /cabinet; the library's answer passes the demo's verify, and /captcha-recognition
 *    then shows that solve (picture, answer).
 * 3. The built extension (dist/extension) in chromium: the options page takes the key and the
 *    server, and on /demo/normal and /demo/text it sends the captcha (marked by the page with
 *    data-captchahub-* attributes), fills in the answer the worker gives and submits, and the
 *    demo's verify says success — no manual step on the demo page.
 *
 * The demo secret is known to the e2e server (support/seed-demo.ts), so the spec knows the answer
 * a person would read off each picture. The demo customer's tasks default to Japanese and the demo
 * worker reads only Japanese: no other spec's worker takes them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Solver } from '@2captcha/captcha-solver';
import { chromium, test, type BrowserContext, type Page, type Response } from '@playwright/test';
import type { DemoChallenge } from '../../shared/contracts/demo.ts';
import type { TaskOffer } from '../../shared/contracts/realtime.ts';
import { generate, seededRandom } from '../../server/modules/demo/generators.ts';
import { Cabinet } from '../compat/cabinet.ts';
import { expect } from '../compat/expect.ts';
import { redirectLibraryHosts, type HostRedirect } from '../compat/hosts.ts';
import { readAccounts, type E2eAccounts } from '../support/accounts.ts';
import { gotoHydrated, tr } from '../support/app.ts';
import { INTL_ORIGIN } from '../support/env.ts';
import { E2E_DEMO_SECRET } from '../support/seed-demo.ts';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

/** Set to a folder to keep screenshots of the recognition page with the real example (en, ru, zh; 1280 and 390 px). */
const shots = process.env.SCREENSHOT_DIR;

const d = (key: string, vars: Record<string, string> = {}) => tr('en', `demo:${key}`, vars);

let accounts: E2eAccounts;
let workerContext: BrowserContext;
let cabinet: Cabinet;

/** The answer a person reads off demo captcha `id` (drawn from the e2e server's known secret). */
async function answerOf(slug: 'normal' | 'text', id: string): Promise<string> {
  return String((await generate(slug, 'en', seededRandom(E2E_DEMO_SECRET, id))).answer.text);
}

const isIssue = (slug: string) => (r: Response) => new URL(r.url()).pathname === `/api/v1/captcha-demo/${slug}` && r.request().method() === 'GET';

/** Opens a demo page and returns the captcha it shows (as the page received it). */
async function openDemo(page: Page, slug: string): Promise<DemoChallenge> {
  const issued = page.waitForResponse(isIssue(slug));
  await gotoHydrated(page, `/demo/${slug}`);
  const challenge = (await (await issued).json()) as DemoChallenge;
  await expect(page.getByTestId('demo-captcha')).toBeVisible();
  return challenge;
}

/**
 * Where the demo worker's unhandled offers begin in the cabinet's traffic: taken before "Start
 * work" and moved past each offer the worker answers. An offer that reached the worker meanwhile
 * (another spec's task without a language, on screen while the worker waits) is seen and skipped.
 */
let unhandled = 0;

/** The demo worker answers the next offer `match` accepts (its picture or question), skipping any other. */
async function workerAnswers(match: (offer: TaskOffer) => boolean, answer: string) {
  const { offer, stage, since: after } = await cabinet.nextTaskMatching(match, unhandled);
  unhandled = after;
  await stage.getByRole('textbox', { name: /^Your answer/ }).fill(answer);
  await cabinet.submit(stage);
  await cabinet.accepted(offer.id, after);
  return offer;
}

test.beforeAll(async ({ browser }) => {
  accounts = readAccounts();
  workerContext = await browser.newContext({ baseURL: INTL_ORIGIN, locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });
  await workerContext.route((url) => !['localhost', '127.0.0.1'].includes(url.hostname), (route) => route.abort());
  cabinet = new Cabinet(await workerContext.newPage());
});

test.afterAll(async () => {
  await cabinet?.stopWork().catch(() => undefined);
  await workerContext?.close();
});

test('a visitor solves /demo/normal by hand: wrong is refused, right passes, the same answer again is refused', async ({ page }) => {
  const first = await openDemo(page, 'normal');
  expect(first.image).toMatch(/^data:image\/png;base64,/);
  const form = page.getByTestId('demo-captcha');
  await expect(form.locator('img[data-captchahub-image]')).toHaveAttribute('src', first.image!);
  // The API panel shows the exact call with this picture and the sample key (not signed in).
  await expect(page.getByText(d('api.sampleKey'))).toBeVisible();
  await expect(page.locator('.demo-code').first()).toContainText('key=YOUR_API_KEY');
  await expect(page.locator('.demo-code').first()).toContainText(first.image!.slice(22, 80));

  const answer = page.getByRole('textbox', { name: d('form.answer') });
  await answer.fill('zzzzz');
  await page.getByRole('button', { name: d('form.verify') }).click();
  await expect(page.getByTestId('demo-result')).toHaveAttribute('data-outcome', 'wrong');
  await expect(page.getByText(d('outcome.wrong'))).toBeVisible();
  // The wrong answer used the captcha up: even the right answer is refused now.
  await answer.fill(await answerOf('normal', first.id));
  await page.getByRole('button', { name: d('form.verify') }).click();
  await expect(page.getByTestId('demo-result')).toHaveAttribute('data-outcome', 'used');

  const issued = page.waitForResponse(isIssue('normal'));
  await page.getByRole('button', { name: d('form.new') }).first().click();
  const second = (await (await issued).json()) as DemoChallenge;
  expect(second.id).not.toBe(first.id);
  await answer.fill(await answerOf('normal', second.id));
  await page.getByRole('button', { name: d('form.verify') }).click();
  await expect(page.getByTestId('demo-result')).toHaveAttribute('data-outcome', 'success');
  await expect(page.getByText(d('outcome.success'))).toBeVisible();
  // The same answer again: refused, a captcha is accepted once.
  await page.getByRole('button', { name: d('form.verify') }).click();
  await expect(page.getByTestId('demo-result')).toHaveAttribute('data-outcome', 'used');
  await expect(page.getByText(d('outcome.used'))).toBeVisible();
});

test('the other captchas of ours are solved by hand too: grid tiles, click points, rotation and slider by their controls', async ({ page }) => {
  const draw = async (slug: 'grid' | 'clickcaptcha' | 'rotatecaptcha' | 'slider', id: string) => (await generate(slug, 'en', seededRandom(E2E_DEMO_SECRET, id))).answer;
  const verify = async () => {
    await page.getByRole('button', { name: d('form.verify') }).click();
    await expect(page.getByTestId('demo-result')).toHaveAttribute('data-outcome', 'success');
  };

  const grid = await openDemo(page, 'grid');
  for (const n of (await draw('grid', grid.id)).tiles as number[]) await page.getByRole('button', { name: d('form.tile', { n: String(n) }), exact: true }).click();
  await verify();

  const click = await openDemo(page, 'clickcaptcha');
  const targets = (await draw('clickcaptcha', click.id)).targets as { x: number; y: number }[];
  await page.getByRole('textbox', { name: d('form.points') }).fill(targets.map((t) => `x=${t.x},y=${t.y}`).join(';'));
  await verify();

  const rotate = await openDemo(page, 'rotatecaptcha');
  await page.getByRole('slider').fill(String((await draw('rotatecaptcha', rotate.id)).angle));
  await verify();

  const slider = await openDemo(page, 'slider');
  await page.getByRole('slider').fill(String((await draw('slider', slider.id)).x));
  await verify();
});

test('the client library solves /demo/normal through the API while the worker answers in /cabinet; verify passes; /captcha-recognition shows it', async ({ page }) => {
  test.setTimeout(150_000);
  await cabinet.signIn(accounts.demoWorker);
  unhandled = cabinet.mark();
  await cabinet.startWork();
  const challenge = await openDemo(page, 'normal');
  const body = challenge.image!.slice('data:image/png;base64,'.length);
  const right = await answerOf('normal', challenge.id);

  let redirect: HostRedirect | undefined;
  try {
    redirect = await redirectLibraryHosts();
    const solver = new Solver(accounts.demoCustomer.apiKey, 250);
    const solving = solver.imageCaptcha({ body });
    solving.catch(() => undefined);
    const offer = await workerAnswers((o) => o.media === challenge.image, right);
    expect(offer.type).toBe('normal');
    const result = await solving;
    expect(result.data).toBe(right);
    expect(result.id).toBe(String(offer.id));

    // The answer the library returned goes into the demo's form, as a site's visitor would send it.
    await page.getByRole('textbox', { name: d('form.answer') }).fill(result.data);
    await page.getByRole('button', { name: d('form.verify') }).click();
    await expect(page.getByTestId('demo-result')).toHaveAttribute('data-outcome', 'success');
  } finally {
    await redirect?.stop();
  }

  await gotoHydrated(page, '/captcha-recognition');
  const example = page.getByTestId('recognition-example').filter({ has: page.locator(`img[src="${challenge.image}"]`) });
  await expect(example).toHaveCount(1);
  await expect(example.getByTestId('recognition-answer')).toHaveText(right);
  await expect(example).toContainText(d('recognition.time'));
  await gotoHydrated(page, '/captcha-recognition/normal');
  await expect(page.getByTestId('recognition-example').filter({ has: page.locator(`img[src="${challenge.image}"]`) })).toHaveCount(1);
  if (shots) {
    for (const [lang, prefix] of [['en', ''], ['ru', '/ru'], ['zh', '/zh']] as const) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await gotoHydrated(page, `${prefix}/captcha-recognition`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no sideways scroll at ${width}`).toBe(true);
        await page.screenshot({ path: path.join(shots, `recognition-${lang}-${width}.png`), fullPage: true });
      }
    }
  }
});

test('the built extension fills /demo/normal and /demo/text with the worker\'s answers and the demo verifies them', async () => {
  test.setTimeout(180_000);
  const extension = path.resolve('dist/extension');
  const profile = mkdtempSync(path.join(os.tmpdir(), 'captchahub-extension-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [`--disable-extensions-except=${extension}`, `--load-extension=${extension}`, '--no-sandbox', '--disable-gpu'],
    baseURL: INTL_ORIGIN,
    locale: 'en-US',
    viewport: { width: 1280, height: 900 },
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const id = new URL(worker.url()).host;

    // Options: the key and the server, submit after filling; saving checks the key (balance).
    const options = await context.newPage();
    await options.goto(`chrome-extension://${id}/options.html`);
    await options.getByLabel('API key').fill(accounts.demoCustomer.apiKey);
    await options.getByLabel('Server address').fill(`${INTL_ORIGIN}/`);
    await options.getByLabel('Submit the form after filling in the answer').check();
    await options.getByRole('button', { name: 'Save' }).click();
    await expect(options.getByRole('status')).toHaveText('Saved. The key works.');
    await expect(options.locator('#balance')).toHaveText(/^\$\d+(\.\d+)?$/);
    await options.close();

    for (const slug of ['normal', 'text'] as const) {
      const page = await context.newPage();
      // The extension sends the captcha as soon as it appears; the worker looks at every offer since its last answer.
      const challenge = await openDemo(page, slug);
      const right = await answerOf(slug, challenge.id);
      const offer = await workerAnswers((o) => (slug === 'normal' ? o.media === challenge.image : Object.values(o.params).includes(challenge.question)), right);
      expect(offer.type).toBe(slug);
      // The extension filled the answer and submitted the form; the demo's own verify says success.
      await expect(page.getByTestId('demo-result')).toHaveAttribute('data-outcome', 'success', { timeout: 20_000 });
      await expect(page.getByRole('textbox', { name: d('form.answer') })).toHaveValue(right);
      await expect(page.locator('[data-captchahub-status]')).toContainText('answer filled');
      await page.close();
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
