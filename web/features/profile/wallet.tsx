import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { WALLET_METHODS } from '#shared/contracts/profile.ts';
import { Button } from '#web/components/button/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { useChangeWalletMutation } from './api.ts';
import { errorKey } from './errors.ts';
import { FormMessage } from './states.tsx';

type Method = (typeof WALLET_METHODS)[number];

/** The payout wallet and the change request, confirmed from a link sent by e-mail. */
export function WalletCard({ wallet, email }: { wallet: { method: string; address: string } | null; email: string }) {
  const { t } = useTranslation('profile');
  const [editing, setEditing] = useState(false);
  const [method, setMethod] = useState<Method>(WALLET_METHODS[0]);
  const [address, setAddress] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [change, { isLoading, error, reset }] = useChangeWalletMutation();

  const methodLabel = (m: string) =>
    (WALLET_METHODS as readonly string[]).includes(m) ? t(`overview.wallet.methods.${m}`) : m;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = address.trim();
    if (trimmed.length < 4 || trimmed.length > 128) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const result = await change({ method, address: trimmed });
    if (!result.error) {
      setSentTo(email);
      setEditing(false);
      setAddress('');
    }
  };

  return (
    <Card
      title={t('overview.wallet.title')}
      description={t('overview.wallet.description')}
      actions={
        editing ? undefined : (
          <Button
            variant="secondary"
            onClick={() => {
              setEditing(true);
              setSentTo(null);
              reset();
            }}
          >
            {t('overview.wallet.change')}
          </Button>
        )
      }
    >
      <div className="stack">
        {wallet ? (
          <dl className="facts">
            <div>
              <dt>{t('overview.wallet.method')}</dt>
              <dd>{methodLabel(wallet.method)}</dd>
            </div>
            <div>
              <dt>{t('overview.wallet.address')}</dt>
              <dd className="mono break">{wallet.address}</dd>
            </div>
          </dl>
        ) : (
          <p className="muted">{t('overview.wallet.none')}</p>
        )}
        <FormMessage success={sentTo ? t('overview.wallet.sent', { email: sentTo }) : null} />
        {editing && (
          <form
            className="stack"
            onSubmit={(e) => void submit(e)}
            noValidate
            aria-label={t('overview.wallet.formLabel')}
          >
            <div className="grid-2 grid--tight">
              <Field label={t('overview.wallet.method')}>
                <select className="input select" value={method} onChange={(e) => setMethod(e.target.value as Method)}>
                  {WALLET_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {methodLabel(m)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                label={t('overview.wallet.address')}
                hint={t(`overview.wallet.hints.${method}`)}
                error={invalid ? t('overview.wallet.addressInvalid') : undefined}
                required
              >
                <TextInput
                  value={address}
                  onChange={(e) => setAddress(e.target.value)}
                  mono
                  spellCheck={false}
                  autoComplete="off"
                  maxLength={128}
                />
              </Field>
            </div>
            <FormMessage error={error ? t(errorKey(error)) : null} />
            <div className="cluster">
              <Button type="submit" loading={isLoading}>
                {t('overview.wallet.submit')}
              </Button>
              <Button
                variant="tertiary"
                onClick={() => {
                  setEditing(false);
                  setInvalid(false);
                  reset();
                }}
              >
                {t('common.cancel')}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Card>
  );
}
