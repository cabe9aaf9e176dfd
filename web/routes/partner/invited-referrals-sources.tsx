import { affiliateApi } from '#web/features/affiliate/api.ts';
import { ReferralSources } from '#web/features/affiliate/referrals.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { PartnerLayout } from './layout.tsx';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(affiliateApi.endpoints.affiliateSources.initiate(undefined, { subscribe: false, forceRefetch: true }));
  return null;
}

/** /partner/invited-referrals-sources: sign-ups and earnings by `source`. */
export default function ReferralSourcesPage() {
  return (
    <PartnerLayout section="sources">
      <ReferralSources />
    </PartnerLayout>
  );
}
