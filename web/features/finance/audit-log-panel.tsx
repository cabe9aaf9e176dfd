import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useAuditLogQuery } from './api.ts';
import { changes } from './format.ts';

/** /p/admin?tab=audit: every admin action that moved money or changed a user's rights, newest first. */
export function AuditLogPanel() {
  const { t, i18n } = useTranslation('finance');
  const [page, setPage] = useState(0);
  const log = useAuditLogQuery({ page });
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }) + ' UTC';

  if (log.isLoading) return <LoadingBlock lines={4} />;
  if (log.isError || !log.data) {
    return (
      <Banner tone="danger" role="alert">
        {t('error')} <Button variant="secondary" onClick={() => void log.refetch()}>{t('retry')}</Button>
      </Banner>
    );
  }
  const { entries, hasMore } = log.data;
  return (
    <section className="stack" aria-labelledby="audit-heading">
      <h2 id="audit-heading" className="finance-heading">{t('audit.title')}</h2>
      <p className="finance-lead">{t('audit.lead')}</p>
      {entries.length === 0 ? (
        <EmptyState title={t('audit.empty.title')} description={t('audit.empty.text')} />
      ) : (
        <ol className="audit-list">
          {entries.map((e) => (
            <li key={e.id} className="audit-entry">
              <div className="audit-entry__head">
                <span className="audit-entry__action">{t(`audit.actions.${e.action}`, { defaultValue: e.action })}</span>
                <time dateTime={e.at} className="audit-entry__time">{when(e.at)}</time>
              </div>
              <dl className="audit-entry__meta">
                <dt>{t('audit.actor')}</dt>
                <dd>{e.actorEmail ?? (e.actorId ? `#${e.actorId}` : '—')}</dd>
                <dt>{t('audit.target')}</dt>
                <dd>{e.targetEmail ?? (e.targetUserId ? `#${e.targetUserId}` : '—')}</dd>
                <dt>{t('audit.reason')}</dt>
                <dd>{e.reason || '—'}</dd>
              </dl>
              <table className="table audit-entry__changes">
                <caption className="visually-hidden">{t('audit.changes')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('audit.field')}</th>
                    <th scope="col">{t('audit.before')}</th>
                    <th scope="col">{t('audit.after')}</th>
                  </tr>
                </thead>
                <tbody>
                  {changes(e).map((c) => (
                    <tr key={c.key}>
                      <td>
                        <code>{c.key}</code>
                      </td>
                      <td className="audit-entry__value">{c.before}</td>
                      <td className="audit-entry__value">{c.after}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </li>
          ))}
        </ol>
      )}
      <div className="cluster">
        <Button variant="secondary" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>{t('audit.newer')}</Button>
        <Button variant="secondary" disabled={!hasMore} onClick={() => setPage((p) => p + 1)}>{t('audit.older')}</Button>
      </div>
    </section>
  );
}
