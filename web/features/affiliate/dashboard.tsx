import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useAppSelector } from '#web/store/hooks.ts';
import { useAffiliateDashboardQuery } from './api.ts';
import { referralLink } from './link.ts';

/** The referral link with an optional source label, and a button that copies it. */
export function ReferralLinkCard({ referrerId }: { referrerId: number }) {
  const { t } = useTranslation('partner');
  const origin = useAppSelector((s) => s.app.sites.intl);
  const [source, setSource] = useState('');
  const link = referralLink(origin, '/', referrerId, source);
  return (
    <Card as="section" title={t('dashboard.linkTitle')} description={t('dashboard.linkLead')}>
      <div className="stack">
        <Field label={t('dashboard.source')} hint={t('dashboard.sourceHint')} optional>
          <TextInput name="source" value={source} maxLength={100} onChange={(e) => setSource(e.target.value.replace(/\s+/g, '-'))} autoComplete="off" />
        </Field>
        <div className="referral-link">
          <code className="mono break" data-testid="referral-link">{link}</code>
          <CopyButton value={link} label={t('copy')} copiedLabel={t('copied')} failedLabel={t('copyFailed')} />
        </div>
      </div>
    </Card>
  );
}

/** /partner: the referrer's figures, link and earnings by day. */
export function AffiliateDashboard() {
  const { t } = useTranslation('partner');
  const { data, isLoading, isError, refetch } = useAffiliateDashboardQuery();
  if (isLoading) return <LoadingBlock lines={5} />;
  if (isError || !data) {
    return (
      <Banner tone="danger" role="alert">
        {t('errors.generic')} <Button variant="secondary" onClick={() => void refetch()}>{t('retry')}</Button>
      </Banner>
    );
  }
  const active = data.days.filter((d) => d.signups > 0 || d.commission !== '0.00');
  return (
    <div className="stack stack--lg">
      <div className="stat-grid" data-testid="affiliate-figures">
        <Stat label={t('dashboard.clicks')} value={data.clicks} />
        <Stat label={t('dashboard.signups')} value={<span data-testid="affiliate-signups">{data.signups}</span>} />
        <Stat label={t('dashboard.active')} value={data.activeReferrals} hint={t('dashboard.activeHint')} />
        <Stat
          label={t('dashboard.earned')}
          value={<span data-testid="affiliate-earned">${data.earned}</span>}
          hint={t('dashboard.earnedSplit', { workers: data.earnedWorkers, customers: data.earnedCustomers })}
        />
      </div>
      <p className="text-sm muted">
        {t('dashboard.terms', { worker: data.terms.workerPercent, customer: data.terms.customerPercent, months: data.terms.customerMonths })}
      </p>
      <ReferralLinkCard referrerId={data.referrerId} />
      <section className="stack" aria-labelledby="affiliate-days-heading">
        <h2 id="affiliate-days-heading" className="partner-heading">{t('dashboard.daysTitle')}</h2>
        {active.length === 0 ? (
          <p className="muted">{t('dashboard.daysEmpty')}</p>
        ) : (
          <div className="table-wrap">
            <table className="table" data-testid="affiliate-days">
              <caption className="visually-hidden">{t('dashboard.daysTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.columns.day')}</th>
                  <th scope="col" className="num">{t('dashboard.columns.signups')}</th>
                  <th scope="col" className="num">{t('dashboard.columns.commission')}</th>
                </tr>
              </thead>
              <tbody>
                {[...active].reverse().map((d) => (
                  <tr key={d.day}>
                    <td>{d.day}</td>
                    <td className="num">{d.signups}</td>
                    <td className="num">${d.commission}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
