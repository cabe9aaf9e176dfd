import { useEffect, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { COINS, formatCoin, type InvoiceStatus, type InvoiceView } from '#shared/contracts/crypto.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useAppDispatch } from '#web/store/hooks.ts';
import { paymentsApi, useGetInvoiceQuery, useSimulateInvoiceMutation } from './api.ts';
import { paymentErrorKey } from './errors.ts';

const TONE: Record<InvoiceStatus, BadgeTone> = {
  open: 'info',
  confirming: 'info',
  paid: 'success',
  overpaid: 'success',
  underpaid: 'warning',
  expired: 'neutral',
};
const SETTLED: InvoiceStatus[] = ['paid', 'overpaid', 'underpaid'];
/** How often the page asks while the invoice is open; an expired one is still watched for late payments, more slowly. */
const POLL_MS = 3000;
const POLL_EXPIRED_MS = 15_000;

/** Seconds left until `iso`, ticking each second; null until mounted (the server renders no clock). */
function useSecondsLeft(iso: string | undefined): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (now === null || !iso) return null;
  return Math.max(0, Math.floor((new Date(iso).getTime() - now) / 1000));
}

/** "50000.00" → "50,000.00" ("50 000,00" in Russian): a rate is easier to read grouped. */
const usdText = (usd: string, lang: string) =>
  Number(usd).toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * A crypto invoice (/pay/cryptocurrency-…?invoice={id}): the address and exact amount to send (QR
 * code, copy buttons), the countdown of the locked rate, and what the chain has shown so far. It
 * polls; the balance in the header follows on its own (the /ws balance event).
 */
export function CryptoInvoice({ paymentId }: { paymentId: number }) {
  const { t, i18n } = useTranslation('crypto');
  const first = useGetInvoiceQuery(paymentId);
  const status = first.data?.status;
  const settled =
    status !== undefined && SETTLED.includes(status) && first.data!.deposits.every((d) => d.creditedUsd !== null);
  useGetInvoiceQuery(paymentId, {
    skip: settled || first.isError,
    pollingInterval: status === 'expired' ? POLL_EXPIRED_MS : POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const secondsLeft = useSecondsLeft(first.data?.expiresAt);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (settled) dispatch(paymentsApi.util.invalidateTags(['User', { type: 'Payments', id: 'LIST' }]));
  }, [settled, dispatch]);

  if (first.isLoading) return <LoadingBlock lines={6} />;
  if (first.isError || !first.data) {
    return (
      <Card title={t('invoice.missing.title')}>
        <div className="stack">
          <p>{t('invoice.missing.text')}</p>
          <div className="cluster">
            <LocalizedLink to="/pay/history_payment" className={buttonClassName('secondary')}>
              {t('invoice.history')}
            </LocalizedLink>
          </div>
        </div>
      </Card>
    );
  }
  const inv = first.data;
  const coin = COINS[inv.coin];
  const received = formatCoin(inv.received, coin.decimals);
  const expired = inv.status === 'expired' || (secondsLeft === 0 && inv.status === 'open');
  const values = {
    symbol: coin.symbol,
    received,
    due: inv.amountDueText,
    usd: inv.usd,
    credited: inv.creditedUsd,
    network: coin.network,
    required: inv.requiredConfirmations,
  };
  const partial = inv.status === 'open' && inv.received !== '0';

  return (
    <div className="stack stack--lg">
      <Card
        title={t('invoice.title', { id: inv.paymentId })}
        actions={
          <Badge tone={TONE[expired ? 'expired' : inv.status]} data-testid="invoice-status">
            {t(`status.${expired && inv.status === 'open' ? 'expired' : inv.status}`)}
          </Badge>
        }
      >
        <div className="crypto-invoice">
          <figure className="crypto-invoice__qr" aria-label={t('invoice.qr')}>
            {/* The server renders the QR code of the payment URI (qrcode, SVG): no user text in it. */}
            <div dangerouslySetInnerHTML={{ __html: inv.qrSvg }} />
            <figcaption className="text-sm muted">{t('invoice.scan')}</figcaption>
          </figure>
          <dl className="crypto-invoice__facts">
            <div>
              <dt>{t('invoice.amount')}</dt>
              <dd className="crypto-invoice__amount">
                <span className="num" data-testid="invoice-amount">
                  {inv.amountDueText} {coin.symbol}
                </span>
                <CopyButton
                  value={inv.amountDueText}
                  label={t('invoice.copy')}
                  copiedLabel={t('invoice.copied')}
                  failedLabel={t('invoice.copyFailed')}
                />
              </dd>
              <dd className="text-sm muted">
                {t('invoice.usdAtRate', { usd: inv.usd, rate: usdText(inv.rate, i18n.language), symbol: coin.symbol })}
              </dd>
            </div>
            <div>
              <dt>{t('invoice.address', { network: coin.network })}</dt>
              <dd className="crypto-invoice__address">
                <code data-testid="invoice-address">{inv.address}</code>
                <CopyButton
                  value={inv.address}
                  label={t('invoice.copy')}
                  copiedLabel={t('invoice.copied')}
                  failedLabel={t('invoice.copyFailed')}
                />
              </dd>
              <dd className="text-sm muted">{t('invoice.networkOnly', values)}</dd>
            </div>
            {!SETTLED.includes(inv.status) && (
              <div>
                <dt>{t('invoice.timeLeft')}</dt>
                <dd className="crypto-invoice__countdown num" data-testid="invoice-countdown" aria-live="off">
                  {expired ? t('invoice.expiredShort') : secondsLeft === null ? '—' : mmss(secondsLeft)}
                </dd>
              </div>
            )}
          </dl>
        </div>
      </Card>

      <div aria-live="polite" data-testid="invoice-message">
        {SETTLED.includes(inv.status) ? (
          <Banner tone={inv.status === 'underpaid' ? 'warning' : 'success'}>
            <strong>{t(`message.${inv.status}.title`, values)}</strong> {t(`message.${inv.status}.text`, values)}
          </Banner>
        ) : expired ? (
          <Banner tone="warning">
            <strong>{t('message.expired.title')}</strong> {t('message.expired.text', values)}
          </Banner>
        ) : inv.status === 'confirming' ? (
          <Banner tone="info">
            <strong>{t('message.confirming.title')}</strong> {t('message.confirming.text', values)}
          </Banner>
        ) : partial ? (
          <Banner tone="warning">
            <strong>{t('message.partial.title')}</strong> {t('message.partial.text', values)}
          </Banner>
        ) : (
          <Banner tone="info">
            <strong>{t('message.open.title')}</strong> {t('message.open.text', values)}
          </Banner>
        )}
      </div>

      <Deposits inv={inv} />
      {inv.simulator && <SimulatorPanel paymentId={inv.paymentId} />}
      <div className="cluster">
        <LocalizedLink to="/pay/history_payment" className={buttonClassName('secondary')}>
          {t('invoice.history')}
        </LocalizedLink>
        <LocalizedLink to="/addbalance" className={buttonClassName('tertiary')}>
          {t('invoice.newTopUp')}
        </LocalizedLink>
      </div>
    </div>
  );
}

