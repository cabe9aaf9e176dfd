import { useTranslation } from '#web/lib/i18n-react.ts';
import { SupportBot } from '#web/features/support/bot.tsx';
import { SupportLayout } from '#web/features/support/support-layout.tsx';
import { useCurrentUser } from '#web/features/user/use-current-user.ts';

/** /support/bot: the support bot. */
export default function SupportBotPage() {
  const { t } = useTranslation('support');
  const user = useCurrentUser();
  return (
    <SupportLayout title={t('bot.title')} lead={t('bot.lead')}>
      <meta name="description" content={t('bot.lead')} />
      <SupportBot signedIn={user !== null} />
    </SupportLayout>
  );
}
