import { useTranslation } from '#web/lib/i18n-react.ts';
import { buttonClassName, Button } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useConfirmTransferMutation, useGetTransferLinkQuery } from './api.ts';
import { moneyErrorKey } from './errors.ts';

/** /pay/send_user_hash/{hash}/{userId}: what the link will send, and the button that sends it. */
export function TransferConfirm({ hash, userId }: { hash: string; userId: string }) {
  const { t } = useTranslation('payments');
  const link = useGetTransferLinkQuery({ hash, userId });
  const [confirm, confirmed] = useConfirmTransferMutation();
  const back = (
    <LocalizedLink to="/pay/send_user" className={buttonClassName('secondary')}>
      {t('money.confirm.back')}
    </LocalizedLink>
  );
  if (confirmed.isSuccess) {
    return (
      <Card title={t('money.confirm.doneTitle')}>
        <div className="stack">
          <Banner tone="success" role="status" >{t('money.confirm.done', { amount: confirmed.data.amount, recipient: confirmed.data.counterparty })}</Banner>
          <div>{back}</div>
        </div>
      </Card>
    );
  }
  if (link.isLoading) return <LoadingBlock lines={3} />;
  if (link.isError || !link.data) {
    return (
      <div className="stack">
        <Banner tone="warning" role="alert">{t(moneyErrorKey(link.error))}</Banner>
        <div>{back}</div>
      </div>
    );
  }
  const tr = link.data;
  return (
    <Card title={t('money.confirm.cardTitle', { id: tr.id })}>
      <div className="stack">
        <dl className="money-summary">
          <dt>{t('money.confirm.recipient')}</dt>
          <dd data-testid="confirm-recipient">{tr.counterparty}</dd>
          <dt>{t('money.confirm.amount')}</dt>
          <dd data-testid="confirm-amount">${tr.amount}</dd>
          <dt>{t('money.confirm.expires')}</dt>
          <dd>{new Date(tr.expiresAt).toISOString().slice(0, 16).replace('T', ' ')} UTC</dd>
        </dl>
        <p className="text-sm muted">{t('money.confirm.note')}</p>
        {confirmed.isError && <Banner tone="danger" role="alert">{t(moneyErrorKey(confirmed.error))}</Banner>}
        <div className="money-actions">
          <Button onClick={() => void confirm({ hash, userId: Number(userId) })} disabled={confirmed.isLoading}>
            {confirmed.isLoading ? t('money.confirm.sending') : t('money.confirm.submit', { amount: tr.amount })}
          </Button>
          {back}
        </div>
      </div>
    </Card>
  );
}
