/**
 * Worker exam integrity (issue 21 #4, docs/security.md): a script opens the training page of a new
 * worker (the pictures load) and posts the right answers at once. The exam does not count: it waits
 * for review, the worker is not qualified, and the next exam waits out the cooldown. A moderator finds it under "Flagged exams" in
 * /p/moderator with each question's timing and approves it; the worker is then qualified. The
 * right answers come from test seeding (e2e/compat/training.ts), never from an API.
 * With SCREENSHOT_DIR set, both pages are captured at 1280 and 390 px in English and Russian.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { ExamResult, TrainingState } from '../../shared/contracts/worker.ts';
import { apiPost, createSignedInAccount } from '../accounts/flows.ts';
import { openHydrated } from '../compat/cabinet.ts';
import { seededItem } from '../compat/training.ts';
import { readAccounts } from '../support/accounts.ts';
import { gotoHydrated, signInTo, tr } from '../support/app.ts';

const m = (key: string, vars: Record<string, string> = {}) => tr('en', `moderation:${key}`, vars);
const w = (key: string, vars: Record<string, string> = {}) => tr('en', `worker:${key}`, vars);
const shots = process.env.SCREENSHOT_DIR;

async function capture(page: Page, name: string, route: string) {
  if (!shots) return;
  for (const lang of ['en', 'ru'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, lang === 'en' ? route : `/${lang}${route}`);
      await page.screenshot({ path: path.join(shots, `${name}-${lang}-${width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, route);
}

test('an inhumanly fast exam waits for a moderator, who approves it', async ({ browser }) => {
  const workerContext = await browser.newContext();
  const worker = await workerContext.newPage();
  const account = await createSignedInAccount(workerContext, { tag: 'exam-review', userType: 'worker' });
  await openHydrated(worker, '/cabinet/training');
  const images = worker.locator('img[src^="/api/v2/worker/training/images/"]');
  await expect(images).toHaveCount(9);
  for (const img of await images.all()) await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  const state = (await (await workerContext.request.get('/api/v2/worker/training')).json()) as TrainingState;
  const answers = Object.fromEntries(state.exam.map((item) => [item.id, seededItem(item.ui, item.image).answer]));
  const result = (await (await apiPost(workerContext, '/api/v2/worker/training/exam', { attempt: state.attempt, answers })).json()) as ExamResult;
  expect(result).toMatchObject({ passed: false, correct: 6, tooFast: true, flagged: true, awaitingReview: true });
  // The page says a review is pending, and the next exam waits out the cooldown.
  await gotoHydrated(worker, '/cabinet/training');
  await expect(worker.getByText(w('training.reviewPending'))).toBeVisible();
  await expect(worker.getByText(w('training.examSubmitted'))).toBeVisible();
  // A new set is drawn at once, but its exam opens only after the cooldown, counted down in the page.
  await worker.getByRole('button', { name: w('training.startOver') }).first().click();
  await expect(worker.getByText(/^After a failed exam the next one opens 10 minutes later/)).toBeVisible();
  await expect(worker.getByText(/^Opens in (9:[0-5]\d|10:00)\.$/)).toBeVisible();
  await expect(worker.getByRole('button', { name: w('training.submitExam') })).toHaveCount(0);
  await capture(worker, 'training-cooldown', '/cabinet/training');

  const moderatorContext = await browser.newContext();
  const moderator = await moderatorContext.newPage();
  await signInTo(moderator, readAccounts().moderator, '/p/moderator');
  const section = moderator.getByRole('region', { name: m('exams.title') });
  const card = section.getByRole('article', { name: account.email });
  await expect(card).toBeVisible();
  await expect(card.getByText(m('exams.tooFast'))).toBeVisible();
  await expect(card.getByRole('row')).toHaveCount(7); // a header and six questions, each picture loaded
  await expect(card.getByText(m('exams.never'))).toHaveCount(0);
  await capture(moderator, 'moderator-flagged-exams', '/p/moderator');
  await card.getByRole('button', { name: m('exams.approve'), exact: true }).click();
  const dialog = moderator.getByRole('dialog', { name: m('exams.confirm.approve.title', { email: account.email }) });
  await dialog.getByRole('button', { name: m('exams.confirm.approve.confirm'), exact: true }).click();
  await expect(moderator.getByRole('status').filter({ hasText: m('exams.done.approve', { email: account.email }) })).toBeVisible();
  await expect(card).toHaveCount(0);

  await gotoHydrated(worker, '/cabinet/training');
  await expect(worker.getByText(w('training.alreadyPassed'))).toBeVisible();
  await Promise.all([workerContext.close(), moderatorContext.close()]);
});
