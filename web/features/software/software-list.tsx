import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { useSearchParams } from 'react-router';
import { SOFTWARE_SEARCH_MIN_CHARS, SOFTWARE_SORTINGS, type SoftwareSorting } from '#shared/contracts/software.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useCategoriesQuery, useSoftwareListQuery, type SoftwareListArgs } from './api.ts';
import { SoftwareCardView } from './software-card.tsx';

/** The list arguments the address asks for (page 0); the loader and the page share it. */
export function listArgsOf(search: URLSearchParams): SoftwareListArgs {
  const sorting = search.get('sorting');
  const categories = (search.get('categories') ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)
    .sort()
    .join(',');
  return {
    page: 0,
    sorting: (SOFTWARE_SORTINGS as readonly string[]).includes(sorting ?? '') && sorting !== 'relevant' ? (sorting as SoftwareSorting) : undefined,
    categories: categories || undefined,
    text: search.get('text')?.trim() || undefined,
  };
}

/**
 * /software: search (from 3 characters), category filters, sorting (relevant by default) and
 * "Load more", which appends the next page of the same moment's list; page 0 replaces it (spec §4).
 */
export function SoftwareList() {
  const { t } = useTranslation('software');
  const [search, setSearch] = useSearchParams();
  const base = listArgsOf(search);
  const filterKey = `${base.text}|${base.categories}|${base.sorting}`;
  // The page belongs to the filters it was loaded for: a new search, category or sorting starts at
  // page 0 in the same render (resetting it in an effect first fetched the old page number with
  // the new filters, whose late answer was appended to the new page 0).
  const [paging, setPaging] = useState({ key: filterKey, page: 0 });
  const page = paging.key === filterKey ? paging.page : 0;
  const setPage = (next: number) => setPaging({ key: filterKey, page: next });
  const [asOf, setAsOf] = useState<string | undefined>(undefined);
  const list = useSoftwareListQuery({ ...base, page, asOf: page > 0 ? asOf : undefined });
  useEffect(() => {
    if (page === 0 && list.data) setAsOf(list.data.asOf);
  }, [page, list.data]);
  const categories = useCategoriesQuery();
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
  const selected = new Set(base.categories ? base.categories.split(',') : []);
  const toggle = (slug: string) => {
    const next = new Set(selected);
    if (next.has(slug)) next.delete(slug);
    else next.add(slug);
    update({ categories: [...next].sort().join(',') || undefined });
  };
  const tooShort = text.trim().length > 0 && text.trim().length < SOFTWARE_SEARCH_MIN_CHARS;
  const data = list.data;

  return (
    <div className="stack stack--lg">
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
          <select className="input select" value={base.sorting ?? 'relevant'} onChange={(e) => update({ sorting: e.target.value === 'relevant' ? undefined : e.target.value })}>
            {SOFTWARE_SORTINGS.map((s) => (
              <option key={s} value={s}>
                {t(`sorting.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>

      {categories.data && (
        <div role="group" aria-label={t('list.categoriesLabel')}>
          <ul className="tag-list tag-list--filters">
            {categories.data.map((c) => (
              <li key={c.slug}>
                <button type="button" className="tag software-filter" aria-pressed={selected.has(c.slug)} onClick={() => toggle(c.slug)}>
                  {t(`categories.${c.slug}`)} <span className="tag__count">{c.count}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
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
        <EmptyState title={t('list.emptyTitle')} description={data.text ? t('list.noResults', { text: data.text }) : t('list.emptyDescription')} />
      ) : (
        <>
          <div className="software-grid">
            {data.records.map((s) => (
              <SoftwareCardView key={s.id} software={s} />
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
    </div>
  );
}
