import { affiliateApi } from '#web/features/affiliate/api.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { ExamplesPage } from './examples.tsx';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(affiliateApi.endpoints.affiliateDashboard.initiate(undefined, { subscribe: false }));
  return null;
}

/** /partner/article-examples: article texts with the referral link filled in. */
export default function ArticleExamplesPage() {
  return <ExamplesPage kind="article" />;
}
