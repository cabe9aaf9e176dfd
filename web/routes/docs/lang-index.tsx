import { GuideIndexPage } from '#web/features/api-docs/guide-page.tsx';
import { preloadDocsIndex } from '#web/features/api-docs/preload.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store, lang }: PageLoaderArgs) {
  await preloadDocsIndex(store, lang);
  return null;
}

/** /lang (spec §2): the programming languages with an integration guide. */
export default function LangIndex() {
  const { lang } = useCurrentPage();
  return <GuideIndexPage lang={lang} />;
}
