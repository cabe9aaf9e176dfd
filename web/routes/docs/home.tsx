import { DocsHomePage } from '#web/features/api-docs/home-page.tsx';
import { preloadDocsIndex, preloadTypeDoc, QUICK_START_SLUG } from '#web/features/api-docs/preload.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store, lang }: PageLoaderArgs) {
  await Promise.all([preloadDocsIndex(store, lang), preloadTypeDoc(store, QUICK_START_SLUG, lang)]);
  return null;
}

/** /api-docs (issue 13): the developer documentation home. */
export default function ApiDocsHome() {
  const { lang } = useCurrentPage();
  return <DocsHomePage lang={lang} />;
}
