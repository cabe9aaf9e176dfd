import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useGetRedeemedVouchersQuery, useRedeemVoucherMutation } from './api.ts';
import { moneyErrorKey } from './errors.ts';

/** /pay/paypal_voucher: redeem a code; the redeemed codes below. */
export function VoucherRedeem({ lang }: { lang: string }) {
  const { t } = useTranslation('payments');
  const [redeem, redeemed] = useRedeemVoucherMutation();
  const list = useGetRedeemedVouchersQuery();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = code.trim() === '' ? t('money.voucher.problems.empty') : undefined;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    const res = await redeem({ code: code.trim() });
    if ('data' in res) {
      setCode('');
      setTouched(false);
    }
  };
  const when = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return (
    <div className="stack stack--lg">
      <Card title={t('money.voucher.formTitle')} description={t('money.voucher.formLead')}>
        <form className="stack money-form" onSubmit={(e) => void submit(e)} noValidate>
          <Field label={t('money.voucher.code')} hint={t('money.voucher.codeHint')} error={touched ? problem : undefined} required>
            <TextInput name="code" autoComplete="off" spellCheck={false} mono value={code} onChange={(e) => setCode(e.target.value)} className="money-form__code" placeholder="XXXX-XXXX-XXXX-XXXX" />
          </Field>
          <div>
            <Button type="submit" disabled={redeemed.isLoading}>{redeemed.isLoading ? t('money.voucher.redeeming') : t('money.voucher.submit')}</Button>
          </div>
          {redeemed.isError && <Banner tone="danger" role="alert">{t(moneyErrorKey(redeemed.error))}</Banner>}
          {redeemed.isSuccess && <Banner tone="success" role="status">{t('money.voucher.done', { amount: redeemed.data.amount, balance: redeemed.data.balance })}</Banner>}
        </form>
      </Card>
      <section className="stack" aria-labelledby="vouchers-heading">
        <h2 id="vouchers-heading" className="money-heading">{t('money.voucher.listTitle')}</h2>
        {list.isLoading ? (
          <LoadingBlock lines={3} />
        ) : list.isError || !list.data ? (
          <Banner tone="danger" role="alert">
            {t(moneyErrorKey(list.error))} <Button variant="secondary" onClick={() => void list.refetch()}>{t('retry')}</Button>
          </Banner>
        ) : list.data.length === 0 ? (
          <EmptyState title={t('money.voucher.empty.title')} description={t('money.voucher.empty.text')} />
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t('money.voucher.listTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('money.voucher.columns.code')}</th>
                  <th scope="col">{t('money.voucher.columns.date')}</th>
                  <th scope="col" className="num">{t('money.voucher.columns.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((v) => (
                  <tr key={`${v.hint}-${v.redeemedAt}`}>
                    <td className="mono">…{v.hint}</td>
                    <td>{when.format(new Date(v.redeemedAt))} UTC</td>
                    <td className="num">+${v.amount}</td>
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
