import { useTranslation } from '#web/lib/i18n-react.ts';
import { currencyOfLanguage, EnterpriseSupport } from '#web/features/support/enterprise.tsx';
import { supportApi } from '#web/features/support/api.ts';
import { SupportLayout } from '#web/features/support/support-layout.tsx';
import { useCurrentUser } from '#web/features/user/use-current-user.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store, lang }: PageLoaderArgs) {
  const currency = currencyOfLanguage(lang);
  await Promise.all([
    store.dispatch(supportApi.endpoints.enterprisePricing.initiate({ currency }, { subscribe: false })),
    store.dispatch(supportApi.endpoints.enterpriseConditions.initiate({ currency }, { subscribe: false, forceRefetch: true })),
  ]);
  return null;
}

/** /support/enterprise: enterprise support plans, bought from the balance. */
export default function EnterprisePage() {
  const { t } = useTranslation('support');
  const user = useCurrentUser();
  return (
    <SupportLayout title={t('enterprise.title')} lead={t('enterprise.lead')}>
      <meta name="description" content={t('enterprise.metaDescription')} />
      <EnterpriseSupport signedIn={user !== null} />
    </SupportLayout>
  );
}
