import { useEffect, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { AdminUserRow } from '#shared/contracts/admin.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useListUsersQuery } from './api.ts';
import { adminErrorKey, effectiveQuery, formatUsd, pageCount, rowRange, SEARCH_MIN } from './logic.ts';
import { UserActionsModal } from './user-actions.tsx';
import { UserBadges } from './user-badges.tsx';

/** `value` after it stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

/** Search, the paginated user table and the per-user actions dialog. */
export function UsersPanel({ currentUserId, debounceMs = 300 }: { currentUserId: number | null; debounceMs?: number }) {
  const { t } = useTranslation('admin');
  const [input, setInput] = useState('');
  const q = effectiveQuery(useDebounced(input, debounceMs));
  // The page belongs to the query it was chosen for; a new query starts at page 0.
  const [paging, setPaging] = useState({ q: '', page: 0 });
  const page = paging.q === q ? paging.page : 0;
  const [selected, setSelected] = useState<AdminUserRow | null>(null);
  const { data, error, isLoading, isFetching, refetch } = useListUsersQuery({ q, page });

  const typed = input.trim().length;
  const total = data?.totalCount ?? 0;
  const pages = pageCount(total);
  const range = rowRange(page, total);
  const go = (p: number) => setPaging({ q, page: p });

  return (
    <div className="stack">
      <form role="search" className="admin-search" onSubmit={(e) => e.preventDefault()}>
        <Field label={t('users.search.label')} hint={t('users.search.hint', { min: SEARCH_MIN })}>
          <TextInput
            type="search"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
          />
        </Field>
      </form>
      <div role="status" className="admin-summary text-sm text-secondary">
        {typed > 0 && typed < SEARCH_MIN && <span>{t('users.search.tooShort', { min: SEARCH_MIN })}</span>}
        {/* While other rows load, the rows shown belong to the previous query: say so, not a count. */}
        {isFetching && !isLoading ? (
          <>
            <span className="spinner spinner--sm" aria-hidden="true" />
            <span>{t('users.updating')}</span>
          </>
        ) : (
          data &&
          !(typed > 0 && typed < SEARCH_MIN && !q) && (
            <span>
              {q ? t('users.summary.filtered', { ...range, total, q }) : t('users.summary.all', { ...range, total })}
            </span>
          )
        )}
      </div>

      {isLoading ? (
        <div className="stack stack--sm" aria-busy="true">
          <Spinner size="sm" />
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height="2.75rem" />
          ))}
        </div>
      ) : !data ? (
        <Banner tone="danger" role="alert">
          <div className="stack stack--sm">
            <p>
              {t('users.loadFailed')} {t(adminErrorKey(error))}
            </p>
            <div>
              <Button variant="secondary" onClick={() => void refetch()}>
                {t('retry')}
              </Button>
            </div>
          </div>
        </Banner>
      ) : data.records.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title={q ? t('users.empty.filtered') : t('users.empty.all')}
          description={q ? t('users.empty.filteredText', { q }) : undefined}
        />
      ) : (
        <>
          <p className="text-sm muted">{t('users.tableHint')}</p>
          <div className="table-wrap" aria-busy={isFetching}>
            <table className="table admin-table">
              <caption className="visually-hidden">{t('users.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col" className="num">
                    {t('users.columns.id')}
                  </th>
                  <th scope="col">{t('users.columns.email')}</th>
                  <th scope="col">{t('users.columns.type')}</th>
                  <th scope="col">{t('users.columns.status')}</th>
                  <th scope="col" className="num">
                    {t('users.columns.balance')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.records.map((u) => (
                  <tr key={u.id}>
                    <td className="num">{u.id}</td>
                    <td className="nowrap">
                      {/* The address opens the user's actions: reachable without scrolling the table on phones. */}
                      <button
                        type="button"
                        className="btn btn--none link-button"
                        onClick={() => setSelected(u)}
                        aria-label={t('users.manageUser', { email: u.email })}
                        aria-haspopup="dialog"
                      >
                        {u.email}
                      </button>
                    </td>
                    <td>{t(`types.${u.userType ?? 'none'}`)}</td>
                    <td>
                      <UserBadges user={u} />
                    </td>
                    <td className="num">{formatUsd(u.balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      {data && pages > 1 && (
        <nav className="pagination" aria-label={t('users.pagination.label')}>
          <Button variant="secondary" onClick={() => go(page - 1)} disabled={page === 0}>
            {t('users.pagination.previous')}
          </Button>
          <span className="num text-sm">{t('users.pagination.page', { page: page + 1, pages })}</span>
          <Button variant="secondary" onClick={() => go(page + 1)} disabled={page + 1 >= pages}>
            {t('users.pagination.next')}
          </Button>
        </nav>
      )}

      <UserActionsModal user={selected} isSelf={selected?.id === currentUserId} onClose={() => setSelected(null)} />
    </div>
  );
}
