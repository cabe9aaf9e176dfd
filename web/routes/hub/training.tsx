import { useTranslation } from '#web/lib/i18n-react.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { CopySections, HUB_PATH, HubLayout } from '#web/features/hub/hub-layout.tsx';

/** /play-and-earn/training: how the training and exam of the cabinet work. */
export default function HubTrainingPage() {
  const { t } = useTranslation('hub');
  return (
    <HubLayout page="training">
      <CopySections page="training" />
      <div className="cluster">
        <LocalizedLink to="/cabinet/training" className={buttonClassName('primary', 'lg')}>
          {t('training.start')}
        </LocalizedLink>
        <LocalizedLink to={`${HUB_PATH}/play`} className={buttonClassName('secondary', 'lg')}>
          {t('training.practice')}
        </LocalizedLink>
      </div>
    </HubLayout>
  );
}
