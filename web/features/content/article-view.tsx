import { useEffect, useRef } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { COLLECTION_INFO, type Collection, type PublicArticle } from '#shared/contracts/content.ts';
import { canonicalUrl } from '#shared/i18n/routing.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { apiErrorCode } from '#web/store/api.ts';
import { useAppSelector } from '#web/store/hooks.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { useArticleQuery, useRecordViewMutation } from './api.ts';
import { ArticleCard } from './article-card.tsx';
import { formatDate } from './collection.ts';

/** JSON for a <script> element: `<` escaped so no text can close the element. */
function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The article itself: header, contents, the server's sanitised HTML, share links, related and neighbours. */
export function ArticleBody({ article, collection, preview = false }: { article: PublicArticle; collection: Collection; preview?: boolean }) {
  const { t, i18n } = useTranslation('content');
  const { lang } = useCurrentPage();
  const sites = useAppSelector((s) => s.app.sites);
  const brandName = useAppSelector((s) => s.app.brandName);
  const base = COLLECTION_INFO[collection].path;
  const url = canonicalUrl(sites, lang, `${base}/${article.slug}`);
  const origin = new URL(sites.intl).origin;
  const image = article.cover ? origin + article.cover.src : undefined;
  const date = (iso: string) => formatDate(iso, i18n.language);
  const shares = [
    ['X', `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(article.title)}`],
    ['Telegram', `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(article.title)}`],
    ['Facebook', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`],
    ['LinkedIn', `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`],
  ] as const;

  return (
    <article className="article" lang={article.language}>
      {!preview && (
        <>
          <title>{`${article.title} — ${brandName}`}</title>
          <meta name="description" content={article.summary} />
          <meta property="og:type" content="article" />
          <meta property="og:title" content={article.title} />
          <meta property="og:description" content={article.summary} />
          <meta property="og:url" content={url} />
          <meta property="og:site_name" content={brandName} />
          {image && <meta property="og:image" content={image} />}
          <meta property="article:published_time" content={article.publishedAt} />
          <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
          <meta name="twitter:title" content={article.title} />
          <meta name="twitter:description" content={article.summary} />
          <script
            type="application/ld+json"
            dangerouslySetInnerHTML={{
              __html: jsonLd({
                '@context': 'https://schema.org',
                '@type': 'Article',
                headline: article.title,
                description: article.summary,
                inLanguage: article.language,
                datePublished: article.publishedAt,
                dateModified: article.updatedAt,
                mainEntityOfPage: url,
                ...(image ? { image } : {}),
                author: { '@type': article.authorName ? 'Person' : 'Organization', name: article.authorName || brandName },
                publisher: { '@type': 'Organization', name: brandName },
                keywords: article.tags.join(', '),
              }),
            }}
          />
        </>
      )}
      <header className="article__header">
        <p className="article__crumb">
          <LocalizedLink to={base}>← {t(`collections.${collection}.title`)}</LocalizedLink>
        </p>
        <h1>{article.title}</h1>
        {article.summary && <p className="lead">{article.summary}</p>}
        <p className="article__meta">
          <time dateTime={article.publishedAt}>{t('article.published', { date: date(article.publishedAt) })}</time>
          <span aria-hidden="true"> · </span>
          <span>{t('card.readingTime', { count: article.readingMinutes })}</span>
          {article.authorName && (
            <>
              <span aria-hidden="true"> · </span>
              <span>{t('article.by', { name: article.authorName })}</span>
            </>
          )}
        </p>
        {article.fallback && <Banner tone="info">{article.language === 'ru' ? t('article.fallback') : t('article.fallbackRu')}</Banner>}
        {article.cover && <img className="article__cover" src={article.cover.src} srcSet={article.cover.srcSet} sizes="(max-width: 760px) 100vw, 760px" width={article.cover.width} height={article.cover.height} alt="" />}
      </header>
      <div className="article__layout">
        {article.toc.length > 1 && (
          <nav className="article__toc" aria-labelledby="article-toc-title">
            <h2 id="article-toc-title" className="article__toc-title">
              {t('article.contents')}
            </h2>
            <ol>
              {article.toc.map((h) => (
                <li key={h.id} className={h.depth === 3 ? 'article__toc-sub' : undefined}>
                  <a href={`#${h.id}`}>{h.text}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        {/* Rendered and sanitised by the server (modules/content/render.ts). */}
        <div className="article-body" dangerouslySetInnerHTML={{ __html: article.html }} />
      </div>
      <footer className="article__footer stack">
        {article.tags.length > 0 && (
          <ul className="tag-list" aria-label={t('list.tagsLabel')}>
            {article.tags.map((tag) => (
              <li key={tag}>
                <LocalizedLink className="tag" to={`${base}?tag=${encodeURIComponent(tag)}`}>
                  #{tag}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        )}
        <div className="article__share" role="group" aria-label={t('article.share')}>
          <span className="article__share-label">{t('article.share')}</span>
          {shares.map(([name, href]) => (
            <a key={name} className={buttonClassName('secondary')} href={href} target="_blank" rel="noopener noreferrer">
              {name}
            </a>
          ))}
          <CopyButton variant="secondary" value={url} label={t('article.copyLink')} copiedLabel={t('article.linkCopied')} failedLabel={t('article.copyFailed')} />
        </div>
        {(article.previous || article.next) && (
          <nav className="article__neighbours" aria-label={t('article.backTo')}>
            {article.next ? (
              <LocalizedLink className="article__neighbour" to={`${base}/${article.next.slug}`} rel="next">
                <span className="muted text-sm">{t('article.next')}</span>
                <span>{article.next.title}</span>
              </LocalizedLink>
            ) : (
              <span />
            )}
            {article.previous && (
              <LocalizedLink className="article__neighbour article__neighbour--prev" to={`${base}/${article.previous.slug}`} rel="prev">
                <span className="muted text-sm">{t('article.previous')}</span>
                <span>{article.previous.title}</span>
              </LocalizedLink>
            )}
          </nav>
        )}
        {article.related.length > 0 && (
          <section className="stack" aria-labelledby="article-related">
            <h2 id="article-related">{t('article.related')}</h2>
            <div className="article-grid">
              {article.related.map((r) => (
                <ArticleCard key={r.id} article={r} collection={collection} headingLevel={3} />
              ))}
            </div>
          </section>
        )}
      </footer>
    </article>
  );
}

/** A public article page's content: loading, not found and error states, and the view count. */
export function ArticleView({ collection, slug }: { collection: Collection; slug: string }) {
  const { t } = useTranslation('content');
  const { lang } = useCurrentPage();
  const host = useAppSelector((s) => s.app.host);
  const query = useArticleQuery({ collection, slug, language: lang, hostname: host });
  const [recordView] = useRecordViewMutation();
  const counted = useRef<number | null>(null);
  const id = query.data?.id;
  useEffect(() => {
    if (id === undefined || counted.current === id) return;
    counted.current = id;
    void recordView(id);
  }, [id, recordView]);

  if (query.data) return <ArticleBody article={query.data} collection={collection} />;
  if (query.isError) {
    const notFound = apiErrorCode(query.error) === 'NOT_FOUND';
    return (
      <div className="stack">
        <title>{t(notFound ? 'article.notFoundTitle' : 'article.error')}</title>
        <EmptyState
          title={notFound ? t('article.notFoundTitle') : t('article.error')}
          description={notFound ? t('article.notFoundDescription') : undefined}
          action={
            notFound ? (
              <LocalizedLink className={buttonClassName('primary')} to={COLLECTION_INFO[collection].path}>
                {t('article.backTo')}
              </LocalizedLink>
            ) : (
              <Button variant="secondary" onClick={() => void query.refetch()}>
                {t('list.retry')}
              </Button>
            )
          }
        />
      </div>
    );
  }
  return <LoadingBlock lines={8} />;
}
