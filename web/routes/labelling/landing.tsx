import { useTranslation } from '#web/lib/i18n-react.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { Estimator } from '#web/features/labelling/estimator.tsx';
import { DATA_PAGES, dataPageOf } from '#web/features/labelling/landings.ts';
import { preloadPrices, usePriceList } from '#web/features/pricing/use-prices.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store, lang }: PageLoaderArgs) {
  await preloadPrices(store, lang);
  return null;
}

const money = (lang: string, currency: string, value: number) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(value);

/** /data and its four pages: what labelling we do with the solving crowd, at today's live prices, and how to order it. */
export default function DataLandingPage() {
  const { t } = useTranslation(['labelling', 'pricing']);
  const { path, lang } = useCurrentPage();
  const page = dataPageOf(path);
  const k = `pages.${page.slug}`;
  const prices = usePriceList();
  const types = (prices.list?.types ?? []).filter((x) => (page.types as readonly string[]).includes(x.slug));
  const points = t(`${k}.points`, { returnObjects: true }) as string[];
  const steps = t('how.steps', { returnObjects: true }) as string[];
  return (
    <>
      <title>{t(`${k}.meta.title`)}</title>
      <meta name="description" content={t(`${k}.meta.description`)} />
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="hero__eyebrow">{t('eyebrow')}</p>
            <h1 className="hero__title">{t(`${k}.title`)}</h1>
            <p className="hero__lead">{t(`${k}.lead`)}</p>
            <div className="hero__actions cluster">
              <LocalizedLink to="/auth/register?userType=customer" className={buttonClassName('primary', 'lg')}>
                {t('cta.register')}
              </LocalizedLink>
              <LocalizedLink to="/api-docs/bounding_box" className={buttonClassName('secondary', 'lg')}>
                {t('cta.api')}
              </LocalizedLink>
            </div>
          </div>
        </div>
      </section>
      <div className="section section--tight">
        <div className="container stack stack--lg">
          <section className="stack stack--sm" aria-labelledby="data-what">
            <h2 id="data-what">{t('whatTitle')}</h2>
            <ul className="data-points">
              {points.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </section>

          <section className="stack" aria-labelledby="data-prices">
            <h2 id="data-prices">{t('prices.title')}</h2>
            {prices.error ? (
              <Banner tone="danger">{t('prices.error')}</Banner>
            ) : !prices.list ? (
              <LoadingBlock lines={3} />
            ) : types.length === 0 ? (
              <Banner tone="warning">{t('prices.off')}</Banner>
            ) : (
              <div className="table-wrap">
                <table className="table">
                  <thead>
                    <tr>
                      <th scope="col">{t('prices.type')}</th>
                      <th scope="col" className="num">{t('prices.perTask')}</th>
                      <th scope="col" className="num">{t('prices.per1000')}</th>
                      <th scope="col" className="num">{t('prices.range')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {types.map((x) => (
                      <tr key={x.slug}>
                        <td>
                          <LocalizedLink to={`/api-docs/${x.slug}`} className="link">
                            {t(x.nameKey)}
                          </LocalizedLink>
                        </td>
                        <td className="num">{money(lang, prices.currency, Number(x.per1000) / 1000)}</td>
                        <td className="num">{money(lang, prices.currency, Number(x.per1000))}</td>
                        <td className="num">
                          {money(lang, prices.currency, Number(x.floorPer1000))} – {money(lang, prices.currency, Number(x.capPer1000))}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <p className="text-sm muted">{t('prices.note')}</p>
          </section>

          {types.length > 0 && <Estimator types={types} currency={prices.currency} lang={lang} />}

          <section className="stack stack--sm" aria-labelledby="data-how">
            <h2 id="data-how">{t('how.title')}</h2>
            <ol className="steps">
              {steps.map((s, i) => (
                <li key={s} className="steps__item">
                  <span className="steps__number" aria-hidden="true">
                    {i + 1}
                  </span>
                  <p className="steps__text">{s}</p>
                </li>
              ))}
            </ol>
          </section>

          <Banner tone="info">
            <p>
              {t('notYet')} <LocalizedLink to="/data/projects">{t('projectsLink')}</LocalizedLink>
            </p>
          </Banner>

          <nav aria-labelledby="data-more" className="stack stack--sm">
            <h2 id="data-more">{t('more')}</h2>
            <ul className="grid-2 data-links">
              {DATA_PAGES.filter((p) => p.slug !== page.slug).map((p) => (
                <li key={p.slug}>
                  <Card
                    as="article"
                    headingLevel={3}
                    interactive
                    title={
                      <LocalizedLink to={p.path} className="data-card-link">
                        {t(`pages.${p.slug}.title`)}
                      </LocalizedLink>
                    }
                    description={t(`pages.${p.slug}.short`)}
                  />
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </>
  );
}
