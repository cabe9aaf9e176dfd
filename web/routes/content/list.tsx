import { useTranslation } from '#web/lib/i18n-react.ts';
import { contentApi } from '#web/features/content/api.ts';
import { ArticleList, listArgsOf } from '#web/features/content/article-list.tsx';
import { collectionOfPath } from '#web/features/content/collection.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store, page, lang, request }: PageLoaderArgs) {
  const collection = collectionOfPath(page.path);
  const url = new URL(request.url);
  const { host } = store.getState().app;
  await Promise.all([
    store.dispatch(contentApi.endpoints.articles.initiate(listArgsOf(collection, lang, url.searchParams, host), { subscribe: false })),
    store.dispatch(contentApi.endpoints.articleIndex.initiate({ collection, language: lang, hostname: host }, { subscribe: false })),
  ]);
  return null;
}

/** /blog, /h and /software/blog: a collection's articles with search, topics and "Load more". */
export default function ContentListPage() {
  const { t } = useTranslation('content');
  const { page } = useCurrentPage();
  const collection = collectionOfPath(page?.path ?? '/blog');
  return (
    <div className="section">
      <title>{t(`collections.${collection}.title`)}</title>
      <meta name="description" content={t(`collections.${collection}.metaDescription`)} />
      <div className="container stack stack--lg">
        <header className="stack stack--sm">
          <h1>{t(`collections.${collection}.title`)}</h1>
          <p className="lead">{t(`collections.${collection}.lead`)}</p>
        </header>
        <ArticleList collection={collection} />
      </div>
    </div>
  );
}
