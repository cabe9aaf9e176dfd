import { useEffect, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { COLLECTION_INFO, type Collection, type ContentLanguage, type EditorArticle, type PreviewResult } from '#shared/contracts/content.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { usePreviewArticleMutation } from './api.ts';
import { ArticleBody } from './article-view.tsx';

/** The editor's preview: the article as its public page will show it, whatever its status. */
export function EditorPreview({ collection, article }: { collection: Collection; article: EditorArticle }) {
  const { t } = useTranslation('content');
  const { lang } = useCurrentPage();
  const languages = Object.keys(article.versions) as ContentLanguage[];
  const language: ContentLanguage = languages.includes(lang as ContentLanguage) ? (lang as ContentLanguage) : languages[0]!;
  const version = article.versions[language]!;
  const [render] = usePreviewArticleMutation();
  const [result, setResult] = useState<PreviewResult | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void render(version.body).then((res) => ('data' in res && res.data ? setResult(res.data) : setFailed(true)));
  }, [render, version.body]);
  const status = article.status === 'scheduled' && article.live ? 'live' : article.status;
  return (
    <div className="stack stack--lg">
      <Banner tone={article.live ? 'success' : 'warning'}>
        <p>{t('editor.previewBanner', { status: t(`editor.status.${status}`) })}</p>
        <div className="cluster">
          <LocalizedLink className={buttonClassName('primary')} to={`${COLLECTION_INFO[collection].editorPath}/${article.slug}/edit`}>
            {t('editor.edit')}
          </LocalizedLink>
          <LocalizedLink className={buttonClassName('secondary')} to={COLLECTION_INFO[collection].editorPath}>
            {t('editor.backToList')}
          </LocalizedLink>
        </div>
      </Banner>
      {failed ? (
        <Banner tone="danger">{t('article.error')}</Banner>
      ) : !result ? (
        <LoadingBlock lines={8} />
      ) : (
        <ArticleBody
          preview
          collection={collection}
          article={{
            id: article.id,
            collection,
            slug: article.slug,
            language,
            fallback: language !== lang,
            languages,
            title: version.title,
            summary: version.summary,
            html: result.html,
            toc: result.toc,
            readingMinutes: result.readingMinutes,
            tags: article.tags,
            authorName: article.authorName,
            publishedAt: article.publishAt ?? article.updatedAt,
            updatedAt: version.updatedAt,
            views: article.views,
            cover: article.cover,
            related: [],
            previous: null,
            next: null,
          }}
        />
      )}
    </div>
  );
}
