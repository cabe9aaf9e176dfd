import { affiliateApi } from '#web/features/affiliate/api.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { ExamplesPage } from './examples.tsx';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(affiliateApi.endpoints.affiliateDashboard.initiate(undefined, { subscribe: false }));
  return null;
}

/** /partner/review-examples: review texts with the referral link filled in. */
export default function ReviewExamplesPage() {
  return <ExamplesPage kind="review" />;
}
