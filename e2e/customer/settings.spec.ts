/**
 * The customer's API settings in the browser, each checked through the compatible API in the same
 * test: maximum bid (ERROR_NO_SLOT_AVAILABLE), 100% recognition (the charge for every possible
 * answer is held; with the sandbox, ERROR_BAD_PARAMETERS), sandbox (the customer solves the task in
 * /cabinet), pingback hosts (res.php get_pingback, unregistered pingback refused) and the allowed
 * IP list (ERROR_IP_NOT_ALLOWED for 127.0.0.1).
 */
import { test } from '@playwright/test';
import { parseMoney } from '../../shared/money.ts';
import { Cabinet } from '../compat/cabinet.ts';
import { expect } from '../compat/expect.ts';
import { readAccounts, type E2eAccount } from '../support/accounts.ts';
import { gotoHydrated, tr } from '../support/app.ts';
import { expectApi, idOf, inPhp, resPhp } from './compat.ts';

const c = (key: string, vars: Record<string, string> = {}) => tr('en', `customer:${key}`, vars);

test.describe.configure({ mode: 'serial' });

let customer: E2eAccount;
test.beforeAll(() => {
  customer = readAccounts().settingsCustomer;
});

test('API settings in the console change what the API does', async ({ page }) => {
  test.setTimeout(180_000);
  const cabinet = new Cabinet(page);
  await cabinet.signIn(customer);
  const save = () => page.getByRole('button', { name: c('common.save'), exact: true }).click();
  const saved = () => expect(page.getByRole('status').filter({ hasText: c('settings.saved') })).toBeVisible();

  // The key shown on /setting is the one the API takes.
  await gotoHydrated(page, '/setting');
  await expect(page).toHaveTitle(c('meta.title', { page: c('settings.api.heading') }));
  await expect(page.getByTestId('api-key')).toHaveValue(customer.apiKey);
  await expect(page.getByRole('navigation', { name: c('nav.label') }).getByRole('link', { name: c('nav.items.apiSettings') })).toHaveAttribute('aria-current', 'page');
  expect(await inPhp(customer.apiKey)).toMatch(/^OK\|\d+$/);

  await test.step('maximum bid below the live rate: ERROR_NO_SLOT_AVAILABLE; no limit: accepted', async () => {
    await page.getByLabel(c('settings.bid.limit')).check();
    await page.getByLabel(c('settings.bid.label')).fill('0.10');
    await save();
    await saved();
    await expectApi(() => inPhp(customer.apiKey), /^ERROR_NO_SLOT_AVAILABLE$/, 'a bid under the $0.50 floor is refused');
    await page.getByLabel(c('settings.bid.limit')).uncheck();
    await save();
    await saved();
    await expectApi(() => inPhp(customer.apiKey), /^OK\|\d+$/, 'without a limit the captcha is accepted');
  });

  await test.step('100% recognition: the charge for every answer is held; with the sandbox the API refuses', async () => {
    await gotoHydrated(page, '/setting/percent_100');
    await page.getByLabel(c('settings.consensus.enable')).check();
    await page.getByLabel(c('settings.consensus.fields.minAttempts.label')).fill('2');
    await page.getByLabel(c('settings.consensus.fields.maxAttempts.label')).fill('3');
    await page.getByLabel(c('settings.consensus.fields.minMatches.label')).fill('2');
    await expect(page.getByTestId('consensus-example')).toContainText('$1.00 per 1000');
    await expect(page.getByTestId('consensus-example')).toContainText('$1.50 per 1000');
    await save();
    await saved();
    // The rate of each of the 3 possible answers is held at upload: three times the image rate
    // (at least its $0.0005 floor; more under load).
    let held = 0;
    await expect
      .poll(
        async () => {
          const before = parseMoney(await resPhp(customer.apiKey, 'getbalance'));
          const answer = await inPhp(customer.apiKey);
          const after = parseMoney(await resPhp(customer.apiKey, 'getbalance'));
          held = answer.startsWith('OK|') ? before - after : -1;
          return held >= 1500 && held % 3 === 0 && held / 3 < 1500;
        },
        { message: 'a 100% recognition upload holds three answers', timeout: 10_000 },
      )
      .toBe(true);

    await gotoHydrated(page, '/setting');
    await page.getByLabel(c('settings.sandbox.label')).check();
    await expect(page.getByTestId('sandbox-consensus-conflict')).toHaveText(c('settings.conflict'));
    await save();
    await saved();
    await expectApi(() => inPhp(customer.apiKey), /^ERROR_BAD_PARAMETERS$/, 'sandbox with 100% recognition is refused');
    await gotoHydrated(page, '/setting/percent_100');
    await expect(page.getByTestId('sandbox-consensus-conflict')).toBeVisible();
    await page.getByLabel(c('settings.consensus.enable')).uncheck();
    await save();
    await saved();
    await expect(page.getByTestId('sandbox-consensus-conflict')).toHaveCount(0);
  });

  await test.step('sandbox: the task waits for the customer, who solves it in /cabinet', async () => {
    const id = idOf(await expectApi(() => inPhp(customer.apiKey), /^OK\|\d+$/, 'a sandbox captcha is accepted'));
    expect(await resPhp(customer.apiKey, 'get', { id })).toBe('CAPCHA_NOT_READY');
    await gotoHydrated(page, '/cabinet');
    let since = cabinet.mark();
    await page.getByRole('button', { name: tr('en', 'worker:work.startSandbox') }).click();
    // Earlier sandbox uploads may come first: answer each until ours is on screen.
    for (;;) {
      const task = await cabinet.nextTask(since);
      await task.stage.getByRole('textbox', { name: tr('en', 'worker:solver.text.label') }).fill('SBX42');
      since = cabinet.mark();
      await cabinet.submit(task.stage);
      await cabinet.accepted(task.offer.id, since);
      if (String(task.offer.id) === id) break;
    }
    await expectApi(() => resPhp(customer.apiKey, 'get', { id }), /^OK\|SBX42$/, 'the sandbox answer reaches the API');
  });

  await test.step('pingback hosts: registered on the page, listed by res.php, enforced by in.php', async () => {
    await gotoHydrated(page, '/setting/pingback');
    await expect(page.getByText(c('settings.pingback.emptyTitle'))).toBeVisible();
    expect(await inPhp(customer.apiKey, { pingback: 'http://hooks.example.com/captcha' })).toBe('ERROR_BAD_PARAMETERS');
    await page.getByLabel(c('settings.pingback.label')).fill('http://Hooks.Example.com/captcha');
    await page.getByRole('button', { name: c('settings.pingback.add'), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: c('settings.pingback.added', { host: 'hooks.example.com' }) })).toBeVisible();
    await expect(page.getByTestId('pingback-hosts')).toContainText('hooks.example.com');
    await expectApi(() => resPhp(customer.apiKey, 'get_pingback'), /^OK\|hooks\.example\.com$/, 'res.php lists the host');
    await expectApi(() => inPhp(customer.apiKey, { pingback: 'http://hooks.example.com/captcha' }), /^OK\|\d+$/, 'a registered pingback is accepted');
    expect(await inPhp(customer.apiKey, { pingback: 'http://other.example.com/captcha' })).toBe('ERROR_BAD_PARAMETERS');
    await page.getByRole('button', { name: c('settings.pingback.remove', { host: 'hooks.example.com' }) }).click();
    await expect(page.getByText(c('settings.pingback.emptyTitle'))).toBeVisible();
    await expectApi(() => resPhp(customer.apiKey, 'get_pingback'), /^OK\|$/, 'res.php lists no host');
  });

  await test.step('allowed IPs: 127.0.0.1 off the list is refused, on the list accepted', async () => {
    await gotoHydrated(page, '/setting/iplist');
    await expect(page.getByTestId('iplist-mode')).toHaveText(c('settings.iplist.open'));
    const field = page.getByLabel(c('settings.iplist.label'));
    await field.fill('203.0.113.7');
    await page.getByRole('button', { name: c('settings.iplist.add'), exact: true }).click();
    await expect(page.getByTestId('allowed-ips')).toContainText('203.0.113.7');
    await expectApi(() => inPhp(customer.apiKey), /^ERROR_IP_NOT_ALLOWED$/, '127.0.0.1 is not on the list');
    expect(await resPhp(customer.apiKey, 'getbalance')).toBe('ERROR_IP_NOT_ALLOWED');
    await field.fill('127.0.0.1');
    await page.getByRole('button', { name: c('settings.iplist.add'), exact: true }).click();
    await expect(page.getByTestId('allowed-ips')).toContainText('127.0.0.1');
    await expectApi(() => inPhp(customer.apiKey), /^OK\|\d+$/, '127.0.0.1 is on the list');
    for (const ip of ['203.0.113.7', '127.0.0.1']) {
      await page.getByRole('button', { name: c('settings.iplist.remove', { ip }) }).click();
      await expect(page.getByTestId('allowed-ips').or(page.getByText(c('settings.iplist.emptyTitle'))).first()).not.toContainText(ip);
    }
    await expect(page.getByTestId('iplist-mode')).toHaveText(c('settings.iplist.open'));
  });

});
