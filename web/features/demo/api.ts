import type { DemoIssue, DemoVerifyBody, DemoVerifyResult, RecognitionList } from '#shared/contracts/demo.ts';
import { api } from '#web/store/api.ts';

/** Live demos and recognition examples (server/surfaces/site-api/demo.routes.ts). */
export const demoApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A fresh captcha each time (never cached: each one is single-use). */
    issueDemo: build.query<DemoIssue, { slug: string; language: string; attempt: number }>({
      query: ({ slug, language }) => ({ url: `api/v1/captcha-demo/${encodeURIComponent(slug)}`, params: { language } }),
      keepUnusedDataFor: 0,
    }),
    verifyDemo: build.mutation<DemoVerifyResult, { slug: string; body: DemoVerifyBody }>({
      query: ({ slug, body }) => ({ url: `api/v1/captcha-demo/${encodeURIComponent(slug)}/verify`, method: 'POST', body }),
    }),
    getRecognition: build.query<RecognitionList, { language: string }>({
      query: ({ language }) => ({ url: 'api/v1/captcha-recognition', params: { language } }),
    }),
    getRecognitionOf: build.query<RecognitionList, string>({
      query: (slug) => ({ url: `api/v1/captcha-recognition/${encodeURIComponent(slug)}` }),
    }),
  }),
});

export const { useIssueDemoQuery, useVerifyDemoMutation, useGetRecognitionQuery, useGetRecognitionOfQuery } = demoApi;
