import { useTranslation } from '#web/lib/i18n-react.ts';
import { Modal } from '#web/components/modal/modal.tsx';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from './localized-link.tsx';

const ROLES = ['customer', 'worker', 'developer'] as const;

/** "Get started": the visitor says who they are and goes to registration with that user type. */
export function GetStartedModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('getStarted.title')} size="md">
      <p className="muted">{t('getStarted.lead')}</p>
      <ul className="stack role-choices">
        {ROLES.map((role) => (
          <li key={role}>
            <LocalizedLink to={`/auth/register?userType=${role}`} className={buttonClassName(role === 'customer' ? 'primary' : 'secondary', 'lg')} onClick={onClose}>
              {t(`getStarted.${role}`)}
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
