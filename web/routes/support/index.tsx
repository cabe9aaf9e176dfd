import { useTranslation } from '#web/lib/i18n-react.ts';
import { supportApi } from '#web/features/support/api.ts';
import { HelpHome } from '#web/features/support/help-centre.tsx';
import { SupportLayout } from '#web/features/support/support-layout.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store, lang, request }: PageLoaderArgs) {
  // A shared search link renders with its results.
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  if (q.length >= 3) await store.dispatch(supportApi.endpoints.helpSearch.initiate({ q, language: lang }, { subscribe: false }));
  return null;
}

/** /support: the help centre — search, answers per audience, and the ways to reach a person. */
export default function HelpCentrePage() {
  const { t } = useTranslation('support');
  return (
    <SupportLayout title={t('help.title')} lead={t('help.lead')} metaTitle={t('nav.home')}>
      <meta name="description" content={t('help.metaDescription')} />
      <HelpHome />
    </SupportLayout>
  );
}
