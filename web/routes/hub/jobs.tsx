import { useTranslation } from '#web/lib/i18n-react.ts';
import { contentLanguageOf } from '#shared/contracts/content.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { hubApi } from '#web/features/hub/api.ts';
import { HubLayout } from '#web/features/hub/hub-layout.tsx';
import { OpenRoles } from '#web/features/hub/open-roles.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store, lang }: PageLoaderArgs) {
  await store.dispatch(hubApi.endpoints.getOpenRoles.initiate({ language: contentLanguageOf(lang) }, { subscribe: false }));
  return null;
}

/** /jobs: the always-open solver role, then the roles the staff publish (blog articles tagged `jobs`). */
export default function JobsPage() {
  const { t } = useTranslation('hub');
  const { lang } = useCurrentPage();
  return (
    <HubLayout page="jobs" nav={false}>
      <Card as="section" headingLevel={2} title={t('jobs.solverTitle')} description={t('jobs.solverText')} footer={<LocalizedLink to="/job" className="link">{t('jobs.solverLink')}</LocalizedLink>} />
      <section className="stack" aria-labelledby="jobs-open">
        <h2 id="jobs-open">{t('jobs.openTitle')}</h2>
        <OpenRoles lang={lang} />
      </section>
    </HubLayout>
  );
}
