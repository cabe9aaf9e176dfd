import type {
  AdminPayoutQuery,
  AdminPayoutsView,
  FundsReturnRequest,
  FundsReturnView,
  PayoutHistoryView,
  PayoutMethod,
  PayoutMethodView,
  PayoutRequest,
  PayoutSummaryView,
  PayoutView,
  WalletRequest,
  WalletsView,
  WalletView,
} from '#shared/contracts/payouts.ts';
import { api } from '#web/store/api.ts';

const qs = (q: Record<string, string | undefined>) => new URLSearchParams(Object.entries(q).filter(([, v]) => v) as [string, string][]).toString();

/** The approved payouts as CSV (mass payout upload), served by the API as an attachment. */
export const approvedCsvUrl = (method?: string) => `/api/v2/admin/payouts.csv${method ? `?method=${encodeURIComponent(method)}` : ''}`;

/** Money out: /api/v2/payouts… and the admins' /api/v2/admin/payouts… (server/surfaces/site-api/payouts.routes.ts). */
export const payoutsApi = api.enhanceEndpoints({ addTagTypes: ['PayoutWallets', 'Payouts', 'AdminPayouts', 'PayoutMethods'] }).injectEndpoints({
  endpoints: (build) => ({
    payoutWallets: build.query<WalletsView, void>({ query: () => 'api/v2/payouts/wallets', providesTags: ['PayoutWallets'] }),
    requestPayoutWallet: build.mutation<WalletView, WalletRequest>({
      query: (body) => ({ url: 'api/v2/payouts/wallets', method: 'POST', body }),
      invalidatesTags: ['PayoutWallets'],
    }),
    cancelPayoutWallet: build.mutation<WalletView, number>({
      query: (id) => ({ url: `api/v2/payouts/wallets/${id}/cancel`, method: 'POST' }),
      invalidatesTags: ['PayoutWallets'],
    }),
    payoutSummary: build.query<PayoutSummaryView, void>({ query: () => 'api/v2/payouts/summary', providesTags: ['Payouts', 'PayoutWallets'] }),
    payoutHistory: build.query<PayoutHistoryView, void>({ query: () => 'api/v2/payouts/history', providesTags: ['Payouts'] }),
    requestPayout: build.mutation<PayoutView, PayoutRequest>({
      query: (body) => ({ url: 'api/v2/payouts', method: 'POST', body }),
      invalidatesTags: ['Payouts', 'User'],
    }),
    requestFundsReturn: build.mutation<FundsReturnView, FundsReturnRequest>({
      query: (body) => ({ url: 'api/v2/payouts/return-funds', method: 'POST', body }),
      invalidatesTags: ['Payouts'],
    }),
    adminPayouts: build.query<AdminPayoutsView, Partial<AdminPayoutQuery>>({
      query: (q) => `api/v2/admin/payouts${qs(q) ? `?${qs(q)}` : ''}`,
      providesTags: ['AdminPayouts'],
    }),
    approvePayout: build.mutation<PayoutView, number>({
      query: (id) => ({ url: `api/v2/admin/payouts/${id}/approve`, method: 'POST' }),
      invalidatesTags: ['AdminPayouts'],
    }),
    markPayoutSent: build.mutation<PayoutView, { id: number; reference: string }>({
      query: ({ id, reference }) => ({ url: `api/v2/admin/payouts/${id}/sent`, method: 'POST', body: { reference } }),
      invalidatesTags: ['AdminPayouts'],
    }),
    sendPayout: build.mutation<PayoutView, number>({
      query: (id) => ({ url: `api/v2/admin/payouts/${id}/send`, method: 'POST' }),
      invalidatesTags: ['AdminPayouts'],
    }),
    adminPayoutMethods: build.query<PayoutMethodView[], void>({ query: () => 'api/v2/admin/payout-methods', providesTags: ['PayoutMethods'] }),
    updatePayoutMethod: build.mutation<PayoutMethodView, Omit<PayoutMethodView, 'method'> & { method: PayoutMethod }>({
      query: ({ method, ...body }) => ({ url: `api/v2/admin/payout-methods/${method}`, method: 'PUT', body }),
      invalidatesTags: ['PayoutMethods', 'PayoutWallets'],
    }),
    rejectPayout: build.mutation<PayoutView, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `api/v2/admin/payouts/${id}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: ['AdminPayouts'],
    }),
    closeFundsReturn: build.mutation<FundsReturnView, { id: number; note: string }>({
      query: ({ id, note }) => ({ url: `api/v2/admin/funds-returns/${id}/close`, method: 'POST', body: { note } }),
      invalidatesTags: ['AdminPayouts'],
    }),
  }),
});

export const {
  usePayoutWalletsQuery,
  useRequestPayoutWalletMutation,
  useCancelPayoutWalletMutation,
  usePayoutSummaryQuery,
  usePayoutHistoryQuery,
  useRequestPayoutMutation,
  useRequestFundsReturnMutation,
  useAdminPayoutsQuery,
  useApprovePayoutMutation,
  useMarkPayoutSentMutation,
  useRejectPayoutMutation,
  useSendPayoutMutation,
  useAdminPayoutMethodsQuery,
  useUpdatePayoutMethodMutation,
  useCloseFundsReturnMutation,
} = payoutsApi;
