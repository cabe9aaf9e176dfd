import type { GraphMetric, PublicGraph, PublicStatistics } from '#shared/contracts/statistics.ts';
import { api } from '#web/store/api.ts';

export interface StatisticsArgs {
  currency: string;
  dateFrom: string;
  dateTo: string;
}

/** Public statistics: /api/v2/public_statistics (server/surfaces/site-api/statistics.routes.ts). */
export const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicStatistics: build.query<PublicStatistics, StatisticsArgs>({
      query: (params) => ({ url: 'api/v2/public_statistics', params }),
    }),
    getPublicGraph: build.query<PublicGraph, StatisticsArgs & { metric: GraphMetric }>({
      query: ({ metric, ...params }) => ({ url: `api/v2/public_statistics/graph/${metric}`, params }),
    }),
  }),
});

export const { useGetPublicStatisticsQuery, useGetPublicGraphQuery } = statisticsApi;
