import { useTranslation } from '#web/lib/i18n-react.ts';
import type { AdminUserRow } from '#shared/contracts/admin.ts';
import { Badge } from '#web/components/ui/badge.tsx';

export function UserBadges({ user }: { user: AdminUserRow }) {
  const { t } = useTranslation('admin');
  return (
    <span className="cluster cluster--sm badges">
      {user.admin && <Badge tone="info">{t('badges.admin')}</Badge>}
      {user.moderator && <Badge tone="info">{t('badges.moderator')}</Badge>}
      {user.blocked && <Badge tone="danger">{t('badges.blocked')}</Badge>}
      {!user.emailConfirmed && <Badge tone="warning">{t('badges.unconfirmed')}</Badge>}
    </span>
  );
}
