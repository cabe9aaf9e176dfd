import { FamilyPage } from '#web/features/api-docs/family-page.tsx';
import { preloadDocsIndex } from '#web/features/api-docs/preload.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

/** The route table generates one /{family}-api page per product family of the registry. */
const familyOf = (path: string | undefined) => path?.replace(/^\//, '').replace(/-api$/, '') ?? '';

export async function loader({ store, lang }: PageLoaderArgs) {
  await preloadDocsIndex(store, lang);
  return null;
}

/** /{family}-api (issue 13): a product family's captcha types. */
export default function ApiDocsFamily() {
  const { lang, page } = useCurrentPage();
  return <FamilyPage family={familyOf(page?.path)} lang={lang} />;
}
