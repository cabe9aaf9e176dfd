import { useTranslation } from '#web/lib/i18n-react.ts';
import { data, useParams } from 'react-router';
import { COLLECTION_INFO } from '#shared/contracts/content.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { contentApi, useEditorArticleQuery } from '#web/features/content/api.ts';
import { ArticleEditor } from '#web/features/content/article-editor.tsx';
import { collectionOfPath } from '#web/features/content/collection.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { apiErrorCode } from '#web/store/api.ts';

export async function loader({ store, page, params }: PageLoaderArgs) {
  if (!params.slug) return null;
  const result = await store.dispatch(contentApi.endpoints.editorArticle.initiate({ collection: collectionOfPath(page.path), slug: params.slug }, { subscribe: false }));
  if (result.error && apiErrorCode(result.error) === 'NOT_FOUND') throw data(null, { status: 404 });
  return null;
}

/** /editor/{section}/new and /editor/{section}/{slug}/edit: writing an article. */
export default function EditorEditPage() {
  const { t } = useTranslation('content');
  const { page } = useCurrentPage();
  const collection = collectionOfPath(page?.path ?? '/editor/blog');
  const { slug } = useParams();
  const query = useEditorArticleQuery({ collection, slug: slug ?? '' }, { skip: !slug });
  const article = slug ? query.data : null;
  const heading = article ? t('editor.editTitle', { title: Object.values(article.versions)[0]?.title ?? article.slug }) : t('editor.newTitle', { collection: t(`collections.${collection}.title`) });
  return (
    <div className="section">
      <title>{heading}</title>
      <div className="container stack stack--lg">
        <header className="stack stack--sm">
          <p className="article__crumb">
            <LocalizedLink to={COLLECTION_INFO[collection].editorPath}>← {t('editor.backToList')}</LocalizedLink>
          </p>
          <h1>{heading}</h1>
        </header>
        {article === undefined ? (
          query.isError ? <Banner tone="danger">{t('editor.errors.generic')}</Banner> : <LoadingBlock lines={6} />
        ) : (
          <ArticleEditor key={article?.id ?? 'new'} collection={collection} article={article} />
        )}
      </div>
    </div>
  );
}
