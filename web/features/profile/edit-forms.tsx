import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { Profile } from '#shared/contracts/profile.ts';
import { Button } from '#web/components/button/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { useChangeEmailMutation, useUpdateProfileMutation } from './api.ts';
import { errorKey } from './errors.ts';
import { timeZoneOptions } from './format.ts';
import { FormMessage } from './states.tsx';

/** Name and time zone → PUT /api/v2/profile. */
export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const [name, setName] = useState(profile.name);
  const [timezone, setTimezone] = useState(profile.timezone);
  const [saved, setSaved] = useState(false);
  const [update, { isLoading, error }] = useUpdateProfileMutation();
  const zones = timeZoneOptions(profile.timezone);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const result = await update({ name: name.trim(), timezone });
    if (!result.error) setSaved(true);
  };

  const applyBrowserZone = () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) setTimezone(zone);
  };

  return (
    <Card title={t('edit.details.title')}>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t('edit.details.name')} hint={t('edit.details.nameHint')} optional>
          <TextInput value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoComplete="name" />
        </Field>
        <Field label={t('edit.details.timezone')} hint={t('edit.details.timezoneHint')}>
          {(control) => (
            <div className="cluster cluster--sm">
              <select
                {...control}
                className="input select timezone-select"
                value={timezone}
                onChange={(e) => setTimezone(e.target.value)}
              >
                {[...zones, ...(zones.includes(timezone) ? [] : [timezone])].map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll('_', ' ')}
                  </option>
                ))}
              </select>
              <Button variant="service" onClick={applyBrowserZone}>
                {t('edit.details.useBrowserZone')}
              </Button>
            </div>
          )}
        </Field>
        <FormMessage error={error ? t(errorKey(error)) : null} success={saved ? t('edit.details.saved') : null} />
        <div>
          <Button type="submit" loading={isLoading}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** New address + current password → PUT /api/v2/profile/email; the new mailbox gets a link. */
export function ChangeEmailForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<'email' | 'password' | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [change, { isLoading, error }] = useChangeEmailMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return setInvalid('email');
    if (!password) return setInvalid('password');
    setInvalid(null);
    setSentTo(null);
    const result = await change({ email: address, password });
    if (!result.error) {
      setSentTo(address);
      setEmail('');
      setPassword('');
    }
  };

  const message = error
    ? t(
        errorKey(error, {
          INVALID_CREDENTIALS: 'edit.email.wrongPassword',
          CONFLICT: 'edit.email.taken',
          VALIDATION_FAILED: 'edit.email.invalid',
        }),
      )
    : null;

  return (
    <Card
      title={t('edit.email.title')}
      description={t('edit.email.current', { email: profile.email })}
      id="change-email"
    >
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        {profile.pendingEmail && !sentTo && (
          <p className="text-sm text-secondary">{t('edit.email.pending', { email: profile.pendingEmail })}</p>
        )}
        <div className="grid-2 grid--tight">
          <Field label={t('edit.email.new')} error={invalid === 'email' ? t('edit.email.invalid') : undefined} required>
            <TextInput
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="email"
              maxLength={254}
            />
          </Field>
          <Field
            label={t('edit.email.password')}
            hint={t('edit.email.passwordHint')}
            error={invalid === 'password' ? t('edit.email.passwordRequired') : undefined}
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
        </div>
        <FormMessage error={message} success={sentTo ? t('edit.email.sent', { email: sentTo }) : null} />
        <div>
          <Button type="submit" loading={isLoading}>
            {t('edit.email.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
