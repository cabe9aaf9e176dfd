import type {
  HistoryDayQuery,
  HistoryDayView,
  IssuedVoucherBatchView,
  IssueVoucherBatch,
  TransferRequest,
  TransfersView,
  TransferView,
  VoucherBatchView,
  VoucherRedemptionView,
} from '#shared/contracts/money.ts';
import { api } from '#web/store/api.ts';

const qs = (q: HistoryDayQuery) => new URLSearchParams(Object.entries(q).filter(([, v]) => v) as [string, string][]).toString();

/** The CSV of /pay/history_day, served by the API as an attachment. */
export const historyCsvUrl = (q: HistoryDayQuery) => `/api/v2/money/history_day.csv${qs(q) ? `?${qs(q)}` : ''}`;

/**
 * Money between accounts and over time: /api/v2/money/history_day, /api/v2/transfers…,
 * /api/v2/vouchers…, /api/v2/admin/voucher-batches (server/surfaces/site-api/money.routes.ts).
 * Transfers use the store's MoneyTransfers tag (spec §4).
 */
export const moneyApi = api.enhanceEndpoints({ addTagTypes: ['MoneyHistory', 'Vouchers', 'VoucherBatches'] }).injectEndpoints({
  endpoints: (build) => ({
    getHistoryDay: build.query<HistoryDayView, HistoryDayQuery>({
      query: (q) => `api/v2/money/history_day${qs(q) ? `?${qs(q)}` : ''}`,
      providesTags: ['MoneyHistory'],
    }),
    getTransfers: build.query<TransfersView, void>({ query: () => 'api/v2/transfers', providesTags: [{ type: 'MoneyTransfers', id: 'LIST' }] }),
    requestTransfer: build.mutation<{ id: number; expiresAt: string }, TransferRequest>({
      query: (body) => ({ url: 'api/v2/transfers', method: 'POST', body }),
      invalidatesTags: [{ type: 'MoneyTransfers', id: 'LIST' }],
    }),
    getTransferLink: build.query<TransferView, { hash: string; userId: string }>({
      query: ({ hash, userId }) => `api/v2/transfers/link/${encodeURIComponent(hash)}/${encodeURIComponent(userId)}`,
    }),
    confirmTransfer: build.mutation<TransferView, { hash: string; userId: number }>({
      query: (body) => ({ url: 'api/v2/transfers/confirm', method: 'POST', body }),
      invalidatesTags: [{ type: 'MoneyTransfers', id: 'LIST' }, 'MoneyHistory', 'User'],
    }),
    getRedeemedVouchers: build.query<VoucherRedemptionView[], void>({ query: () => 'api/v2/vouchers', providesTags: ['Vouchers'] }),
    redeemVoucher: build.mutation<VoucherRedemptionView & { balance: string }, { code: string }>({
      query: (body) => ({ url: 'api/v2/vouchers/redeem', method: 'POST', body }),
      invalidatesTags: ['Vouchers', 'MoneyHistory', 'User'],
    }),
    getVoucherBatches: build.query<VoucherBatchView[], void>({ query: () => 'api/v2/admin/voucher-batches', providesTags: ['VoucherBatches'] }),
    issueVoucherBatch: build.mutation<IssuedVoucherBatchView, IssueVoucherBatch>({
      query: (body) => ({ url: 'api/v2/admin/voucher-batches', method: 'POST', body }),
      invalidatesTags: ['VoucherBatches'],
    }),
  }),
});

export const {
  useGetHistoryDayQuery,
  useGetTransfersQuery,
  useRequestTransferMutation,
  useGetTransferLinkQuery,
  useConfirmTransferMutation,
  useGetRedeemedVouchersQuery,
  useRedeemVoucherMutation,
  useGetVoucherBatchesQuery,
  useIssueVoucherBatchMutation,
} = moneyApi;
