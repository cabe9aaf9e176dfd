import { preloadDocsIndex, preloadTypeDoc } from '#web/features/api-docs/preload.ts';
import { TypeDocPage } from '#web/features/api-docs/type-page.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

/** The route table generates one /api-docs/{slug} page per registry type; the slug is the path's last segment. */
const slugOf = (path: string | undefined) => path?.split('/').pop() ?? '';

export async function loader({ store, lang, page }: PageLoaderArgs) {
  await Promise.all([preloadDocsIndex(store, lang), preloadTypeDoc(store, slugOf(page.path), lang)]);
  return null;
}

/** /api-docs/{slug} (issue 13): one captcha type's documentation, both API versions. */
export default function ApiDocsType() {
  const { lang, page } = useCurrentPage();
  return <TypeDocPage slug={slugOf(page?.path)} lang={lang} />;
}
