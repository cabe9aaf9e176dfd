import { preloadDocsIndex } from '#web/features/api-docs/preload.ts';
import { RucaptchaPage } from '#web/features/api-docs/rucaptcha-page.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store, lang }: PageLoaderArgs) {
  await preloadDocsIndex(store, lang);
  return null;
}

/** /api-rucaptcha (spec §2): the ruCaptcha-compatible host and its differences. */
export default function ApiRucaptcha() {
  const { lang } = useCurrentPage();
  return <RucaptchaPage lang={lang} />;
}
