import { GUIDE_LANGUAGES } from '#shared/captcha-types/docs/catalog.ts';
import { GuidePage } from '#web/features/api-docs/guide-page.tsx';
import { preloadDocsIndex, preloadTypeDoc, QUICK_START_SLUG } from '#web/features/api-docs/preload.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

/** The route table generates /lang/{language} for each guide language; it is the path's last segment. */
const languageOf = (path: string | undefined) => {
  const last = path?.split('/').pop();
  return GUIDE_LANGUAGES.find((l) => l === last) ?? GUIDE_LANGUAGES[0];
};

export async function loader({ store, lang }: PageLoaderArgs) {
  await Promise.all([preloadDocsIndex(store, lang), preloadTypeDoc(store, QUICK_START_SLUG, lang)]);
  return null;
}

/** /lang/{language} (spec §2): the integration guide of one programming language. */
export default function LangGuide() {
  const { lang, page } = useCurrentPage();
  return <GuidePage language={languageOf(page?.path)} lang={lang} />;
}
