import type {
  ListingInput,
  ListingStatus,
  ModerationListing,
  ModerationReview,
  OwnListing,
  OwnerStatistics,
  Review,
  ReviewList,
  ReviewStatus,
  Screenshot,
  SoftlistEntry,
  SoftwareCategoryInfo,
  SoftwareDetail,
  SoftwareList,
  SoftwareSorting,
  SoftwareStatistics,
} from '#shared/contracts/software.ts';
import { api } from '#web/store/api.ts';

export interface SoftwareListArgs {
  page: number;
  sorting?: SoftwareSorting;
  /** Comma-separated category slugs. */
  categories?: string;
  text?: string;
  /** The first page's `asOf`, for every later page. */
  asOf?: string;
}

const clean = (params: object) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));

/** The catalogue (server/surfaces/site-api/software.routes.ts); every read carries the `Software` tag. */
export const softwareApi = api.enhanceEndpoints({ addTagTypes: ['Software'] }).injectEndpoints({
  endpoints: (build) => ({
    categories: build.query<SoftwareCategoryInfo[], void>({ query: () => 'api/v1/catalog/categories', providesTags: ['Software'] }),
    softwareList: build.query<SoftwareList, SoftwareListArgs>({
      query: (args) => ({ url: 'api/v1/catalog/software', params: clean(args) }),
      // One cache entry per filter: page 0 replaces the list, later pages append (spec §4).
      serializeQueryArgs: ({ queryArgs: { page: _p, asOf: _a, ...rest } }) => rest,
      merge: (current, incoming, { arg }) => {
        if (arg.page === 0) return incoming;
        const seen = new Set(current.records.map((r) => r.id));
        return { ...incoming, asOf: current.asOf, records: [...current.records, ...incoming.records.filter((r) => !seen.has(r.id))] };
      },
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.page !== previousArg?.page,
      providesTags: ['Software'],
    }),
    softlist: build.query<SoftlistEntry[], void>({ query: () => 'api/v1/catalog/softlist', providesTags: ['Software'] }),
    software: build.query<SoftwareDetail, { slug: string; language: string }>({
      query: ({ slug, language }) => ({ url: `api/v1/catalog/software/${encodeURIComponent(slug)}`, params: { language } }),
      providesTags: ['Software'],
    }),
    reviews: build.query<ReviewList, { slug: string; page: number }>({
      query: ({ slug, page }) => ({ url: `api/v1/catalog/software/${encodeURIComponent(slug)}/reviews`, params: { page } }),
      serializeQueryArgs: ({ queryArgs }) => queryArgs.slug,
      merge: (current, incoming, { arg }) => {
        if (arg.page === 0) return incoming;
        const seen = new Set(current.records.map((r) => r.id));
        return { ...incoming, records: [...current.records, ...incoming.records.filter((r) => !seen.has(r.id))] };
      },
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.page !== previousArg?.page,
      providesTags: ['Software'],
    }),
    statistics: build.query<SoftwareStatistics, { slug: string }>({
      query: ({ slug }) => `api/v2/software/statistics/${encodeURIComponent(slug)}/public`,
      providesTags: ['Software'],
    }),
    ownerStatistics: build.query<OwnerStatistics, { slug: string }>({
      query: ({ slug }) => `api/v1/catalog/my-software/${encodeURIComponent(slug)}/statistics`,
      providesTags: ['Software'],
    }),
    myListings: build.query<OwnListing[], void>({ query: () => 'api/v1/catalog/my-software', providesTags: ['Software'] }),
    myListing: build.query<OwnListing, { slug: string }>({ query: ({ slug }) => `api/v1/catalog/my-software/${encodeURIComponent(slug)}`, providesTags: ['Software'] }),
    createListing: build.mutation<OwnListing, ListingInput>({
      query: (software) => ({ url: 'api/v1/catalog/software', method: 'POST', body: { software } }),
      invalidatesTags: (_r, error) => (error ? [] : ['Software']),
    }),
    updateListing: build.mutation<OwnListing, { id: number; software: ListingInput }>({
      query: ({ id, software }) => ({ url: `api/v1/catalog/software/${id}`, method: 'PUT', body: { software } }),
      invalidatesTags: (_r, error) => (error ? [] : ['Software']),
    }),
    uploadScreenshot: build.mutation<Screenshot, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('screenshot', file);
        return { url: `api/v1/catalog/software/${id}/screenshots`, method: 'POST', body: form };
      },
      invalidatesTags: (_r, error) => (error ? [] : ['Software']),
    }),
    deleteScreenshot: build.mutation<{ deleted: true }, { id: number; screenshotId: number }>({
      query: ({ id, screenshotId }) => ({ url: `api/v1/catalog/software/${id}/screenshots/${screenshotId}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['Software']),
    }),
    addReview: build.mutation<Review, { softwareId: number; review: { rating: number; text: string } }>({
      query: ({ softwareId, review }) => ({ url: `api/v1/catalog/software/${softwareId}/reviews`, method: 'POST', body: { review } }),
      invalidatesTags: (_r, error) => (error ? [] : ['Software']),
    }),
    editReview: build.mutation<Review, { id: number; review: { rating: number; text: string } }>({
      query: ({ id, review }) => ({ url: `api/v1/catalog/reviews/${id}`, method: 'PUT', body: { review } }),
      invalidatesTags: (_r, error) => (error ? [] : ['Software']),
    }),
    replyToReview: build.mutation<Review, { id: number; text: string }>({
      query: ({ id, text }) => ({ url: `api/v1/catalog/reviews/${id}/reply`, method: 'POST', body: { text } }),
      invalidatesTags: (_r, error) => (error ? [] : ['Software']),
    }),
    moderationListings: build.query<ModerationListing[], { status: 'queue' | ListingStatus }>({
      query: (params) => ({ url: 'api/v1/catalog/moderation/software', params }),
      providesTags: ['Software'],
    }),
    moderateListing: build.mutation<{ status: ListingStatus }, { id: number; action: 'approve' | 'reject' | 'hide'; reason?: string }>({
      query: ({ id, action, reason }) => ({ url: `api/v1/catalog/moderation/software/${id}/${action}`, method: 'POST', body: action === 'reject' ? { reason } : {} }),
      invalidatesTags: (_r, error) => (error ? [] : ['Software']),
    }),
    moderationReviews: build.query<ModerationReview[], { status: ReviewStatus }>({
      query: (params) => ({ url: 'api/v1/catalog/moderation/reviews', params }),
      providesTags: ['Software'],
    }),
    moderateReview: build.mutation<{ status: ReviewStatus }, { id: number; action: 'approve' | 'reject'; reason?: string }>({
      query: ({ id, action, reason }) => ({ url: `api/v1/catalog/moderation/reviews/${id}/${action}`, method: 'POST', body: action === 'reject' ? { reason } : {} }),
      invalidatesTags: (_r, error) => (error ? [] : ['Software']),
    }),
  }),
});

export const {
  useCategoriesQuery,
  useSoftwareListQuery,
  useSoftlistQuery,
  useSoftwareQuery,
  useReviewsQuery,
  useStatisticsQuery,
  useOwnerStatisticsQuery,
  useMyListingsQuery,
  useMyListingQuery,
  useCreateListingMutation,
  useUpdateListingMutation,
  useUploadScreenshotMutation,
  useDeleteScreenshotMutation,
  useAddReviewMutation,
  useEditReviewMutation,
  useReplyToReviewMutation,
  useModerationListingsQuery,
  useModerateListingMutation,
  useModerationReviewsQuery,
  useModerateReviewMutation,
} = softwareApi;
