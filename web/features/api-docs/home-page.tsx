import { useTranslation } from '#web/lib/i18n-react.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Button } from '#web/components/button/button.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import type { DocsIndex } from '#shared/contracts/api-docs.ts';
import { useGetDocsIndexQuery, useGetTypeDocQuery } from './api.ts';
import { DocsLayout, SectionHeading } from './docs-layout.tsx';
import { CodeBlock } from './code-samples.tsx';
import { QUICK_START_SLUG } from './preload.ts';
import { BanTable, ErrorTable, ParamTable } from './tables.tsx';
import { QuickSamples } from './version-panels.tsx';


const SECTIONS = ['quick-start', 'versions', 'common', 'types', 'pingback', 'proxies', 'languages', 'soft-id', 'consensus', 'sandbox', 'debugging', 'legacy', 'errors', 'limits', 'changelog'] as const;
const SECTION_KEYS: Record<(typeof SECTIONS)[number], string> = {
  'quick-start': 'quickStart', versions: 'versions', common: 'common', types: 'types', pingback: 'pingback', proxies: 'proxies', languages: 'languages',
  'soft-id': 'softId', consensus: 'consensus', sandbox: 'sandbox', debugging: 'debugging', legacy: 'legacy', errors: 'errors', limits: 'limits', changelog: 'changelog',
};
const VERSION_ROWS = ['submit', 'result', 'auth', 'format', 'balance', 'report', 'errors', 'pingback'] as const;

function Prose({ ns, keys }: { ns: string; keys: string[] }) {
  const { t } = useTranslation('apidocs');
  return <>{keys.map((k) => <p key={k}>{t(`${ns}.${k}`)}</p>)}</>;
}

