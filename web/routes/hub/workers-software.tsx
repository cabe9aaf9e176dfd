import { useTranslation } from '#web/lib/i18n-react.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { CopySections, HubLayout } from '#web/features/hub/hub-layout.tsx';
import { WorkerApiReference } from '#web/features/hub/worker-api.tsx';

/** /workers-software: what workers solve with (the browser cabinet) and the worker API it uses, documented. */
export default function WorkersSoftwarePage() {
  const { t } = useTranslation('hub');
  return (
    <HubLayout page="software" nav={false}>
      <CopySections page="software" />
      <ul className="grid-2 hub-list">
        {(['captcha-bot-rs', 'rucaptcha-bot'] as const).map((slug) => (
          <li key={slug}>
            <Card
              as="article"
              headingLevel={3}
              interactive
              title={
                <LocalizedLink to={`/workers-software/${slug}`} className="hub-card-link">
                  {t(`bots.${slug}.name`)}
                </LocalizedLink>
              }
              description={t('bots.notAvailableShort')}
            />
          </li>
        ))}
      </ul>
      <WorkerApiReference />
    </HubLayout>
  );
}
