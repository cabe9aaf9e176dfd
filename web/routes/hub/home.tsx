import { useTranslation } from '#web/lib/i18n-react.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { hubApi } from '#web/features/hub/api.ts';
import { HUB_PATH, HubLayout } from '#web/features/hub/hub-layout.tsx';
import { LiveFigures } from '#web/features/hub/live-figures.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(hubApi.endpoints.getHubOverview.initiate(undefined, { subscribe: false }));
  return null;
}

const CARDS = ['leaderboard', 'rewards', 'play', 'training', 'profile', 'faq'] as const;

/** /play-and-earn: the public face of working with us, with live figures from the statistics. */
export default function HubHomePage() {
  const { t } = useTranslation('hub');
  const { lang } = useCurrentPage();
  return (
    <HubLayout page="home">
      <div className="cluster">
        <LocalizedLink to="/auth/register?userType=worker" className={buttonClassName('primary', 'lg')}>
          {t('home.register')}
        </LocalizedLink>
        <LocalizedLink to={`${HUB_PATH}/play`} className={buttonClassName('secondary', 'lg')}>
          {t('home.practice')}
        </LocalizedLink>
      </div>
      <LiveFigures lang={lang} />
      <section className="stack" aria-labelledby="hub-more">
        <h2 id="hub-more">{t('home.more')}</h2>
        <ul className="grid-3 hub-list">
          {CARDS.map((key) => (
            <li key={key}>
              <Card
                as="article"
                headingLevel={3}
                interactive
                title={
                  <LocalizedLink to={`${HUB_PATH}/${key}`} className="hub-card-link">
                    {t(`nav.${key}`)}
                  </LocalizedLink>
                }
                description={t(`home.cards.${key}`)}
              />
            </li>
          ))}
        </ul>
      </section>
    </HubLayout>
  );
}
