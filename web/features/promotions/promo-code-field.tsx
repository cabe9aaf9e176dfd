import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { PROMO_CODE_PATTERN, type PromoCodeCheck } from '#shared/contracts/promotions.ts';
import { Button } from '#web/components/button/button.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { useCheckPromoCodeMutation } from './api.ts';
import { bonusUsd, promoErrorKey } from './errors.ts';

/**
 * The optional promo code of a top-up: checked with the server before paying (shows the bonus on
 * the amount being paid); `onChange` receives the accepted code, or null when there is none.
 */
export function PromoCodeField({ amount, onChange }: { amount: string | null; onChange(code: string | null): void }) {
  const { t } = useTranslation('promotions');
  const [text, setText] = useState('');
  const [accepted, setAccepted] = useState<PromoCodeCheck | null>(null);
  const [check, checking] = useCheckPromoCodeMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const apply = async () => {
    const code = text.trim();
    setProblem(null);
    if (!PROMO_CODE_PATTERN.test(code)) return setProblem(t('errors.format'));
    const res = await check({ code, ...(amount ? { amount } : {}) });
    if ('error' in res) {
      setAccepted(null);
      onChange(null);
      return setProblem(t(promoErrorKey(res.error)));
    }
    if (res.data.kind !== 'bonus') {
      setAccepted(null);
      onChange(null);
      return setProblem(t('errors.creditHere'));
    }
    setAccepted(res.data);
    onChange(res.data.code);
  };
  const remove = () => {
    setAccepted(null);
    setText('');
    setProblem(null);
    onChange(null);
  };

  if (accepted) {
    const pct = accepted.bonusPercent ?? 0;
    return (
      <div className="promo-field promo-field--accepted" role="status">
        <p>
          <strong className="promo-field__code">{accepted.code}</strong>{' '}
          <span data-testid="promo-bonus">
            {amount ? t('field.bonus', { percent: pct, bonus: bonusUsd(amount, pct) }) : t('field.bonusPercent', { percent: pct })}
          </span>
        </p>
        <Button variant="secondary" onClick={remove}>
          {t('field.remove')}
        </Button>
      </div>
    );
  }
  return (
    <div className="promo-field">
      <Field label={t('field.label')} hint={t('field.hint')} error={problem ?? undefined} optional>
        <TextInput
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
          autoComplete="off"
          spellCheck={false}
          mono
          name="promoCode"
          className="promo-field__input"
        />
      </Field>
      <Button variant="secondary" onClick={() => void apply()} disabled={checking.isLoading || text.trim() === ''}>
        {checking.isLoading ? t('field.checking') : t('field.apply')}
      </Button>
    </div>
  );
}
