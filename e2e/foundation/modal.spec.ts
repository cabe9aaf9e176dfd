import { expect, test, type Page } from '@playwright/test';
import { exactly, gotoHydrated, tr } from '../support/app.ts';

function opener(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: exactly(tr('en', 'nav.getStarted')) });
}

async function openModal(page: Page) {
  await opener(page).click();
  const dialog = page.getByRole('dialog', { name: exactly(tr('en', 'getStarted.title')) });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('data-modal-state', 'open');
  return dialog;
}

test.describe('Get started modal', () => {
  test('opens from "Get started" with the registration choices, closes on Escape, focus returns', async ({ page }) => {
    await gotoHydrated(page, '/');
    const dialog = await openModal(page);
    for (const role of ['customer', 'worker', 'developer']) {
      await expect(dialog.getByRole('link', { name: exactly(tr('en', `getStarted.${role}`)) })).toHaveAttribute('href', `/auth/register?userType=${role}`);
    }
    // Focus is trapped inside while open.
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-modal-state="open"]')).toHaveCount(0);
    await expect(opener(page)).toBeFocused();
  });

  test('closes on an overlay click, and by its close button', async ({ page }) => {
    await gotoHydrated(page, '/');
    let dialog = await openModal(page);
    // A point on the overlay, outside the dialog box.
    const box = (await dialog.boundingBox())!;
    const point = { x: 8, y: page.viewportSize()!.height - 8 };
    expect(point.x < box.x || point.y > box.y + box.height, 'click point is outside the dialog').toBe(true);
    await page.mouse.click(point.x, point.y);
    await expect(dialog).toBeHidden();
    await expect(opener(page)).toBeFocused();

    dialog = await openModal(page);
    await dialog.getByRole('button', { name: exactly(tr('en', 'ui:close')) }).click();
    await expect(dialog).toBeHidden();
    await expect(opener(page)).toBeFocused();
  });

  test('is translated on /ru/', async ({ page }) => {
    await gotoHydrated(page, '/ru/');
    await page.getByRole('banner').getByRole('button', { name: exactly(tr('ru', 'nav.getStarted')) }).click();
    const dialog = page.getByRole('dialog', { name: exactly(tr('ru', 'getStarted.title')) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: exactly(tr('ru', 'getStarted.customer')) })).toHaveAttribute('href', '/ru/auth/register?userType=customer');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
