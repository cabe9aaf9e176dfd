import type {
  AdminCampaign,
  AdminPromoCode,
  CheckPromoCodeRequest,
  CreateCampaignRequest,
  CreatePromoCodeRequest,
  PromoCodeCheck,
  PromoRedemptionResult,
  PublicCampaign,
} from '#shared/contracts/promotions.ts';
import { api } from '#web/store/api.ts';

/** Promo codes and discount campaigns (server/surfaces/site-api/promotions.routes.ts). */
export const promotionsApi = api.enhanceEndpoints({ addTagTypes: ['PromoCodes', 'Campaigns'] }).injectEndpoints({
  endpoints: (build) => ({
    checkPromoCode: build.mutation<PromoCodeCheck, CheckPromoCodeRequest>({ query: (body) => ({ url: 'api/v2/promo-codes/check', method: 'POST', body }) }),
    redeemPromoCode: build.mutation<PromoRedemptionResult, { code: string }>({
      query: (body) => ({ url: 'api/v2/promo-codes/redeem', method: 'POST', body }),
      // The header shows the balance from the current user.
      invalidatesTags: (_r, error) => (error ? [] : ['User']),
    }),
    runningCampaigns: build.query<PublicCampaign[], void>({ query: () => 'api/v2/discount-campaigns', providesTags: ['Campaigns'] }),
    adminPromoCodes: build.query<AdminPromoCode[], void>({ query: () => 'api/v2/admin/promo-codes', providesTags: ['PromoCodes'] }),
    createPromoCode: build.mutation<AdminPromoCode, CreatePromoCodeRequest>({
      query: (body) => ({ url: 'api/v2/admin/promo-codes', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : ['PromoCodes']),
    }),
    setPromoCodePaused: build.mutation<AdminPromoCode, { id: number; paused: boolean }>({
      query: ({ id, paused }) => ({ url: `api/v2/admin/promo-codes/${id}/paused`, method: 'PUT', body: { paused } }),
      invalidatesTags: (_r, error) => (error ? [] : ['PromoCodes']),
    }),
    adminCampaigns: build.query<AdminCampaign[], void>({ query: () => 'api/v2/admin/discount-campaigns', providesTags: ['Campaigns'] }),
    createCampaign: build.mutation<AdminCampaign, CreateCampaignRequest>({
      query: (body) => ({ url: 'api/v2/admin/discount-campaigns', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Campaigns']),
    }),
    setCampaignPaused: build.mutation<AdminCampaign, { id: number; paused: boolean }>({
      query: ({ id, paused }) => ({ url: `api/v2/admin/discount-campaigns/${id}/paused`, method: 'PUT', body: { paused } }),
      invalidatesTags: (_r, error) => (error ? [] : ['Campaigns']),
    }),
  }),
});

export const {
  useCheckPromoCodeMutation,
  useRedeemPromoCodeMutation,
  useRunningCampaignsQuery,
  useAdminPromoCodesQuery,
  useCreatePromoCodeMutation,
  useSetPromoCodePausedMutation,
  useAdminCampaignsQuery,
  useCreateCampaignMutation,
  useSetCampaignPausedMutation,
} = promotionsApi;
