/**
 * Issue 21, finding 3: a browser's FormData upload to in.php. Chromium's boundary is
 * `----WebKitFormBoundary` + mixed-case alphanumerics, which the server used to lower-case before
 * reading it, so every browser upload answered ERROR_UPLOAD.
 *
 * The customer has the sandbox on (e2e/support/seed-accounts.ts): its tasks are offered only to
 * itself, never to another spec's worker.
 */
import { test } from '@playwright/test';
import { readAccounts } from '../support/accounts.ts';
import { signInTo } from '../support/app.ts';
import { expect } from './expect.ts';
import { textPicture } from './png.ts';

test('chromium uploads a PNG Blob to in.php with FormData', async ({ page }) => {
  const { uploadCustomer } = readAccounts();
  const png = textPicture();
  // Signed in, so the customer's own copy of the task image can be fetched afterwards.
  await signInTo(page, uploadCustomer, '/enterpage');
  const sent = page.waitForRequest((req) => req.url().endsWith('/in.php') && req.method() === 'POST');

  const answer = await page.evaluate(
    async ({ key, png }) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('key', key);
      form.append('method', 'post');
      form.append('file', new Blob([bytes], { type: 'image/png' }), 'captcha.png');
      const res = await fetch('/in.php', { method: 'POST', body: form });
      return res.text();
    },
    { key: uploadCustomer.apiKey, png: png.toString('base64') },
  );

  const contentType = (await sent).headers()['content-type'] ?? '';
  expect(contentType, 'chromium chose a mixed-case boundary').toMatch(/^multipart\/form-data; boundary=----WebKitFormBoundary[0-9A-Za-z]+$/);
  expect(contentType).toMatch(/[A-Z]/);
  expect(answer).toMatch(/^OK\|\d+$/);

  // The task exists and waits for a worker.
  const id = answer.slice(3);
  const poll = await page.request.get(`/res.php?key=${uploadCustomer.apiKey}&action=get&id=${id}`);
  expect(await poll.text()).toBe('CAPCHA_NOT_READY');

  // The server holds exactly the bytes the browser sent, not a truncated or re-encoded file.
  const image = await page.request.get(`/api/v2/customer/tasks/${id}/image`);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(Buffer.compare(await image.body(), png), 'the stored image is the uploaded one').toBe(0);
});
