import { useTranslation } from 'react-i18next';
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
      <ul className="grid grid-2">
        {(['captcha-bot-rs', 'rucaptcha-bot'] as const).map((slug) => (
          <li key={slug}>
            <Card as="article" headingLevel={3} title={t(`bots.${slug}.name`)} description={t('bots.notAvailableShort')} footer={<LocalizedLink to={`/workers-software/${slug}`} className="link">{t('bots.details')}</LocalizedLink>} />
          </li>
        ))}
      </ul>
      <WorkerApiReference />
    </HubLayout>
  );
}
