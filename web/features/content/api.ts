import {
  COLLECTION_INFO,
  type ArticleIndex,
  type ArticleInput,
  type ArticleList,
  type ArticleSort,
  type Attachment,
  type Collection,
  type ContentDomain,
  type DomainBody,
  type EditorArticle,
  type EditorArticleList,
  type EditorListQuery,
  type PreviewResult,
  type PublicArticle,
  type Revision,
} from '#shared/contracts/content.ts';
import { api } from '#web/store/api.ts';

export interface ListArgs {
  collection: Collection;
  language: string;
  hostname?: string;
  text?: string;
  tag?: string;
  sort?: ArticleSort;
  page: number;
  /** The first page's `asOf`, for every later page. */
  asOf?: string;
}

/** The pages of one list merged into one cache entry (spec §4: lists page by appending). */
const listKey = ({ page: _page, asOf: _asOf, ...rest }: ListArgs) => rest;

/** Articles (server/surfaces/site-api/content.routes.ts); every content read carries the spec's `Blog` tag. */
export const contentApi = api.enhanceEndpoints({ addTagTypes: ['Blog', 'ContentDomains'] }).injectEndpoints({
  endpoints: (build) => ({
    articles: build.query<ArticleList, ListArgs>({
      query: ({ collection, ...params }) => ({ url: `api/${COLLECTION_INFO[collection].api}`, params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) }),
      serializeQueryArgs: ({ queryArgs }) => listKey(queryArgs),
      // Page 0 replaces the list; later pages append what is not shown yet.
      merge: (current, incoming, { arg }) => {
        if (arg.page === 0) return incoming;
        const seen = new Set(current.records.map((r) => r.id));
        return { ...incoming, asOf: current.asOf, records: [...current.records, ...incoming.records.filter((r) => !seen.has(r.id))] };
      },
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.page !== previousArg?.page,
      providesTags: ['Blog'],
    }),
    articleIndex: build.query<ArticleIndex, { collection: Collection; language: string; hostname?: string }>({
      query: ({ collection, ...params }) => ({ url: `api/${COLLECTION_INFO[collection].api}/index`, params }),
      providesTags: ['Blog'],
    }),
    article: build.query<PublicArticle, { collection: Collection; slug: string; language: string; hostname?: string }>({
      query: ({ collection, slug, ...params }) => ({ url: `api/${COLLECTION_INFO[collection].api}/by-slug/${encodeURIComponent(slug)}`, params }),
      providesTags: ['Blog'],
    }),
    recordView: build.mutation<{ counted: boolean }, number>({ query: (id) => ({ url: `api/v1/articles/${id}/view`, method: 'POST' }) }),

    editorArticles: build.query<EditorArticleList, { collection: Collection } & EditorListQuery>({
      query: ({ collection, ...params }) => ({ url: `api/${COLLECTION_INFO[collection].editorApi}`, params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) }),
      providesTags: ['Blog'],
    }),
    editorArticle: build.query<EditorArticle, { collection: Collection; slug: string }>({
      query: ({ collection, slug }) => `api/${COLLECTION_INFO[collection].editorApi}/by-slug/${encodeURIComponent(slug)}`,
      providesTags: ['Blog'],
    }),
    revisions: build.query<Revision[], number>({ query: (id) => `api/v1/editor/articles/${id}/revisions`, providesTags: ['Blog'] }),
    createArticle: build.mutation<EditorArticle, ArticleInput>({
      query: (article) => ({ url: 'api/v1/editor/articles/new', method: 'POST', body: { article } }),
      invalidatesTags: (_r, error) => (error ? [] : ['Blog']),
    }),
    updateArticle: build.mutation<EditorArticle, { id: number; article: ArticleInput; autosave?: boolean }>({
      query: ({ id, ...body }) => ({ url: `api/v1/editor/articles/${id}`, method: 'PUT', body }),
      // Autosaves keep the editor's own state; only explicit saves refresh lists and revisions.
      invalidatesTags: (_r, error, arg) => (error || arg.autosave ? [] : ['Blog']),
    }),
    deleteArticle: build.mutation<{ deleted: true }, number>({
      query: (id) => ({ url: `api/v1/editor/articles/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['Blog']),
    }),
    restoreRevision: build.mutation<EditorArticle, { id: number; revisionId: number }>({
      query: ({ id, revisionId }) => ({ url: `api/v1/editor/articles/${id}/revisions/${revisionId}/restore`, method: 'POST' }),
      invalidatesTags: (_r, error) => (error ? [] : ['Blog']),
    }),
    previewArticle: build.mutation<PreviewResult, string>({ query: (body) => ({ url: 'api/v1/editor/articles/preview', method: 'POST', body: { body } }) }),
    uploadAttachment: build.mutation<Attachment, { file: File; articleId?: number }>({
      query: ({ file, articleId }) => {
        const form = new FormData();
        if (articleId) form.append('articleId', String(articleId));
        form.append('attachment', file);
        return { url: 'api/v1/editor/articles/attachments', method: 'PUT', body: form };
      },
    }),
    domains: build.query<ContentDomain[], void>({ query: () => 'api/v1/editor/manual-domains', providesTags: ['ContentDomains'] }),
    saveDomain: build.mutation<ContentDomain[], { host: string } & DomainBody>({
      query: ({ host, ...body }) => ({ url: `api/v1/editor/manual-domains/${encodeURIComponent(host)}`, method: 'PUT', body }),
      invalidatesTags: (_r, error) => (error ? [] : ['ContentDomains', 'Blog']),
    }),
  }),
});

export const {
  useArticlesQuery,
  useArticleIndexQuery,
  useArticleQuery,
  useRecordViewMutation,
  useEditorArticlesQuery,
  useEditorArticleQuery,
  useRevisionsQuery,
  useCreateArticleMutation,
  useUpdateArticleMutation,
  useDeleteArticleMutation,
  useRestoreRevisionMutation,
  usePreviewArticleMutation,
  useUploadAttachmentMutation,
  useDomainsQuery,
  useSaveDomainMutation,
} = contentApi;
