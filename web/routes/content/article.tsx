import { data, useParams } from 'react-router';
import { contentApi } from '#web/features/content/api.ts';
import { ArticleView } from '#web/features/content/article-view.tsx';
import { collectionOfPath } from '#web/features/content/collection.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { apiErrorCode } from '#web/store/api.ts';
import { contentLanguagesSet } from '#web/store/app-slice.ts';

export async function loader({ store, page, lang, params }: PageLoaderArgs) {
  const collection = collectionOfPath(page.path);
  const result = await store.dispatch(contentApi.endpoints.article.initiate({ collection, slug: params.slug ?? '', language: lang, hostname: store.getState().app.host }, { subscribe: false }));
  // An unknown or unpublished article is a real 404 page.
  if (result.error && apiErrorCode(result.error) === 'NOT_FOUND') throw data(null, { status: 404 });
  // The head's canonical and alternates name the languages the article is written in.
  if (result.data) store.dispatch(contentLanguagesSet({ path: `${page.path.replace(/\/:slug$/, '')}/${params.slug ?? ''}`, languages: result.data.languages }));
  return null;
}

/** /blog/{slug}, /h/{slug}, /software/blog/{slug}: one article. */
export default function ArticlePage() {
  const { page } = useCurrentPage();
  const { slug = '' } = useParams();
  return (
    <div className="section">
      <div className="container container--article">
        <ArticleView collection={collectionOfPath(page?.path ?? '/blog')} slug={slug} />
      </div>
    </div>
  );
}
