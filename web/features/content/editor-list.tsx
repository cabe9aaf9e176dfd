import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { ARTICLE_STATUSES, COLLECTION_INFO, type ArticleStatus, type Collection, type EditorArticleRow } from '#shared/contracts/content.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useEditorArticlesQuery } from './api.ts';

const TONE: Record<ArticleStatus | 'live', BadgeTone> = { draft: 'neutral', scheduled: 'info', published: 'success', unpublished: 'warning', live: 'success' };

export function StatusBadge({ status, live }: { status: ArticleStatus; live: boolean }) {
  const { t } = useTranslation('content');
  const shown = status === 'scheduled' && live ? 'live' : status;
  return (
    <Badge tone={TONE[shown]} dot>
      {t(`editor.status.${shown}`)}
    </Badge>
  );
}

function when(iso: string | null, lang: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

function Row({ row, collection }: { row: EditorArticleRow; collection: Collection }) {
  const { t, i18n } = useTranslation('content');
  const base = COLLECTION_INFO[collection].editorPath;
  return (
    <tr>
      <td>
        <LocalizedLink to={`${base}/${row.slug}/edit`} className="editor-list__title">
          {row.title}
        </LocalizedLink>
        <div className="muted text-sm">/{row.slug}</div>
      </td>
      <td>
        <StatusBadge status={row.status} live={row.live} />
      </td>
      <td>{row.languages.map((l) => l.toUpperCase()).join(', ')}</td>
      <td className="nowrap">{when(row.publishAt, i18n.language)}</td>
      <td className="nowrap">{when(row.updatedAt, i18n.language)}</td>
      <td className="num">{row.views}</td>
      <td className="nowrap">
        <LocalizedLink className={buttonClassName('service')} to={`${base}/${row.slug}`}>
          {t('editor.view')}
        </LocalizedLink>
      </td>
    </tr>
  );
}

/** The editor's list of a collection: search, status filter, pages of 20. */
export function EditorList({ collection }: { collection: Collection }) {
  const { t } = useTranslation('content');
  const [text, setText] = useState('');
  const [status, setStatus] = useState<ArticleStatus | ''>('');
  const [page, setPage] = useState(0);
  const query = useEditorArticlesQuery({ collection, text: text.trim().length >= 2 ? text.trim() : undefined, status: status || undefined, page });
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / data.pageSize)) : 1;
  return (
    <div className="stack">
      <div className="editor-filters">
        <Field label={t('editor.search')}>
          <TextInput
            type="search"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setPage(0);
            }}
          />
        </Field>
        <label className="content-sort">
          <span>{t('editor.statusFilter')}</span>
          <select
            className="input select"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ArticleStatus | '');
              setPage(0);
            }}
          >
            <option value="">{t('editor.allStatuses')}</option>
            {ARTICLE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`editor.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {query.isError ? (
        <Banner tone="danger">
          <p>{t('editor.error')}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('list.retry')}
          </Button>
        </Banner>
      ) : !data ? (
        <LoadingBlock lines={5} />
      ) : data.records.length === 0 ? (
        <EmptyState compact title={t('editor.empty')} />
      ) : (
        <>
          <div className="table-wrap">
            <table className="table editor-table">
              <thead>
                <tr>
                  <th scope="col">{t('editor.columns.title')}</th>
                  <th scope="col">{t('editor.columns.status')}</th>
                  <th scope="col">{t('editor.columns.languages')}</th>
                  <th scope="col">{t('editor.columns.publishAt')}</th>
                  <th scope="col">{t('editor.columns.updated')}</th>
                  <th scope="col" className="num">
                    {t('editor.columns.views')}
                  </th>
                  <th scope="col">{t('editor.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.records.map((row) => (
                  <Row key={row.id} row={row} collection={collection} />
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <div className="editor-pager">
              <Button variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
                {t('editor.previousPage')}
              </Button>
              <span className="muted">{t('editor.page', { page: page + 1, pages })}</span>
              <Button variant="secondary" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
                {t('editor.nextPage')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
