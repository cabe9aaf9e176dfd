import type { AffiliateDashboardView, AffiliateTermsView, InvitedReferralsView, ReferralSourcesView } from '#shared/contracts/affiliate.ts';
import { api } from '#web/store/api.ts';

/** The affiliate programme: /api/v2/affiliate/… (server/surfaces/site-api/affiliate.routes.ts). */
export const affiliateApi = api.enhanceEndpoints({ addTagTypes: ['Affiliate'] }).injectEndpoints({
  endpoints: (build) => ({
    affiliateTerms: build.query<AffiliateTermsView, void>({ query: () => 'api/v2/affiliate/terms' }),
    affiliateDashboard: build.query<AffiliateDashboardView, void>({ query: () => 'api/v2/affiliate/dashboard', providesTags: ['Affiliate'] }),
    affiliateReferrals: build.query<InvitedReferralsView, number>({ query: (page) => `api/v2/affiliate/referrals?page=${page}`, providesTags: ['Affiliate'] }),
    affiliateSources: build.query<ReferralSourcesView, void>({ query: () => 'api/v2/affiliate/sources', providesTags: ['Affiliate'] }),
  }),
});

export const { useAffiliateTermsQuery, useAffiliateDashboardQuery, useAffiliateReferralsQuery, useAffiliateSourcesQuery } = affiliateApi;
