/**
 * Pieces every customer log shares: a paginated table ("show older" appends the next keyset page),
 * its loading, error and empty states, the task thumbnail, type names, times in the account's zone.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { LogPage } from '#shared/contracts/customer-logs.ts';
import { Button } from '#web/components/button/button.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { formatDateTime, formatUsd } from '#web/lib/format.ts';
import { taskImageUrl } from './logs-api.ts';
import { LoadFailed } from './states.tsx';

/** What a list page needs from an RTK infinite query result. */
export interface LogQuery<T> {
  data?: { pages: LogPage<T>[] };
  error?: unknown;
  isLoading: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  isError: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

export interface LogColumn<T> {
  key: string;
  /** The column's name; on phones, where each row is a card, it labels the value too. */
  header: string;
  /** Only for assistive technology (an actions column). */
  hideHeader?: boolean;
  /** `num` right-aligns tabular figures; `nowrap` keeps times on one line; `mono`, `break` style the values. */
  className?: string;
  cell: (row: T, timezone: string) => ReactNode;
}

/** The header cell keeps only the alignment classes of its column. */
const headClass = (className?: string) => className?.split(' ').filter((c) => c === 'num' || c === 'nowrap').join(' ') || undefined;

/** Every loaded row, oldest page last, and the account's time zone. */
export function rowsOf<T>(query: Pick<LogQuery<T>, 'data'>): { rows: T[]; timezone: string } {
  const pages = query.data?.pages ?? [];
  return { rows: pages.flatMap((p) => p.records), timezone: pages[0]?.timezone ?? 'UTC' };
}

export interface LogTableProps<T extends { id: number }> {
  query: LogQuery<T>;
  /** The table's accessible name. */
  caption: string;
  columns: readonly LogColumn<T>[];
  empty: { title: ReactNode; description?: ReactNode; action?: ReactNode };
  /** A row's test id, for end-to-end tests. */
  rowTestId?: string;
}

export function LogTable<T extends { id: number }>({ query, caption, columns, empty, rowTestId }: LogTableProps<T>) {
  const { t } = useTranslation('customer');
  if (query.isLoading) return <LoadingBlock lines={5} />;
  if (!query.data) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  const { rows, timezone } = rowsOf(query);
  if (rows.length === 0) return <EmptyState title={empty.title} description={empty.description} action={empty.action} />;
  return (
    <div className="stack stack--sm">
      <p className="text-sm muted">{t('logs.timesIn', { timezone })}</p>
      {/* On phones the rows become cards (customer-logs.css); the explicit roles keep it a table for assistive technology. */}
      <div className="table-wrap logs-table">
        <table className="table" role="table">
          <caption className="visually-hidden">{caption}</caption>
          <thead role="rowgroup">
            <tr role="row">
              {columns.map((c) => (
                <th key={c.key} scope="col" role="columnheader" className={headClass(c.className)}>
                  {c.hideHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((row) => (
              <tr key={row.id} role="row" data-testid={rowTestId ? `${rowTestId}-${row.id}` : undefined}>
                {columns.map((c) => (
                  <td key={c.key} role="cell" className={c.className} data-label={c.hideHeader ? undefined : c.header}>
                    {c.cell(row, timezone)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {query.isError && query.data && <LoadFailed error={query.error} onRetry={() => void query.fetchNextPage()} />}
      {query.hasNextPage && (
        <div>
          <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('logs.showOlder')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** A time in the account's zone, machine-readable too. */
export function Time({ iso, timezone }: { iso: string | null; timezone: string }) {
  if (!iso) return <span className="muted">—</span>;
  return <time dateTime={iso}>{formatDateTime(iso, timezone)}</time>;
}

/** The captcha type's name (customer catalogue), with the slug as a fallback. */
export function useTypeName(): (slug: string) => string {
  const { t } = useTranslation('customer');
  return (slug) => t(`types.${slug}`, { defaultValue: slug });
}

/** The task's picture (owner-only route), a link to the full size; a dash for tasks without one. */
export function TaskThumb({ id, hasImage }: { id: number; hasImage: boolean }) {
  const { t } = useTranslation('customer');
  if (!hasImage) return <span className="muted">—</span>;
  return (
    <a href={taskImageUrl(id)} target="_blank" rel="noopener" className="task-thumb">
      <img src={taskImageUrl(id)} alt={t('logs.imageAlt', { id })} loading="lazy" decoding="async" width={120} height={48} />
    </a>
  );
}

/** Money as "$0.0005" (every decimal the server sent). */
export function Usd({ amount }: { amount: string | null }) {
  const { i18n } = useTranslation();
  if (amount === null) return <span className="muted">—</span>;
  return <span className="num">{formatUsd(amount, i18n.language)}</span>;
}

/** "12.3 s" in the page's language. */
export function useSeconds(): (ms: number | null) => string {
  const { t, i18n } = useTranslation('customer');
  return (ms) => (ms === null ? '—' : t('logs.seconds', { value: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(ms / 1000) }));
}

export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <Badge tone={tone} dot>
      {children}
    </Badge>
  );
}
