import { HubLayout } from '#web/features/hub/hub-layout.tsx';
import { RewardRules } from '#web/features/hub/rules.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';

/** /play-and-earn/rewards: the rules the rewards job applies. */
export default function RewardsPage() {
  const { lang } = useCurrentPage();
  return (
    <HubLayout page="rewards">
      <RewardRules lang={lang} />
    </HubLayout>
  );
}
