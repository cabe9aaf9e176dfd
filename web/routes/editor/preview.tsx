import { useTranslation } from '#web/lib/i18n-react.ts';
import { data, useParams } from 'react-router';
import { Banner } from '#web/components/ui/banner.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { contentApi, useEditorArticleQuery } from '#web/features/content/api.ts';
import { collectionOfPath } from '#web/features/content/collection.ts';
import { EditorPreview } from '#web/features/content/editor-preview.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { apiErrorCode } from '#web/store/api.ts';

export async function loader({ store, page, params }: PageLoaderArgs) {
  const result = await store.dispatch(contentApi.endpoints.editorArticle.initiate({ collection: collectionOfPath(page.path), slug: params.slug ?? '' }, { subscribe: false }));
  if (result.error && apiErrorCode(result.error) === 'NOT_FOUND') throw data(null, { status: 404 });
  return null;
}

/** /editor/{section}/{slug}: the article as its public page will look, in any status. */
export default function EditorPreviewPage() {
  const { t } = useTranslation('content');
  const { page } = useCurrentPage();
  const collection = collectionOfPath(page?.path ?? '/editor/blog');
  const { slug = '' } = useParams();
  const query = useEditorArticleQuery({ collection, slug });
  return (
    <div className="section">
      <title>{t('editor.preview')}</title>
      <div className="container container--article">
        {query.data ? <EditorPreview collection={collection} article={query.data} /> : query.isError ? <Banner tone="danger">{t('article.error')}</Banner> : <LoadingBlock lines={8} />}
      </div>
    </div>
  );
}