function Types({ index }: { index: DocsIndex }) {
  const { t } = useTranslation('apidocs');
  return (
    <div className="stack stack--lg">
      {index.families.map((family) => (
        <section key={family.id} className="stack stack--sm" aria-labelledby={`family-${family.id}`}>
          <h3 id={`family-${family.id}`} className="text-lg">
            <LocalizedLink to={`/${family.id}-api`} className="link">{family.name}</LocalizedLink>
          </h3>
          <ul className="docs-type-grid">
            {family.slugs.map((slug) => {
              const type = index.types.find((x) => x.slug === slug)!;
              return (
                <li key={slug} className="docs-type-card">
                  <LocalizedLink to={`/api-docs/${slug}`} className="docs-type-card__link">{type.name}</LocalizedLink>
                  <span className="docs-type-card__meta"><code>{type.v1Methods[0]}</code> · <code>{type.v2Types[0]}</code></span>
                  <span className="docs-type-card__price">{type.per1000 ? t('home.priceFrom', { price: `$${type.per1000}` }) : t('home.disabled')}</span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** /api-docs: the documentation home, generated from GET /api/v1/api-docs. */
export function DocsHomePage({ lang }: { lang: string }) {
  const { t } = useTranslation('apidocs');
  const query = useGetDocsIndexQuery(lang);
  const quick = useGetTypeDocQuery({ slug: QUICK_START_SLUG, language: lang });
  const index = query.data;
  const toc = SECTIONS.map((id) => ({ id, label: t(`sections.${SECTION_KEYS[id]}`) }));
  const count = index?.types.length ?? 0;
  return (
    <>
      <title>{t('meta.homeTitle')}</title>
      <meta name="description" content={t('meta.homeDescription', { count })} />
      <header className="page-header page-header--band">
        <div className="container">
          <h1 className="page-header__title">{t('home.title')}</h1>
          <p className="page-header__lead">{t('home.lead', { count })}</p>
          {index && (
            <p className="docs-api-url">
              {t('home.apiUrl')}: <code data-testid="api-url">{index.apiUrl}</code> <span className="text-sm muted">{t('home.apiUrlNote')}</span>
            </p>
          )}
          <p className="docs-api-url">
            <a href="/api/v1/api-docs/openapi.json" className="link" data-testid="openapi-link">{t('home.openapi')}</a>
          </p>
        </div>
      </header>
      <div className="section section--tight">
        <DocsLayout toc={toc} index={index}>
          {query.isLoading && <LoadingBlock lines={8} />}
          {query.isError && (
            <Banner tone="danger">
              {t('states.error')}{' '}
              <Button variant="tertiary" onClick={() => void query.refetch()}>{t('states.retry')}</Button>
            </Banner>
          )}
          {index && (
            <div className="stack stack--xl docs-prose">
              <section className="stack">
                <SectionHeading id="quick-start">{t('sections.quickStart')}</SectionHeading>
                <ol className="docs-steps">
                  <li>
                    <strong>{t('home.step1Title')}</strong> <span>{t('home.step1')}</span>{' '}
                    <LocalizedLink to="/setting" className="link">{t('home.step1Link')}</LocalizedLink>
                  </li>
                  <li><strong>{t('home.step2Title')}</strong> <span>{t('home.step2')}</span></li>
                  <li><strong>{t('home.step3Title')}</strong> <span>{t('home.step3')}</span></li>
                </ol>
                <p className="muted">{t('home.sampleLead')}</p>
                {quick.data && <QuickSamples doc={quick.data} />}
              </section>

              <section className="stack">
                <SectionHeading id="versions">{t('sections.versions')}</SectionHeading>
                <p>{t('versions.lead')}</p>
                <div className="table-wrap">
                  <table className="table docs-table" data-testid="versions-table">
                    <thead>
                      <tr>
                        <td />
                        <th scope="col">{t('versions.v1')}</th>
                        <th scope="col">{t('versions.v2')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {VERSION_ROWS.map((row) => (
                        <tr key={row}>
                          <th scope="row">{t(`versions.rows.${row}`)}</th>
                          <td>{t(`versions.cells.${row}V1`)}</td>
                          <td>{t(`versions.cells.${row}V2`)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>

              <section className="stack">
                <SectionHeading id="common">{t('sections.common')}</SectionHeading>
                <p>{t('common.lead')}</p>
                <div className="docs-columns">
                  <div className="stack stack--sm">
                    <h3 className="text-lg">{t('versions.v1')}</h3>
                    <ParamTable params={index.common.v1} caption={t('versions.v1')} />
                  </div>
                  <div className="stack stack--sm">
                    <h3 className="text-lg">{t('versions.v2')}</h3>
                    <ParamTable params={index.common.v2} caption={t('versions.v2')} />
                  </div>
                </div>
              </section>

              <section className="stack">
                <SectionHeading id="types">{t('sections.types')}</SectionHeading>
                <p>{t('home.typesLead')}</p>
                <Types index={index} />
              </section>

              <section className="stack">
                <SectionHeading id="pingback">{t('sections.pingback')}</SectionHeading>
                <Prose ns="pingback" keys={['p1', 'p2', 'p3']} />
                <p><LocalizedLink to="/setting/pingback" className="link">{t('pingback.settings')}</LocalizedLink></p>
              </section>

              <section className="stack">
                <SectionHeading id="proxies">{t('sections.proxies')}</SectionHeading>
                <Prose ns="proxies" keys={['p1', 'p2', 'p3']} />
              </section>

              <section className="stack">
                <SectionHeading id="languages">{t('sections.languages')}</SectionHeading>
                <p>{t('languages.lead')}</p>
                <div className="table-wrap">
                  <table className="table docs-table docs-table--compact" data-testid="languages-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('table.code')}</th>
                        <th scope="col">{t('table.language')}</th>
                        <th scope="col">{t('table.audio')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {index.languages.map((l) => (
                        <tr key={l.code}>
                          <th scope="row"><code>{l.code}</code></th>
                          <td>{l.name}</td>
                          <td>{l.audio ? t('table.yes') : '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>

              <section className="stack">
                <SectionHeading id="soft-id">{t('sections.softId')}</SectionHeading>
                <Prose ns="softId" keys={['p1', 'p2']} />
              </section>

              <section className="stack">
                <SectionHeading id="consensus">{t('sections.consensus')}</SectionHeading>
                <Prose ns="consensus" keys={['p1', 'p2']} />
                <p><LocalizedLink to="/setting/percent_100" className="link">{t('consensus.settings')}</LocalizedLink></p>
              </section>

              <section className="stack">
                <SectionHeading id="sandbox">{t('sections.sandbox')}</SectionHeading>
                <Prose ns="sandbox" keys={['p1', 'p2']} />
              </section>

              <section className="stack">
                <SectionHeading id="debugging">{t('sections.debugging')}</SectionHeading>
                <Prose ns="debugging" keys={['p1', 'p2']} />
                <p><LocalizedLink to="/setting/errors" className="link">{t('debugging.errorsPage')}</LocalizedLink></p>
              </section>

              <section className="stack" data-testid="legacy">
                <SectionHeading id="legacy">{t('sections.legacy')}</SectionHeading>
                <p>{t('legacy.lead')}</p>
                <SectionHeading id="legacy-getstats" level={3}>res.php?action=getstats</SectionHeading>
                <p>{t('legacy.getstats')}</p>
                <CodeBlock code={index.legacy.getstats.request} label={t('legacy.request')} />
                <CodeBlock code={index.legacy.getstats.answer} label={t(index.legacy.getstats.live ? 'legacy.answerNow' : 'legacy.answerExample')} />
                <SectionHeading id="legacy-load" level={3}>load.php</SectionHeading>
                <p>{t('legacy.load')}</p>
                <CodeBlock code={index.legacy.load.request} label={t('legacy.request')} />
                <CodeBlock code={index.legacy.load.answer} label={t(index.legacy.load.live ? 'legacy.answerNow' : 'legacy.answerExample')} />
              </section>

              <section className="stack">
                <SectionHeading id="errors">{t('sections.errors')}</SectionHeading>
                <p>{t('errors.lead')}</p>
                <SectionHeading id="errors-in" level={3}>{t('sections.errorsIn')}</SectionHeading>
                <ErrorTable rows={index.errors.inPhp} testId="errors-in" />
                <SectionHeading id="errors-res" level={3}>{t('sections.errorsRes')}</SectionHeading>
                <ErrorTable rows={index.errors.resPhp} testId="errors-res" />
                <SectionHeading id="errors-v2" level={3}>{t('sections.errorsV2')}</SectionHeading>
                <ErrorTable rows={index.errors.v2} withId testId="errors-v2" />
              </section>

              <section className="stack">
                <SectionHeading id="limits">{t('sections.limits')}</SectionHeading>
                <p>{t('limits.lead')}</p>
                <BanTable rows={index.bans} />
              </section>

              <section className="stack">
                <SectionHeading id="changelog">{t('sections.changelog')}</SectionHeading>
                <ol className="docs-changelog" data-testid="changelog">
                  {index.changelog.map((entry) => (
                    <li key={entry.date}>
                      <time dateTime={entry.date} className="docs-changelog__date">{entry.date}</time>
                      <p>{entry.text}</p>
                    </li>
                  ))}
                </ol>
              </section>
            </div>
          )}
        </DocsLayout>
      </div>
    </>
  );
}
