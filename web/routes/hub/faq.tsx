import { FaqList, HubLayout } from '#web/features/hub/hub-layout.tsx';

/** /play-and-earn/faq: the workers' questions. */
export default function HubFaqPage() {
  return (
    <HubLayout page="faq">
      <FaqList page="faq" />
    </HubLayout>
  );
}
