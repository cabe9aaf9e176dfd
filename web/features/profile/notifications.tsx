import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationPrefs } from '#shared/contracts/profile.ts';
import { Button } from '#web/components/button/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useUpdateNotificationsMutation } from './api.ts';
import { errorKey } from './errors.ts';
import { FormMessage } from './states.tsx';

/** Security mail cannot be switched off. */
const LOCKED: ReadonlySet<NotificationKind> = new Set(['security']);

/** Which e-mails the account receives → PUT /api/v2/profile/notifications. */
export function NotificationsForm({ initial }: { initial: NotificationPrefs }) {
  const { t } = useTranslation('profile');
  const [prefs, setPrefs] = useState<NotificationPrefs>({ ...initial, security: true });
  const [saved, setSaved] = useState(false);
  const [update, { isLoading, error }] = useUpdateNotificationsMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const result = await update({ ...prefs, security: true });
    if (!result.error) setSaved(true);
  };

  return (
    <Card>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <fieldset className="checklist">
          <legend className="visually-hidden">{t('notifications.legend')}</legend>
          {NOTIFICATION_KINDS.map((kind) => {
            const locked = LOCKED.has(kind);
            const id = `notif-${kind}`;
            return (
              <div className="checklist__item" key={kind}>
                <input
                  id={id}
                  type="checkbox"
                  className="checkbox"
                  checked={locked ? true : prefs[kind]}
                  disabled={locked}
                  aria-describedby={`${id}-hint`}
                  onChange={(e) => {
                    setSaved(false);
                    setPrefs((p) => ({ ...p, [kind]: e.target.checked }));
                  }}
                />
                <div className="checklist__text">
                  <label htmlFor={id} className="checklist__label">
                    {t(`notifications.kinds.${kind}.label`)}
                  </label>
                  <p id={`${id}-hint`} className="checklist__hint">
                    {t(`notifications.kinds.${kind}.hint`)}
                  </p>
                </div>
              </div>
            );
          })}
        </fieldset>
        <FormMessage error={error ? t(errorKey(error)) : null} success={saved ? t('notifications.saved') : null} />
        <div>
          <Button type="submit" loading={isLoading}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
