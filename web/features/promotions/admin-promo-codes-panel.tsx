import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { AdminPromoCode } from '#shared/contracts/promotions.ts';
import { PROMO_CODE_PATTERN } from '#shared/contracts/promotions.ts';
import { Button } from '#web/components/button/button.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { FormMessage, LoadingBlock } from '#web/components/ui/states.tsx';
import { useAdminPromoCodesQuery, useCreatePromoCodeMutation, useSetPromoCodePausedMutation } from './api.ts';
import { promoErrorKey } from './errors.ts';
import { formatWhen, localInputToIso } from './format.ts';

const STATUS_TONE: Record<AdminPromoCode['status'], BadgeTone> = { active: 'success', paused: 'warning', expired: 'neutral', exhausted: 'neutral' };

function CreatePromoCodeForm() {
  const { t } = useTranslation('promotions');
  const [create, creating] = useCreatePromoCodeMutation();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'bonus' | 'credit'>('bonus');
  const [percent, setPercent] = useState('10');
  const [amount, setAmount] = useState('5');
  const [maxUses, setMaxUses] = useState('100');
  const [expires, setExpires] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    if (!PROMO_CODE_PATTERN.test(code.trim())) return setError(t('errors.format'));
    const res = await create({
      code: code.trim(),
      kind,
      ...(kind === 'bonus' ? { bonusPercent: Number(percent) } : { amount: amount.trim() }),
      maxUses: Number(maxUses),
      expiresAt: localInputToIso(expires),
    });
    if ('error' in res) return setError(t(promoErrorKey(res.error)));
    setSuccess(t('admin.codes.created', { code: res.data.code }));
    setCode('');
  };

  return (
    <Card title={t('admin.codes.createTitle')} headingLevel={2}>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <div className="admin-promo-form">
          <Field label={t('admin.codes.code')} required>
            <TextInput value={code} onChange={(e) => setCode(e.target.value)} mono autoComplete="off" name="code" />
          </Field>
          <Field label={t('admin.codes.kind')}>
            {(control) => (
              <select {...control} className="input input--md" value={kind} onChange={(e) => setKind(e.target.value as 'bonus' | 'credit')} name="kind">
                <option value="bonus">{t('admin.codes.kinds.bonus')}</option>
                <option value="credit">{t('admin.codes.kinds.credit')}</option>
              </select>
            )}
          </Field>
          {kind === 'bonus' ? (
            <Field label={t('admin.codes.percent')} required>
              <TextInput inputMode="numeric" value={percent} onChange={(e) => setPercent(e.target.value)} name="bonusPercent" />
            </Field>
          ) : (
            <Field label={t('admin.codes.amount')} required>
              <TextInput inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} name="amount" />
            </Field>
          )}
          <Field label={t('admin.codes.maxUses')} required>
            <TextInput inputMode="numeric" value={maxUses} onChange={(e) => setMaxUses(e.target.value)} name="maxUses" />
          </Field>
          <Field label={t('admin.codes.expires')} hint={t('admin.utcHint')} optional>
            <TextInput type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} name="expiresAt" />
          </Field>
        </div>
        <div>
          <Button type="submit" disabled={creating.isLoading}>
            {creating.isLoading ? t('admin.saving') : t('admin.codes.create')}
          </Button>
        </div>
        <FormMessage error={error} success={success} />
      </form>
    </Card>
  );
}

/** Admins: create promo codes, pause and resume them, and see each one's uses and credited sum. */
export function PromoCodesPanel() {
  const { t, i18n } = useTranslation('promotions');
  const { data, isLoading, isError, refetch } = useAdminPromoCodesQuery();
  const [setPaused, pausing] = useSetPromoCodePausedMutation();
  const [error, setError] = useState<string | null>(null);
  const toggle = async (row: AdminPromoCode) => {
    setError(null);
    const res = await setPaused({ id: row.id, paused: !row.paused });
    if ('error' in res) setError(t(promoErrorKey(res.error)));
  };

  return (
    <div className="stack stack--lg">
      <CreatePromoCodeForm />
      <section className="stack" aria-labelledby="promo-codes-title">
        <h2 id="promo-codes-title">{t('admin.codes.listTitle')}</h2>
        {error && (
          <Banner tone="danger" role="alert">
            {error}
          </Banner>
        )}
        {isLoading ? (
          <LoadingBlock lines={4} />
        ) : isError || !data ? (
          <Banner tone="danger" role="alert">
            <div className="cluster">
              <span>{t('admin.loadFailed')}</span>
              <Button variant="secondary" onClick={() => void refetch()}>
                {t('retry')}
              </Button>
            </div>
          </Banner>
        ) : data.length === 0 ? (
          <EmptyState title={t('admin.codes.empty.title')} description={t('admin.codes.empty.text')} />
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t('admin.codes.listTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.codes.code')}</th>
                  <th scope="col">{t('admin.codes.gives')}</th>
                  <th scope="col" className="num">{t('admin.codes.uses')}</th>
                  <th scope="col" className="num">{t('admin.codes.credited')}</th>
                  <th scope="col">{t('admin.codes.expires')}</th>
                  <th scope="col">{t('admin.status')}</th>
                  <th scope="col"><span className="visually-hidden">{t('admin.actions')}</span></th>
                </tr>
              </thead>
              <tbody>
                {data.map((row) => (
                  <tr key={row.id} data-testid={`promo-row-${row.code}`}>
                    <th scope="row"><code>{row.code}</code></th>
                    <td data-label={t('admin.codes.gives')}>{row.kind === 'bonus' ? t('admin.codes.givesBonus', { percent: row.bonusPercent }) : t('admin.codes.givesCredit', { amount: row.amount })}</td>
                    <td className="num" data-label={t('admin.codes.uses')}>{t('admin.codes.usesValue', { uses: row.uses, max: row.maxUses })}</td>
                    <td className="num" data-label={t('admin.codes.credited')}>${row.credited}</td>
                    <td data-label={t('admin.codes.expires')}>{row.expiresAt ? formatWhen(row.expiresAt, i18n.language) : t('admin.codes.never')}</td>
                    <td data-label={t('admin.status')}><Badge tone={STATUS_TONE[row.status]}>{t(`admin.codes.statuses.${row.status}`)}</Badge></td>
                    <td>
                      <Button variant="secondary" disabled={pausing.isLoading} onClick={() => void toggle(row)} aria-label={t(row.paused ? 'admin.resumeNamed' : 'admin.pauseNamed', { name: row.code })}>
                        {t(row.paused ? 'admin.resume' : 'admin.pause')}
                      </Button>
                    </td>
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
