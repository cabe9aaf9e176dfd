import { useTranslation } from '#web/lib/i18n-react.ts';
import { contentApi } from '#web/features/content/api.ts';
import { ArticleList, listArgsOf } from '#web/features/content/article-list.tsx';
import { SupportLayout } from '#web/features/support/support-layout.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store, lang, request }: PageLoaderArgs) {
  const url = new URL(request.url);
  const { host } = store.getState().app;
  await Promise.all([
    store.dispatch(contentApi.endpoints.articles.initiate(listArgsOf('tutorials', lang, url.searchParams, host), { subscribe: false })),
    store.dispatch(contentApi.endpoints.articleIndex.initiate({ collection: 'tutorials', language: lang, hostname: host }, { subscribe: false })),
  ]);
  return null;
}

/** /support/h: the tutorials inside the help centre (the same articles as /h). */
export default function SupportTutorialsPage() {
  const { t } = useTranslation('support');
  return (
    <SupportLayout title={t('help.tutorialsTitle')} lead={t('help.tutorialsLead')}>
      <meta name="description" content={t('help.tutorialsLead')} />
      <ArticleList collection="tutorials" />
    </SupportLayout>
  );
}
