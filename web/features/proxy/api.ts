import type {
  ProxyOverview,
  ProxyPriceList,
  ProxyPurchaseRequest,
  ProxyPurchaseView,
  ProxyStatsQuery,
  ProxyStatsView,
  ProxySubUserCreate,
  ProxySubUserSecret,
  ProxySubUserUpdate,
  ProxySubUserView,
  ProxyWhitelistAdd,
  ProxyWhitelistEntry,
  ProxyWhitelistView,
} from '#shared/contracts/proxy.ts';
import { api } from '#web/store/api.ts';

const qs = (q: Record<string, string | undefined>) => {
  const s = new URLSearchParams(Object.entries(q).filter(([, v]) => v) as [string, string][]).toString();
  return s ? `?${s}` : '';
};

/** The CSV of /proxy/statistics, served by the API as an attachment. */
export const statisticsCsvUrl = (q: ProxyStatsQuery) => `/api/v2/proxy/statistics.csv${qs({ from: q.from, to: q.to })}`;

/** The proxy product's site API (server/surfaces/site-api/proxy.routes.ts). */
export const proxyApi = api.enhanceEndpoints({ addTagTypes: ['ProxyOverview', 'ProxySubUsers', 'ProxyWhitelist', 'ProxyStats'] }).injectEndpoints({
  endpoints: (build) => ({
    getProxyPrices: build.query<ProxyPriceList, { currency: string; utmCampaign?: string }>({
      query: ({ currency, utmCampaign }) => `api/v2/proxy/prices${qs({ currency, utm_campaign: utmCampaign })}`,
    }),
    getProxyOverview: build.query<ProxyOverview, void>({ query: () => 'api/v2/proxy/overview', providesTags: ['ProxyOverview'] }),
    buyProxyPlan: build.mutation<ProxyPurchaseView, ProxyPurchaseRequest>({
      query: (body) => ({ url: 'api/v2/proxy/purchases', method: 'POST', body }),
      invalidatesTags: ['ProxyOverview', 'User'],
    }),
    getProxySubUsers: build.query<ProxySubUserView[], void>({ query: () => 'api/v2/proxy/sub-users', providesTags: ['ProxySubUsers'] }),
    createProxySubUser: build.mutation<ProxySubUserSecret, ProxySubUserCreate>({
      query: (body) => ({ url: 'api/v2/proxy/sub-users', method: 'POST', body }),
      invalidatesTags: ['ProxySubUsers'],
    }),
    updateProxySubUser: build.mutation<ProxySubUserView, ProxySubUserUpdate & { id: number }>({
      query: ({ id, ...body }) => ({ url: `api/v2/proxy/sub-users/${id}`, method: 'PUT', body }),
      invalidatesTags: ['ProxySubUsers'],
    }),
    rotateProxyPassword: build.mutation<ProxySubUserSecret, number>({
      query: (id) => ({ url: `api/v2/proxy/sub-users/${id}/password`, method: 'POST' }),
      invalidatesTags: ['ProxySubUsers'],
    }),
    getProxyWhitelist: build.query<ProxyWhitelistView, void>({ query: () => 'api/v2/proxy/whitelist', providesTags: ['ProxyWhitelist'] }),
    getMyIp: build.query<{ ip: string }, void>({ query: () => 'api/v2/proxy/my-ip' }),
    addProxyWhitelist: build.mutation<ProxyWhitelistEntry, ProxyWhitelistAdd>({
      query: (body) => ({ url: 'api/v2/proxy/whitelist', method: 'POST', body }),
      invalidatesTags: ['ProxyWhitelist'],
    }),
    removeProxyWhitelist: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `api/v2/proxy/whitelist/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ProxyWhitelist'],
    }),
    getProxyStatistics: build.query<ProxyStatsView, ProxyStatsQuery>({
      query: (q) => `api/v2/proxy/statistics${qs({ from: q.from, to: q.to })}`,
      providesTags: ['ProxyStats'],
    }),
  }),
});

export const {
  useGetProxyPricesQuery,
  useGetProxyOverviewQuery,
  useBuyProxyPlanMutation,
  useGetProxySubUsersQuery,
  useCreateProxySubUserMutation,
  useUpdateProxySubUserMutation,
  useRotateProxyPasswordMutation,
  useGetProxyWhitelistQuery,
  useGetMyIpQuery,
  useAddProxyWhitelistMutation,
  useRemoveProxyWhitelistMutation,
  useGetProxyStatisticsQuery,
} = proxyApi;
