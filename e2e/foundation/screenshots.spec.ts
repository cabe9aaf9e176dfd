import path from 'node:path';
import { test } from '@playwright/test';
import { gotoHydrated } from '../support/app.ts';

/** Full-page screenshots for people to look at (not assertions): test-results/screens/. */
const PAGES = [
  { url: '/', name: 'home' },
  { url: '/ru/', name: 'home-ru' },
  { url: '/zh/', name: 'home-zh' },
  { url: '/about', name: 'about' },
  { url: '/pricing', name: 'pricing' },
  { url: '/ru/pricing', name: 'pricing-ru' },
  { url: '/zh/pricing', name: 'pricing-zh' },
  { url: '/for-customer', name: 'for-customer' },
  { url: '/ru/for-customer', name: 'for-customer-ru' },
  { url: '/zh/for-customer', name: 'for-customer-zh' },
];
const WIDTHS = [1280, 390];
const SCREENS_DIR = path.resolve('test-results', 'screens');

test.describe('screenshots', () => {
  for (const width of WIDTHS) {
    test.describe(`${width}px`, () => {
      test.use({ viewport: { width, height: width > 600 ? 800 : 844 }, reducedMotion: 'reduce' });
      for (const { url, name } of PAGES) {
        test(`${url} at ${width}px`, async ({ page }) => {
          await gotoHydrated(page, url);
          await page.waitForLoadState('networkidle');
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
        });
      }
    });
  }
});
