import type { GraphMetric } from '#shared/contracts/statistics.ts';

/** The sub-pages of /public_statistics (spec §2), each drawing one graph endpoint (spec §7). */
export const STATISTICS_PAGES = [
  { slug: 'customer-rate', metric: 'devprice', kind: 'line' },
  { slug: 'customer-solving-speed', metric: 'devspeed', kind: 'line' },
  { slug: 'service-load', metric: 'devload', kind: 'area' },
  { slug: 'workers-online', metric: 'devonline', kind: 'line' },
  { slug: 'waiting-time', metric: 'workspeed', kind: 'bar', stacked: true },
  { slug: 'employee-rate', metric: 'workprice', kind: 'line' },
] as const satisfies ReadonlyArray<{ slug: string; metric: GraphMetric; kind: 'line' | 'area' | 'bar'; stacked?: boolean }>;

export type StatisticsPage = (typeof STATISTICS_PAGES)[number];
export type StatisticsSlug = StatisticsPage['slug'];

export const STATISTICS_PATH = '/public_statistics';

export function statisticsPageOf(slug: string | undefined): StatisticsPage | undefined {
  return STATISTICS_PAGES.find((p) => p.slug === slug);
}
