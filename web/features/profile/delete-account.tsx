import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { useDeleteAccountMutation } from './api.ts';
import { errorKey } from './errors.ts';
import { FormMessage } from './states.tsx';

const REMOVED = ['email', 'password', 'twoFactor', 'documents', 'messages', 'sessions'] as const;
const KEPT = ['ledger', 'id'] as const;

/** What deletion removes and keeps, then the password and the typed word DELETE. */
export function DeleteAccountPanel() {
  const { t } = useTranslation('profile');
  const { to } = useCurrentPage();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [invalid, setInvalid] = useState<'password' | 'confirm' | null>(null);
  const [remove, { isLoading, isSuccess, error }] = useDeleteAccountMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setInvalid('password');
    if (confirm.trim() !== 'DELETE') return setInvalid('confirm');
    setInvalid(null);
    const result = await remove({ password, confirm: 'DELETE' });
    if (!result.error) window.location.assign(to('/'));
  };

  return (
    <div className="stack stack--lg">
      <div className="grid-2">
        <Card title={t('delete.removed.title')} headingLevel={2}>
          <ul className="plain-list">
            {REMOVED.map((k) => (
              <li key={k}>{t(`delete.removed.items.${k}`)}</li>
            ))}
          </ul>
        </Card>
        <Card title={t('delete.kept.title')} headingLevel={2}>
          <ul className="plain-list">
            {KEPT.map((k) => (
              <li key={k}>{t(`delete.kept.items.${k}`)}</li>
            ))}
          </ul>
          <p className="text-sm muted kept-note">{t('delete.kept.note')}</p>
        </Card>
      </div>
      <Card title={t('delete.confirm.title')}>
        <form className="stack form-narrow" onSubmit={(e) => void submit(e)} noValidate>
          <Banner tone="danger">{t('delete.confirm.warning')}</Banner>
          <Field
            label={t('delete.confirm.password')}
            error={invalid === 'password' ? t('delete.confirm.passwordRequired') : undefined}
            required
          >
            <TextInput
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              maxLength={128}
            />
          </Field>
          <Field
            label={t('delete.confirm.word')}
            hint={t('delete.confirm.wordHint')}
            error={invalid === 'confirm' ? t('delete.confirm.wordMismatch') : undefined}
            required
          >
            <TextInput
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              mono
            />
          </Field>
          <FormMessage
            error={error ? t(errorKey(error, { INVALID_CREDENTIALS: 'delete.confirm.wrongPassword' })) : null}
          />
          <div>
            <Button type="submit" variant="primary-danger" loading={isLoading || isSuccess}>
              {t('delete.confirm.submit')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
