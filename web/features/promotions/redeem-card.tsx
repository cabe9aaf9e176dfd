import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { PROMO_CODE_PATTERN } from '#shared/contracts/promotions.ts';
import { Button } from '#web/components/button/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { FormMessage } from '#web/components/ui/states.tsx';
import { useRedeemPromoCodeMutation } from './api.ts';
import { promoErrorKey } from './errors.ts';

/** Redeems a fixed-credit promo code at once (bonus codes go with a top-up instead). */
export function RedeemPromoCard() {
  const { t } = useTranslation('promotions');
  const [text, setText] = useState('');
  const [redeem, redeeming] = useRedeemPromoCodeMutation();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    const code = text.trim();
    if (!PROMO_CODE_PATTERN.test(code)) return setError(t('errors.format'));
    const res = await redeem({ code });
    if ('error' in res) return setError(t(promoErrorKey(res.error)));
    setText('');
    setSuccess(t('redeem.done', { amount: res.data.amount, balance: res.data.balance }));
  };

  return (
    <Card title={t('redeem.title')} description={t('redeem.lead')} headingLevel={2}>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <div className="promo-field">
          <Field label={t('redeem.label')}>
            <TextInput value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" spellCheck={false} mono name="redeemCode" className="promo-field__input" />
          </Field>
          <Button type="submit" variant="secondary" disabled={redeeming.isLoading || text.trim() === ''}>
            {redeeming.isLoading ? t('redeem.working') : t('redeem.submit')}
          </Button>
        </div>
        <FormMessage error={error} success={success} />
      </form>
    </Card>
  );
}
