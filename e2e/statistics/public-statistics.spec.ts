/**
 * Public statistics (spec §2): the overview and the graph pages draw their charts with a data table
 * behind them in en, ru and zh, the period picker works, and the home page's HTML carries the
 * statistics summary. The server starts with three days of history (support/seed-statistics.ts).
 */
import { expect, test } from '@playwright/test';
import type { PublicGraph, PublicStatistics } from '../../shared/contracts/statistics.ts';
import { collectProblems, gotoHydrated, LANGS, tr, type Lang } from '../support/app.ts';
import { INTL_ORIGIN } from '../support/env.ts';

const prefix = (lang: Lang) => (lang === 'en' ? '' : `/${lang}`);

for (const lang of LANGS) {
  test(`${lang}: a graph page draws its chart, shows the table on request and changes period`, async ({ page }) => {
    const problems = collectProblems(page);
    await gotoHydrated(page, `${INTL_ORIGIN}${prefix(lang)}/public_statistics/customer-rate`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(lang, 'statistics:pages.customer-rate.title'));
    const figure = page.getByRole('figure', { name: tr(lang, 'statistics:pages.customer-rate.chart') });
    await expect(figure.locator('.chart__plot .recharts-wrapper > svg.recharts-surface')).toBeVisible({ timeout: 15_000 });
    await expect(figure.locator('.recharts-line-curve')).toHaveCount(1);

    // The table is there for assistive technology from the start, shown on request.
    const table = figure.getByRole('table', { name: tr(lang, 'statistics:pages.customer-rate.chart') });
    await expect(table).toBeAttached();
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(1);
    await figure.getByRole('button', { name: tr(lang, 'ui:chart.showTable') }).click();
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader', { name: tr(lang, 'ui:chart.dayUtc') })).toBeVisible();

    // "Today" switches to hourly points, through the address.
    await page.getByRole('button', { name: tr(lang, 'statistics:range.presets.today') }).click();
    await expect(page).toHaveURL(/dateFrom=\d{4}-\d{2}-\d{2}&dateTo=/);
    await expect(table.getByRole('columnheader', { name: tr(lang, 'ui:chart.hourUtc') })).toBeAttached();
    expect(problems).toEqual([]);
  });

  test(`${lang}: the overview shows the summary and all six charts`, async ({ page }) => {
    await gotoHydrated(page, `${INTL_ORIGIN}${prefix(lang)}/public_statistics`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(lang, 'statistics:title'));
    await expect(page.locator('.stats-charts .recharts-wrapper > svg.recharts-surface')).toHaveCount(6, { timeout: 15_000 });
    await expect(page.locator('.stats-charts table')).toHaveCount(6);
    await expect(page.getByTestId('stat-solved')).not.toHaveText('0');
    await page.getByRole('link', { name: tr(lang, 'statistics:charts.open', { title: tr(lang, 'statistics:pages.workers-online.title') }) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(lang, 'statistics:pages.workers-online.title'));
    await expect(page.locator('.chart__plot .recharts-wrapper > svg.recharts-surface')).toBeVisible({ timeout: 15_000 });
  });
}

test('the period picker refuses a reversed range and keeps the address', async ({ page }) => {
  await gotoHydrated(page, `${INTL_ORIGIN}/public_statistics/service-load?dateFrom=2025-01-01&dateTo=2025-01-07`);
  await page.getByLabel(tr('en', 'statistics:range.from')).fill('2025-02-01');
  await page.getByRole('button', { name: tr('en', 'statistics:range.apply'), exact: true }).click();
  await expect(page.getByText(tr('en', 'statistics:range.errors.order'))).toBeVisible();
  await expect(page).toHaveURL(/dateFrom=2025-01-01/);
});

test('the graph endpoints answer what the pages draw', async ({ request }) => {
  const res = await request.get(`${INTL_ORIGIN}/api/v2/public_statistics/graph/devonline`);
  expect(res.status()).toBe(200);
  const graph = (await res.json()) as PublicGraph;
  expect(graph.series).toEqual(['online', 'busy']);
  expect(graph.points.some((p) => typeof p.online === 'number' && p.online > 0)).toBe(true);
});

test('the home page HTML carries the statistics summary (rendered on the server)', async ({ request }) => {
  const stats = (await (await request.get(`${INTL_ORIGIN}/api/v2/public_statistics?currency=USD`)).json()) as PublicStatistics;
  expect(stats.solved).toBeGreaterThan(0);
  const html = await (await request.get(`${INTL_ORIGIN}/`)).text();
  expect(html).toContain(tr('en', 'statistics:home.title'));
  expect(html).toContain(`data-testid="stat-solved">${new Intl.NumberFormat('en').format(stats.solved)}<`);
  expect(html).toContain(`data-testid="stat-price">$${stats.customerPricePer1000}<`);

  const ruStats = (await (await request.get(`${INTL_ORIGIN}/api/v2/public_statistics?currency=RUB`)).json()) as PublicStatistics;
  const ruHtml = await (await request.get(`${INTL_ORIGIN}/ru`)).text();
  expect(ruHtml).toContain(tr('ru', 'statistics:home.title'));
  expect(ruHtml).toContain(`data-testid="stat-solved">${new Intl.NumberFormat('ru').format(ruStats.solved)}<`);
});
