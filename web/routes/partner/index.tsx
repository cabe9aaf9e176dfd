import { affiliateApi } from '#web/features/affiliate/api.ts';
import { AffiliateDashboard } from '#web/features/affiliate/dashboard.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { PartnerLayout } from './layout.tsx';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(affiliateApi.endpoints.affiliateDashboard.initiate(undefined, { subscribe: false, forceRefetch: true }));
  return null;
}

/** /partner: the referrer's dashboard (link with source, clicks, sign-ups, active referrals, earnings by day). */
export default function PartnerPage() {
  return (
    <PartnerLayout section="overview">
      <AffiliateDashboard />
    </PartnerLayout>
  );
}
