import type { ApiVersion, DocsIndex, TypeDoc } from '#shared/contracts/api-docs.ts';
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
  }),
});

export const { useGetDocsIndexQuery, useGetTypeDocQuery } = apiDocsApi;
