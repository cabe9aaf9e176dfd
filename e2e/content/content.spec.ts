/**
 * The content engine in the browser (issue 15). A moderator writes a blog article with an uploaded
 * and a dropped image, previews it, schedules it a minute ahead; it appears on /blog at its time (the page cache
 * is cleared by the schedule), visitors find it by search and by topic, in the RSS feed and the
 * sitemap, and the image is served resized. Editing adds a revision that is restored; unpublishing
 * takes it out of the list, search, feed and sitemap. A customer reaches no editor page or call.
 * With SCREENSHOT_DIR set, the list, an article and the editor are captured at 1280 and 390 px.
 */
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { readAccounts } from '../support/accounts.ts';
import { gotoHydrated, signInTo, tr, type Lang } from '../support/app.ts';

const c = (key: string, vars: Record<string, string> = {}, lang: Lang = 'en') => tr(lang, `content:${key}`, vars);
const shots = process.env.SCREENSHOT_DIR;

test.describe.configure({ mode: 'serial' });

/** A visitor without a session: what the page cache serves. */
async function anonymous(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function capture(page: Page, name: string, url: (lang: Lang) => string, langs: readonly Lang[]) {
  if (!shots) return;
  for (const lang of langs) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, url(lang));
      await page.screenshot({ path: path.join(shots, `content-${name}-${lang}-${width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const stamp = Date.now().toString(36);
const slug = `scheduled-e2e-${stamp}`;
const word = `zebrafinch${stamp}`;
const topic = `e2e-${stamp}`;
const title = `Pingback retries explained ${stamp}`;

test('a moderator writes, schedules and publishes an article; visitors find it; revisions restore; unpublishing hides it', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const { moderator } = readAccounts();
  await signInTo(page, moderator, '/editor/blog');
  await expect(page.getByRole('heading', { level: 1, name: c('editor.listTitle', { collection: c('collections.blog.title') }) })).toBeVisible();
  await page.getByRole('link', { name: c('editor.newArticle') }).click();
  await page.waitForURL('**/editor/blog/new');

  await page.getByRole('textbox', { name: c('editor.fields.title'), exact: true }).fill(title);
  await page.getByRole('textbox', { name: c('editor.fields.summary'), exact: true }).fill('When a pingback fails, what the server does next.');
  await page.getByRole('textbox', { name: c('editor.fields.slug'), exact: true }).fill(slug);
  await page.getByRole('textbox', { name: c('editor.fields.tags'), exact: true }).fill(`${topic}, pingback`);
  const body = page.locator('#body-en');
  await body.fill(`## How retries work\n\nThe ${word} endpoint is called again when it fails.\n\n\`\`\`python\nprint("retry")\n\`\`\`\n\n## When to give up\n\nAfter an hour.\n`);

  // An image, uploaded through the editor, goes into the text as a resized WebP.
  const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#2563eb' } }).png().toBuffer();
  await page.getByTestId('image-input').setInputFiles({ name: 'retry-diagram.png', mimeType: 'image/png', buffer: png });
  await expect(body).toHaveValue(/!\[retry-diagram\]\(\/api\/v1\/articles\/attachments\/\d+\/1600\.webp\)/);
  const imageUrl = /\((\/api\/v1\/articles\/attachments\/\d+\/)1600\.webp\)/.exec(await body.inputValue())![1]!;
  // An image dropped onto the text is uploaded and inserted too.
  const dropped = await page.evaluateHandle(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 320;
    canvas.getContext('2d')!.fillRect(0, 0, 640, 320);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], 'dropped-chart.png', { type: 'image/png' }));
    return transfer;
  });
  await body.dispatchEvent('drop', { dataTransfer: dropped });
  await expect(body).toHaveValue(/!\[dropped-chart\]\(\/api\/v1\/articles\/attachments\/\d+\/640\.webp\)/);
  // The live preview is the server's rendering: highlighted code, the heading's anchor.
  await expect(page.locator('.w-md-editor-preview pre.shiki')).toBeVisible();

  // Scheduled for the next whole minute at least 20 s away (the time input has minutes).
  const at = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
  await page.getByRole('combobox', { name: c('editor.fields.status'), exact: true }).selectOption('scheduled');
  await page.locator('input[name="publishAt"]').fill(at.toISOString().slice(0, 16));
  await page.getByRole('button', { name: c('editor.save') }).click();
  await page.waitForURL(`**/editor/blog/${slug}/edit`);
  await expect(page.getByText(c('editor.status.scheduled'), { exact: true }).first()).toBeVisible();

  // The preview shows it as the public page will, the image with its web sizes.
  await page.getByRole('link', { name: c('editor.preview'), exact: true }).click();
  await page.waitForURL(`**/editor/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('img', { name: 'retry-diagram' })).toHaveAttribute('srcset', new RegExp(`${imageUrl}480\\.webp 480w`));

  // Before its time a visitor sees nothing; at its time it is on /blog (the cached list is cleared).
  const visitor = await anonymous(browser);
  await gotoHydrated(visitor, '/blog');
  await expect(visitor.getByRole('link', { name: title })).toHaveCount(0);
  expect(Date.now()).toBeLessThan(at.getTime());
  await expect(async () => {
    await visitor.goto('/blog');
    await expect(visitor.getByRole('link', { name: title })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 120_000, intervals: [2_000] });
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  // Not in Russian: the article has only an English version.
  await gotoHydrated(visitor, '/ru/blog');
  await expect(visitor.getByRole('link', { name: title })).toHaveCount(0);

  // Search (stemmed: "retrying" finds "retries") and the topic find it; the image is resized.
  await gotoHydrated(visitor, `/blog?text=${encodeURIComponent(`${word} retrying`)}`);
  await expect(visitor.locator('.article-card')).toHaveCount(1);
  await expect(visitor.getByRole('link', { name: title })).toBeVisible();
  await gotoHydrated(visitor, '/blog');
  await visitor.getByRole('link', { name: `#${topic}` }).first().click();
  await expect(visitor).toHaveURL(new RegExp(`tag=${topic}`));
  await expect(visitor.locator('.article-card')).toHaveCount(1);
  // In one of four runs (PostgreSQL) the first click right after the filtered list appeared did
  // not navigate, cause not found yet; the journey clicks again rather than failing on it.
  await expect(async () => {
    await visitor.getByRole('link', { name: title }).click({ timeout: 2_000 });
    await visitor.waitForURL(`**/blog/${slug}`, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole('navigation', { name: c('article.contents') }).getByRole('link', { name: 'How retries work' })).toBeVisible();
  const small = await request.get(`${imageUrl}480.webp`);
  expect(small.headers()['content-type']).toBe('image/webp');
  expect((await sharp(await small.body()).metadata()).width).toBe(480);
  const rss = await (await request.get('/blog/rss.xml')).text();
  expect(rss).toContain(`<title><![CDATA[${title}]]></title>`);
  expect(await (await request.get('/sitemap-en.xml')).text()).toContain(`/blog/${slug}</loc>`);

  // Editing adds a revision; restoring the first brings the old title back, on the public page too.
  await gotoHydrated(page, `/editor/blog/${slug}/edit`);
  await page.getByRole('textbox', { name: c('editor.fields.title'), exact: true }).fill(`${title} (edited)`);
  await page.getByRole('button', { name: c('editor.save') }).click();
  await expect(page.getByText(/Saved at/)).toBeVisible();
  const revisions = page.locator('.revision-list__item');
  await expect(revisions).toHaveCount(2);
  await expect(revisions.first()).toContainText(`${title} (edited)`);
  await revisions.nth(1).getByRole('button', { name: new RegExp(`^${c('editor.restore')}`) }).click();
  await page.getByRole('dialog').getByRole('button', { name: c('editor.restore') }).click();
  await expect(page.getByText(c('editor.restored'))).toBeVisible();
  await expect(page.getByRole('textbox', { name: c('editor.fields.title'), exact: true })).toHaveValue(title);
  await expect(revisions).toHaveCount(3);
  await visitor.goto(`/blog/${slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();

  if (shots) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(shots, 'content-editor-en-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: path.join(shots, 'content-editor-en-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // Unpublished: gone from the list, search, the feed and the sitemap; the page is a 404.
  await page.getByRole('combobox', { name: c('editor.fields.status'), exact: true }).selectOption('unpublished');
  await page.getByRole('button', { name: c('editor.save') }).click();
  await expect(page.getByText(/Saved at/)).toBeVisible();
  await visitor.goto('/blog');
  await expect(visitor.getByRole('link', { name: title })).toHaveCount(0);
  await gotoHydrated(visitor, `/blog?text=${word}`);
  await expect(visitor.getByRole('heading', { name: c('list.noResultsTitle') })).toBeVisible();
  expect((await visitor.goto(`/blog/${slug}`))!.status()).toBe(404);
  expect(await (await request.get('/blog/rss.xml')).text()).not.toContain(slug);
  expect(await (await request.get('/sitemap-en.xml')).text()).not.toContain(slug);
  await visitor.context().close();
});

test('a customer reaches no editor page or call', async ({ page }) => {
  const { logsOtherCustomer } = readAccounts();
  await signInTo(page, logsOtherCustomer, '/enterpage');
  for (const path of ['/editor/blog', '/editor/h/new', '/editor/software/blog', '/editor/manual-domains']) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === '/');
  }
  const status = await page.evaluate(async () => {
    const csrf = document.cookie.split('; ').find((x) => x.startsWith('csrf_token='))?.split('=')[1] ?? '';
    const res = await fetch('/api/v1/editor/articles/new', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) }, body: '{}' });
    return res.status;
  });
  expect(status).toBe(403);
});

test('the starter content reads well in every language and width', async ({ page }) => {
  test.skip(!shots, 'screenshots only');
  test.setTimeout(300_000);
  await capture(page, 'blog', (l) => (l === 'en' ? '/blog' : `/${l}/blog`), ['en', 'ru']);
  await capture(page, 'tutorial', (l) => (l === 'en' ? '/h/first-captcha-python' : `/${l}/h/first-captcha-python`), ['en', 'ru']);
  await capture(page, 'software', (l) => (l === 'en' ? '/software/blog' : `/${l}/software/blog`), ['en', 'ru']);
  const { moderator, staffAdmin } = readAccounts();
  await signInTo(page, moderator, '/editor/h');
  await capture(page, 'editor-list', (l) => (l === 'en' ? '/editor/h' : `/${l}/editor/h`), ['en', 'ru', 'zh']);
  await capture(page, 'editor-edit', (l) => (l === 'en' ? '/editor/h/set-up-pingback/edit' : `/${l}/editor/h/set-up-pingback/edit`), ['en', 'ru', 'zh']);
  await page.context().clearCookies();
  await signInTo(page, staffAdmin, '/editor/manual-domains');
  await capture(page, 'domains', (l) => (l === 'en' ? '/editor/manual-domains' : `/${l}/editor/manual-domains`), ['en', 'ru', 'zh']);
});
