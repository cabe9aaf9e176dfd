import { useTranslation } from '#web/lib/i18n-react.ts';
import { coinOfProvider } from '#shared/contracts/crypto.ts';
import type { PaymentStatus } from '#shared/contracts/payments.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Button } from '#web/components/button/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useGetPaymentsQuery } from './api.ts';

const TONE: Record<PaymentStatus, BadgeTone> = { created: 'neutral', pending: 'info', succeeded: 'success', failed: 'danger', canceled: 'neutral', expired: 'warning' };

/** /pay/history_payment: every top-up attempt with its method, status and amount. */
export function PaymentHistory({ lang }: { lang: string }) {
  const { t } = useTranslation('payments');
  const { data, isLoading, isError, refetch } = useGetPaymentsQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isLoading) return <LoadingBlock lines={4} />;
  if (isError || !data) {
    return (
      <Banner tone="danger" role="alert">
        {t('errors.loadHistory')} <Button variant="secondary" onClick={() => void refetch()}>{t('retry')}</Button>
      </Banner>
    );
  }
  if (data.length === 0) {
    return (
      <EmptyState
        title={t('history.empty.title')}
        description={t('history.empty.text')}
        action={
          <LocalizedLink to="/addbalance" className={buttonClassName('primary')}>
            {t('history.empty.action')}
          </LocalizedLink>
        }
      />
    );
  }
  const when = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{t('history.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('history.columns.id')}</th>
            <th scope="col">{t('history.columns.date')}</th>
            <th scope="col">{t('history.columns.method')}</th>
            <th scope="col">{t('history.columns.status')}</th>
            <th scope="col">{t('history.columns.promo')}</th>
            <th scope="col" className="num">{t('history.columns.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((p) => (
            <tr key={p.id}>
              <td>#{p.id}</td>
              <td>{when.format(new Date(p.createdAt))} UTC</td>
              <td>
                {p.invoiceId !== null ? (
                  <LocalizedLink to={`${coinOfProvider(p.provider)?.page ?? '/pay'}?invoice=${p.invoiceId}`}>{t(`providers.${p.provider}.name`, { defaultValue: p.provider })}</LocalizedLink>
                ) : (
                  t(`providers.${p.provider}.name`, { defaultValue: p.provider })
                )}
              </td>
              <td>
                <Badge tone={TONE[p.status]}>{t(`status.${p.status}`)}</Badge>
                {p.note && (
                  <span className="text-sm muted history-note">
                    {' '}
                    {t(`history.notes.${p.note}`, { invoice: p.invoiceId })}
                  </span>
                )}
              </td>
              <td>{p.promoCode ? <code data-testid="history-promo">{p.promoCode}</code> : <span className="muted">—</span>}</td>
              <td className="num">${p.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
