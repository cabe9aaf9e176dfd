import { findDemo } from '#shared/demo/catalog.ts';
import { demoApi, useGetRecognitionOfQuery, useGetRecognitionQuery } from '#web/features/demo/api.ts';
import { RecognitionPage } from '#web/features/demo/recognition-page.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

/** `/captcha-recognition/{slug}` pages are declared per demo of ours; the index has none. */
const slugOf = (path: string | undefined): string | null => {
  const last = path?.split('/').pop() ?? '';
  return findDemo(last)?.own ? last : null;
};

export async function loader({ store, lang, page }: PageLoaderArgs) {
  const slug = slugOf(page.path);
  if (slug) await store.dispatch(demoApi.endpoints.getRecognitionOf.initiate(slug, { subscribe: false }));
  else await store.dispatch(demoApi.endpoints.getRecognition.initiate({ language: lang }, { subscribe: false }));
  return null;
}

/** /captcha-recognition and /captcha-recognition/{slug} (issue 14): real solves of our demos through the API. */
export default function Recognition() {
  const { lang, page } = useCurrentPage();
  const slug = slugOf(page?.path);
  const all = useGetRecognitionQuery({ language: lang }, { skip: slug !== null });
  const one = useGetRecognitionOfQuery(slug ?? '', { skip: slug === null });
  const q = slug ? one : all;
  return <RecognitionPage slug={slug} data={q.data} isLoading={q.isLoading} isError={q.isError} retry={() => void q.refetch()} lang={lang} />;
}
