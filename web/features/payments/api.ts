import type { AdminPaymentDetail, AdminPaymentQuery, AdminPaymentRow, PaymentProviderView, PaymentView, SandboxCheckoutView, TopUpRequest } from '#shared/contracts/payments.ts';
import type { InvoiceView, SimulateInput } from '#shared/contracts/crypto.ts';
import { api } from '#web/store/api.ts';

/** Top-ups: /api/v2/payments… (server/surfaces/site-api/payments.routes.ts). */
export const paymentsApi = api.enhanceEndpoints({ addTagTypes: ['Payments'] }).injectEndpoints({
  endpoints: (build) => ({
    getPaymentProviders: build.query<PaymentProviderView[], void>({ query: () => 'api/v2/payments/providers' }),
    getPayments: build.query<PaymentView[], void>({ query: () => 'api/v2/payments', providesTags: [{ type: 'Payments', id: 'LIST' }] }),
    getPayment: build.query<PaymentView, number>({ query: (id) => `api/v2/payments/${id}`, providesTags: (_r, _e, id) => [{ type: 'Payments', id }] }),
    startTopUp: build.mutation<{ paymentId: number; redirectUrl: string }, TopUpRequest>({
      query: (body) => ({ url: 'api/v2/payments', method: 'POST', body }),
      invalidatesTags: [{ type: 'Payments', id: 'LIST' }],
    }),
    adminPayments: build.query<AdminPaymentRow[], Partial<AdminPaymentQuery>>({
      query: (params) => ({ url: 'api/v2/admin/payments', params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) }),
      providesTags: [{ type: 'Payments', id: 'ADMIN' }],
    }),
    adminPayment: build.query<AdminPaymentDetail, number>({ query: (id) => `api/v2/admin/payments/${id}`, providesTags: (_r, _e, id) => [{ type: 'Payments', id: `ADMIN-${id}` }] }),
    adjustPayment: build.mutation<AdminPaymentDetail, { id: number; amount: string; reason: string }>({
      query: ({ id, ...body }) => ({ url: `api/v2/admin/payments/${id}/adjustments`, method: 'POST', body }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Payments', id: `ADMIN-${id}` }, 'User']),
    }),
    getInvoice: build.query<InvoiceView, number>({ query: (id) => `api/v2/payments/${id}/invoice`, providesTags: (_r, _e, id) => [{ type: 'Payments', id: `INVOICE-${id}` }] }),
    simulateInvoice: build.mutation<InvoiceView, { id: number } & SimulateInput>({
      query: ({ id, ...body }) => ({ url: `api/v2/payments/${id}/simulate`, method: 'POST', body }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Payments', id: `INVOICE-${id}` }, { type: 'Payments', id: 'LIST' }, 'User']),
    }),
    getSandboxCheckout: build.query<SandboxCheckoutView, string>({ query: (ref) => `api/v2/payments/sandbox/${encodeURIComponent(ref)}` }),
    decideSandboxCheckout: build.mutation<{ redirectUrl: string }, { ref: string; decision: 'approve' | 'decline' }>({
      query: ({ ref, decision }) => ({ url: `api/v2/payments/sandbox/${encodeURIComponent(ref)}/${decision}`, method: 'POST' }),
    }),
  }),
});

export const {
  useGetPaymentProvidersQuery,
  useGetPaymentsQuery,
  useGetPaymentQuery,
  useStartTopUpMutation,
  useGetSandboxCheckoutQuery,
  useGetInvoiceQuery,
  useSimulateInvoiceMutation,
  useDecideSandboxCheckoutMutation,
  useAdminPaymentsQuery,
  useAdminPaymentQuery,
  useAdjustPaymentMutation,
} = paymentsApi;
