import { useTranslation } from '#web/lib/i18n-react.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { CopySections, HUB_PATH, HubLayout } from '#web/features/hub/hub-layout.tsx';

/** /job: the captcha solver's role: what the work is, what it pays, what it takes. */
export default function JobPage() {
  const { t } = useTranslation('hub');
  return (
    <HubLayout page="job" nav={false}>
      <CopySections page="job" />
      <div className="cluster">
        <LocalizedLink to="/auth/register?userType=worker" className={buttonClassName('primary', 'lg')}>
          {t('home.register')}
        </LocalizedLink>
        <LocalizedLink to={HUB_PATH} className={buttonClassName('secondary', 'lg')}>
          {t('job.hub')}
        </LocalizedLink>
        <LocalizedLink to="/jobs" className={buttonClassName('tertiary', 'lg')}>
          {t('job.others')}
        </LocalizedLink>
      </div>
    </HubLayout>
  );
}
