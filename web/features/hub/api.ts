import type { ArticleList } from '#shared/contracts/content.ts';
import type { HubOverview, HubProfile, Leaderboard, LeaderboardPeriod, PracticeItem, PracticeScore } from '#shared/contracts/hub.ts';
import { api } from '#web/store/api.ts';

/** The worker hub: /api/v2/hub/* (server/surfaces/site-api/hub.routes.ts); open roles from the content engine's public list. */
export const hubApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHubOverview: build.query<HubOverview, void>({ query: () => 'api/v2/hub/overview' }),
    getHubLeaderboard: build.query<Leaderboard, LeaderboardPeriod>({ query: (period) => ({ url: 'api/v2/hub/leaderboard', params: { period } }) }),
    getHubProfile: build.query<HubProfile, void>({ query: () => 'api/v2/hub/profile' }),
    setHubSettings: build.mutation<HubProfile, { leaderboardOptOut: boolean }>({
      query: (body) => ({ url: 'api/v2/hub/settings', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(hubApi.util.upsertQueryData('getHubProfile', undefined, data));
      },
    }),
    getPracticeRound: build.query<{ items: PracticeItem[] }, number>({ query: () => 'api/v2/hub/practice', keepUnusedDataFor: 0 }),
    scorePractice: build.mutation<PracticeScore, { answers: { token: string; answer: unknown }[] }>({
      query: (body) => ({ url: 'api/v2/hub/practice/score', method: 'POST', body }),
    }),
    /** Open roles: published blog articles tagged `jobs` (staff write them in the blog editor). */
    getOpenRoles: build.query<ArticleList, { language: string }>({
      query: ({ language }) => ({ url: 'api/v1/articles', params: { tag: 'jobs', language } }),
    }),
  }),
});

export const {
  useGetHubOverviewQuery,
  useGetHubLeaderboardQuery,
  useGetHubProfileQuery,
  useSetHubSettingsMutation,
  useGetPracticeRoundQuery,
  useScorePracticeMutation,
  useGetOpenRolesQuery,
} = hubApi;
