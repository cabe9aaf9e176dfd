import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from '#web/lib/i18n-react.ts';
import { useSearchParams } from 'react-router';
import { COLLECTION_INFO, SEARCH_MIN_CHARS, SORTS, type ArticleSort, type Collection } from '#shared/contracts/content.ts';
import { Button } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { useAppSelector } from '#web/store/hooks.ts';
import { useArticleIndexQuery, useArticlesQuery, type ListArgs } from './api.ts';
import { ArticleCard } from './article-card.tsx';

/** The list arguments a page's address asks for (page 0); the loader and the page share it. */
export function listArgsOf(collection: Collection, lang: string, search: URLSearchParams, host: string | undefined): ListArgs {
  const sort = search.get('sort');
  return {
    collection,
    language: lang,
    hostname: host,
    text: search.get('text')?.trim() || undefined,
    tag: search.get('tag')?.trim() || undefined,
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as ArticleSort) : undefined,
    page: 0,
  };
}

/**
 * A collection's public list: search (from 3 characters), topics, sorting, and "Load more",
 * which appends the next page of the same moment's list (spec §4).
 */
export function ArticleList({ collection }: { collection: Collection }) {
  const { t } = useTranslation('content');
  const { lang } = useCurrentPage();
  const [search, setSearch] = useSearchParams();
  // The host the server rendered for: the same list arguments (and cache entry) as the loader's.
  const host = useAppSelector((s) => s.app.host);
  const base = listArgsOf(collection, lang, search, host);
  const [page, setPage] = useState(0);
  const filterKey = `${base.text}|${base.tag}|${base.sort}|${lang}`;
  useEffect(() => setPage(0), [filterKey]);
  const [asOf, setAsOf] = useState<string | undefined>(undefined);
  // One cache entry per filter; later pages carry the first page's moment (merged in api.ts).
  const list = useArticlesQuery({ ...base, page, asOf: page > 0 ? asOf : undefined });
  useEffect(() => {
    if (page === 0 && list.data) setAsOf(list.data.asOf);
  }, [page, list.data]);
  const index = useArticleIndexQuery({ collection, language: lang, hostname: base.hostname });
  const [text, setText] = useState(base.text ?? '');
  useEffect(() => setText(base.text ?? ''), [base.text]);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setSearch(next, { preventScrollReset: true });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update({ text: text.trim() || undefined });
  };

  const data = list.data;
  const sort = base.sort ?? COLLECTION_INFO[collection].defaultSort;
  const tooShort = text.trim().length > 0 && text.trim().length < SEARCH_MIN_CHARS;
  const feedBase = COLLECTION_INFO[collection].path;

  return (
    <div className="content-list stack stack--lg">
      <div className="content-filters">
        <form className="content-search" role="search" onSubmit={submit}>
          <Field label={t('list.searchLabel')} hint={tooShort ? t('list.searchHint') : undefined}>
            <TextInput type="search" name="text" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('list.searchPlaceholder')} maxLength={200} />
          </Field>
          <div className="content-search__actions">
            <Button type="submit" variant="primary">
              {t('list.searchSubmit')}
            </Button>
            {base.text && (
              <Button type="button" variant="secondary" onClick={() => update({ text: undefined })}>
                {t('list.clearSearch')}
              </Button>
            )}
          </div>
        </form>
        <label className="content-sort">
          <span>{t('list.sortLabel')}</span>
          <select className="input select" value={sort} onChange={(e) => update({ sort: e.target.value === COLLECTION_INFO[collection].defaultSort ? undefined : e.target.value })}>
            <option value="latest">{t('list.sortLatest')}</option>
            <option value="popular">{t('list.sortPopular')}</option>
          </select>
        </label>
      </div>

      {index.data && index.data.tags.length > 0 && (
        <nav aria-label={t('list.tagsLabel')}>
          <ul className="tag-list tag-list--filters">
            <li>
              <LocalizedLink className="tag" aria-current={!base.tag ? 'true' : undefined} to={feedBase + (base.text ? `?text=${encodeURIComponent(base.text)}` : '')}>
                {t('list.allTags')}
              </LocalizedLink>
            </li>
            {index.data.tags.map(({ tag, count }) => (
              <li key={tag}>
                <LocalizedLink className="tag" aria-current={base.tag === tag ? 'true' : undefined} to={`${feedBase}?tag=${encodeURIComponent(tag)}`}>
                  #{tag} <span className="tag__count">{count}</span>
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {list.isError && !data ? (
        <Banner tone="danger">
          <p>{t('list.error')}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t('list.retry')}
          </Button>
        </Banner>
      ) : !data ? (
        <LoadingBlock lines={4} />
      ) : data.records.length === 0 ? (
        data.text ? (
          <EmptyState title={t('list.noResultsTitle')} description={t('list.noResultsDescription', { text: data.text })} />
        ) : (
          <EmptyState title={t('list.emptyTitle')} description={base.tag ? t('list.noTagResults') : t('list.emptyDescription')} />
        )
      ) : (
        <>
          <div className="article-grid">
            {data.records.map((a) => (
              <ArticleCard key={a.id} article={a} collection={collection} />
            ))}
          </div>
          <div className="content-more" aria-live="polite">
            <p className="muted text-sm">{t('list.shown', { shown: data.records.length, total: data.totalCount })}</p>
            {data.hasMore && (
              <Button variant="secondary" size="lg" disabled={list.isFetching} onClick={() => setPage(Math.ceil(data.records.length / data.pageSize))}>
                {list.isFetching ? t('list.loadingMore') : t('list.loadMore')}
              </Button>
            )}
            {list.isError && <Banner tone="danger">{t('list.error')}</Banner>}
          </div>
        </>
      )}
      <p className="text-sm muted content-feeds">
        <Trans
          t={t}
          i18nKey="list.feeds"
          components={{
            rss: <a href={`${lang === 'ru' ? '/ru' : ''}${feedBase}/rss.xml`} type="application/rss+xml" />,
            atom: <a href={`${lang === 'ru' ? '/ru' : ''}${feedBase}/atom.xml`} type="application/atom+xml" />,
          }}
        />
      </p>
    </div>
  );
}
