import type { PaymentProviderView, PaymentView, SandboxCheckoutView, TopUpRequest } from '#shared/contracts/payments.ts';
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
  useDecideSandboxCheckoutMutation,
} = paymentsApi;
