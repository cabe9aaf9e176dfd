import { useTranslation } from '#web/lib/i18n-react.ts';
import type { PayoutStatus } from '#shared/contracts/payouts.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { usePayoutHistoryQuery } from './api.ts';
import { payoutErrorKey } from './errors.ts';
import { utcFormatter } from './format.ts';

export const PAYOUT_TONE: Record<PayoutStatus, BadgeTone> = { requested: 'info', approved: 'warning', sent: 'success', rejected: 'danger' };

/** /partner/history_payment: every payout with its status, reference or reason, and return requests. */
export function PayoutHistory({ lang }: { lang: string }) {
  const { t } = useTranslation('partner');
  const { data, isLoading, isError, error, refetch } = usePayoutHistoryQuery();
  if (isLoading) return <LoadingBlock lines={5} />;
  if (isError || !data) {
    return (
      <Banner tone="danger" role="alert">
        {t(payoutErrorKey(error))} <Button variant="secondary" onClick={() => void refetch()}>{t('retry')}</Button>
      </Banner>
    );
  }
  const when = utcFormatter(lang);
  return (
    <div className="stack stack--lg">
      {data.payouts.length === 0 ? (
        <EmptyState
          title={t('history.empty.title')}
          description={t('history.empty.text')}
          action={<LocalizedLink to="/partner/payment" className={buttonClassName('primary', 'md')}>{t('nav.payment')}</LocalizedLink>}
        />
      ) : (
        <div className="table-wrap">
          <table className="table partner-table" data-testid="payout-history">
            <caption className="visually-hidden">{t('history.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('history.columns.id')}</th>
                <th scope="col">{t('history.columns.date')}</th>
                <th scope="col">{t('history.columns.wallet')}</th>
                <th scope="col">{t('history.columns.status')}</th>
                <th scope="col">{t('history.columns.details')}</th>
                <th scope="col" className="num">{t('history.columns.amount')}</th>
                <th scope="col" className="num">{t('history.columns.net')}</th>
              </tr>
            </thead>
            <tbody>
              {data.payouts.map((p) => (
                <tr key={p.id} data-testid={`payout-${p.id}`}>
                  <td>#{p.id}</td>
                  <td>{when.format(new Date(p.requestedAt))} UTC</td>
                  <td>
                    {t(`methods.${p.method}`)}
                    <br />
                    <span className="mono break text-sm">{p.address}</span>
                  </td>
                  <td><Badge tone={PAYOUT_TONE[p.status]}>{t(`status.${p.status}`)}</Badge></td>
                  <td className="text-sm">
                    {p.status === 'sent' && p.reference ? <>{t('history.reference')}: <span className="mono break">{p.reference}</span></> : null}
                    {p.status === 'rejected' && p.rejectReason ? <>{t('history.reason')}: {p.rejectReason} · {t('history.returned')}</> : null}
                  </td>
                  <td className="num">${p.amount}</td>
                  <td className="num">${p.net}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.returns.length > 0 && (
        <section className="stack" aria-labelledby="returns-heading">
          <h2 id="returns-heading" className="partner-heading">{t('returns.historyTitle')}</h2>
          <ul className="stack stack--sm partner-list">
            {data.returns.map((r) => (
              <Card as="li" key={r.id}>
                <div className="stack stack--xs">
                  <p>
                    <Badge tone={r.status === 'open' ? 'info' : 'success'}>{t(`returns.status.${r.status}`)}</Badge> #{r.id} · ${r.amount} · {when.format(new Date(r.createdAt))} UTC
                  </p>
                  {r.staffNote && <p className="text-sm">{t('returns.staffNote')}: {r.staffNote}</p>}
                </div>
              </Card>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