function Deposits({ inv }: { inv: InvoiceView }) {
  const { t } = useTranslation('crypto');
  const coin = COINS[inv.coin];
  return (
    <Card title={t('deposits.title')} description={t('deposits.lead', { required: inv.requiredConfirmations })}>
      {inv.deposits.length === 0 ? (
        <p className="muted" data-testid="deposits-empty">
          {t('deposits.empty')}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t('deposits.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('deposits.columns.tx')}</th>
                <th scope="col" className="num">
                  {t('deposits.columns.amount')}
                </th>
                <th scope="col">{t('deposits.columns.confirmations')}</th>
                <th scope="col" className="num">
                  {t('deposits.columns.credited')}
                </th>
              </tr>
            </thead>
            <tbody>
              {inv.deposits.map((d) => (
                <tr key={`${d.txid}`}>
                  <td>
                    <code title={d.txid}>{`${d.txid.slice(0, 10)}…${d.txid.slice(-6)}`}</code>
                    {d.late && (
                      <>
                        {' '}
                        <Badge tone="warning">{t('deposits.late')}</Badge>
                      </>
                    )}
                  </td>
                  <td className="num">
                    {formatCoin(d.amount, coin.decimals)} {coin.symbol}
                  </td>
                  <td>
                    {Math.min(d.confirmations, d.required)} / {d.required}
                  </td>
                  <td className="num">{d.creditedUsd === null ? t('deposits.waiting') : `$${d.creditedUsd}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

/** Development and tests only (CRYPTO_CHAIN=simulator): plays the payer's wallet and the miners. */
function SimulatorPanel({ paymentId }: { paymentId: number }) {
  const { t } = useTranslation('crypto');
  const [run, state] = useSimulateInvoiceMutation();
  return (
    <Card className="crypto-simulator" title={t('simulator.title')} description={t('simulator.lead')}>
      <div className="stack">
        <div className="cluster">
          <Button
            variant="secondary"
            disabled={state.isLoading}
            onClick={() => void run({ id: paymentId, action: 'pay', percent: 100 })}
          >
            {t('simulator.payAll')}
          </Button>
          <Button
            variant="secondary"
            disabled={state.isLoading}
            onClick={() => void run({ id: paymentId, action: 'pay', percent: 50 })}
          >
            {t('simulator.payHalf')}
          </Button>
          <Button
            variant="secondary"
            disabled={state.isLoading}
            onClick={() => void run({ id: paymentId, action: 'mine', blocks: 1 })}
          >
            {t('simulator.mine')}
          </Button>
        </div>
        {state.isError && (
          <Banner tone="danger" role="alert">
            {t(paymentErrorKey(state.error), { ns: 'payments' })}
          </Banner>
        )}
      </div>
    </Card>
  );
}
