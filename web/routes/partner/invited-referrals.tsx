import { affiliateApi } from '#web/features/affiliate/api.ts';
import { InvitedReferrals } from '#web/features/affiliate/referrals.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { PartnerLayout } from './layout.tsx';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(affiliateApi.endpoints.affiliateReferrals.initiate(0, { subscribe: false, forceRefetch: true }));
  return null;
}

/** /partner/invited-referrals: the referred accounts, anonymised. */
export default function InvitedReferralsPage() {
  const { lang } = useCurrentPage();
  return (
    <PartnerLayout section="referrals">
      <InvitedReferrals lang={lang} />
    </PartnerLayout>
  );
}
