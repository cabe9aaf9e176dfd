import type { ApiVersion, DocsIndex, SampleLanguage, TypeDoc } from '#shared/contracts/api-docs.ts';
import { api } from '#web/store/api.ts';

/** The generated documentation: GET /api/v1/api-docs and /api/v1/api-docs/{slug} (server/surfaces/site-api/docs.routes.ts). */
export const apiDocsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDocsIndex: build.query<DocsIndex, string>({
      query: (language) => ({ url: 'api/v1/api-docs', params: { language } }),
    }),
    getTypeDoc: build.query<TypeDoc, { slug: string; language: string; version?: ApiVersion }>({
      query: ({ slug, language, version }) => ({ url: `api/v1/api-docs/${encodeURIComponent(slug)}`, params: version ? { language, version } : { language } }),
    }),
    /** Only the code samples of a type for the current API version (v2): what a landing shows, and all that its page carries. */
    getTypeSamples: build.query<Record<SampleLanguage, string>, { slug: string; language: string }>({
      query: ({ slug, language }) => ({ url: `api/v1/api-docs/${encodeURIComponent(slug)}`, params: { language, version: 'v2' } }),
      transformResponse: (doc: TypeDoc) => doc.v2!.samples,
    }),
  }),
});

export const { useGetDocsIndexQuery, useGetTypeDocQuery, useGetTypeSamplesQuery } = apiDocsApi;
