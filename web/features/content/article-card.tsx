import { useTranslation } from '#web/lib/i18n-react.ts';
import { COLLECTION_INFO, type ArticleCard as Card, type Collection } from '#shared/contracts/content.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { formatDate } from './collection.ts';

/** One article in a list: cover, title (the link), summary, date, reading time and topics. */
export function ArticleCard({ article, collection, headingLevel = 2 }: { article: Card; collection: Collection; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation('content');
  const Heading = `h${headingLevel}` as const;
  const href = `${COLLECTION_INFO[collection].path}/${article.slug}`;
  return (
    <article className="article-card">
      {article.cover && (
        <img className="article-card__cover" src={article.cover.src} srcSet={article.cover.srcSet} sizes="(max-width: 760px) 100vw, 380px" width={article.cover.width} height={article.cover.height} alt="" loading="lazy" decoding="async" />
      )}
      <div className="article-card__body">
        <Heading className="article-card__title">
          <LocalizedLink to={href}>{article.title}</LocalizedLink>
        </Heading>
        {article.summary && <p className="article-card__summary">{article.summary}</p>}
        <p className="article-card__meta">
          <time dateTime={article.publishedAt}>{formatDate(article.publishedAt, i18n.language)}</time>
          <span aria-hidden="true"> · </span>
          <span>{t('card.readingTime', { count: article.readingMinutes })}</span>
        </p>
        {article.tags.length > 0 && (
          <ul className="tag-list" aria-label={t('list.tagsLabel')}>
            {article.tags.map((tag) => (
              <li key={tag}>
                <LocalizedLink className="tag" to={`${COLLECTION_INFO[collection].path}?tag=${encodeURIComponent(tag)}`}>
                  #{tag}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
