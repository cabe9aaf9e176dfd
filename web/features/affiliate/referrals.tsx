import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useAffiliateReferralsQuery, useAffiliateSourcesQuery } from './api.ts';

function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('partner');
  return (
    <Banner tone="danger" role="alert">
      {t('errors.generic')} <Button variant="secondary" onClick={onRetry}>{t('retry')}</Button>
    </Banner>
  );
}

/** /partner/invited-referrals: the referred accounts, anonymised, with what each earned the referrer. */
export function InvitedReferrals({ lang }: { lang: string }) {
  const { t } = useTranslation('partner');
  const [page, setPage] = useState(0);
  const { data, isLoading, isError, refetch } = useAffiliateReferralsQuery(page);
  if (isLoading) return <LoadingBlock lines={4} />;
  if (isError || !data) return <Failed onRetry={() => void refetch()} />;
  if (data.referrals.length === 0 && page === 0) return <EmptyState title={t('referrals.empty.title')} description={t('referrals.empty.text')} />;
  const day = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <div className="stack">
      <div className="table-wrap">
        <table className="table partner-table" data-testid="invited-referrals">
          <caption className="visually-hidden">{t('nav.referrals')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('referrals.columns.account')}</th>
              <th scope="col">{t('referrals.columns.type')}</th>
              <th scope="col">{t('referrals.columns.source')}</th>
              <th scope="col">{t('referrals.columns.joined')}</th>
              <th scope="col" className="num">{t('referrals.columns.commission')}</th>
            </tr>
          </thead>
          <tbody>
            {data.referrals.map((r) => (
              <tr key={r.label}>
                <td>{r.label} <span className="mono text-sm muted">{r.maskedEmail}</span></td>
                <td>{r.userType ? t(`referrals.types.${r.userType}`) : t('referrals.types.none')}</td>
                <td>{r.source ?? <span className="muted">{t('sources.none')}</span>}</td>
                <td>{day.format(new Date(r.joinedAt))}</td>
                <td className="num">${r.commission}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="cluster">
        {page > 0 && <Button variant="secondary" onClick={() => setPage(page - 1)}>{t('referrals.newer')}</Button>}
        {data.referrals.length === 100 && <Button variant="secondary" onClick={() => setPage(page + 1)}>{t('referrals.older')}</Button>}
      </div>
    </div>
  );
}

/** /partner/invited-referrals-sources: clicks, sign-ups and commission per `source` label. */
export function ReferralSources() {
  const { t } = useTranslation('partner');
  const { data, isLoading, isError, refetch } = useAffiliateSourcesQuery();
  if (isLoading) return <LoadingBlock lines={4} />;
  if (isError || !data) return <Failed onRetry={() => void refetch()} />;
  if (data.sources.length === 0) return <EmptyState title={t('sources.empty.title')} description={t('sources.empty.text')} />;
  return (
    <div className="table-wrap">
      <table className="table" data-testid="referral-sources">
        <caption className="visually-hidden">{t('nav.sources')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('sources.columns.source')}</th>
            <th scope="col" className="num">{t('sources.columns.clicks')}</th>
            <th scope="col" className="num">{t('sources.columns.signups')}</th>
            <th scope="col" className="num">{t('sources.columns.commission')}</th>
          </tr>
        </thead>
        <tbody>
          {data.sources.map((s) => (
            <tr key={s.source ?? ''} data-testid={`source-${s.source ?? 'none'}`}>
              <td>{s.source ?? <span className="muted">{t('sources.none')}</span>}</td>
              <td className="num">{s.clicks}</td>
              <td className="num">{s.signups}</td>
              <td className="num">${s.commission}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
