import { skipToken } from '@reduxjs/toolkit/query/react';
import type { GraphMetric } from '#shared/contracts/statistics.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { apiErrorCode } from '#web/store/api.ts';
import type { AppStore } from '#web/store/store.ts';
import { statisticsApi, useGetPublicGraphQuery, useGetPublicStatisticsQuery, type StatisticsArgs } from './api.ts';
import { defaultCurrency } from './format.ts';
import type { Range } from './range.ts';

const unsupported = (error: unknown) => apiErrorCode(error) === 'UNSUPPORTED_CURRENCY';

/**
 * For page loaders: the summary and the given graphs of a range into the store (on the server, so
 * the HTML carries the figures), in the language's currency, or USD when it is not configured.
 */
export async function preloadStatistics(store: AppStore, lang: Language, range: Range, metrics: readonly GraphMetric[]): Promise<void> {
  let currency = defaultCurrency(lang);
  const first = await store.dispatch(statisticsApi.endpoints.getPublicStatistics.initiate({ currency, ...range }, { subscribe: false }));
  if (currency !== 'USD' && unsupported(first.error)) {
    currency = 'USD';
    await store.dispatch(statisticsApi.endpoints.getPublicStatistics.initiate({ currency, ...range }, { subscribe: false }));
  }
  await Promise.all(
    metrics.map((metric) => store.dispatch(statisticsApi.endpoints.getPublicGraph.initiate({ metric, currency, ...range }, { subscribe: false }))),
  );
}

/** The arguments of this page's statistics calls: range plus the language's currency (USD when refused). */
function useArgs(range: Range | null): { args: StatisticsArgs | null; fallback: boolean } {
  const { lang } = useCurrentPage();
  const wanted = defaultCurrency(lang);
  const probe = useGetPublicStatisticsQuery(range ? { currency: wanted, ...range } : skipToken);
  const fallback = wanted !== 'USD' && unsupported(probe.error);
  return { args: range ? { currency: fallback ? 'USD' : wanted, ...range } : null, fallback };
}

export function useSummary(range: Range | null) {
  const { args } = useArgs(range);
  return useGetPublicStatisticsQuery(args ?? skipToken);
}

export function useGraph(metric: GraphMetric, range: Range | null) {
  const { args } = useArgs(range);
  return useGetPublicGraphQuery(args ? { metric, ...args } : skipToken);
}
