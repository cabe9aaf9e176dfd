import { useTranslation } from '#web/lib/i18n-react.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { hubApi } from '#web/features/hub/api.ts';
import { CopySections, HUB_PATH, HubLayout } from '#web/features/hub/hub-layout.tsx';
import { LiveFigures } from '#web/features/hub/live-figures.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(hubApi.endpoints.getHubOverview.initiate(undefined, { subscribe: false }));
  return null;
}

/** /make-money-online: what solving pays (live figures), what it takes, how to start. */
export default function MakeMoneyOnlinePage() {
  const { t } = useTranslation('hub');
  const { lang } = useCurrentPage();
  return (
    <HubLayout page="earn" nav={false}>
      <LiveFigures lang={lang} limit={6} />
      <CopySections page="earn" />
      <div className="cluster">
        <LocalizedLink to="/auth/register?userType=worker" className={buttonClassName('primary', 'lg')}>
          {t('home.register')}
        </LocalizedLink>
        <LocalizedLink to={`${HUB_PATH}/play`} className={buttonClassName('secondary', 'lg')}>
          {t('home.practice')}
        </LocalizedLink>
      </div>
    </HubLayout>
  );
}
