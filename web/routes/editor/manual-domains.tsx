import { useTranslation } from '#web/lib/i18n-react.ts';
import { contentApi } from '#web/features/content/api.ts';
import { DomainsPanel } from '#web/features/content/domains-panel.tsx';
import { EditorNav } from '#web/features/content/editor-nav.tsx';
import { useCurrentUser } from '#web/features/user/use-current-user.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(contentApi.endpoints.domains.initiate(undefined, { subscribe: false }));
  return null;
}

/** /editor/manual-domains (admins): the product's hosts and which sections and languages each shows. */
export default function ManualDomainsPage() {
  const { t } = useTranslation('content');
  const user = useCurrentUser();
  return (
    <div className="section">
      <title>{t('domains.title')}</title>
      <div className="container stack stack--lg">
        <header className="stack stack--sm">
          <h1>{t('domains.title')}</h1>
          <p className="lead">{t('domains.lead')}</p>
        </header>
        <EditorNav showDomains={Boolean(user?.permissions.admin)} />
        <DomainsPanel />
      </div>
    </div>
  );
}
