import { useTranslation } from '#web/lib/i18n-react.ts';
import { proxyApi, useGetProxyPricesQuery } from '#web/features/proxy/api.ts';
import { ProxyApiDocs } from '#web/features/proxy/api-docs.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(proxyApi.endpoints.getProxyPrices.initiate({ currency: 'USD' }, { subscribe: false }));
  return null;
}

/** /proxy/api: the proxy gateway's and the proxy console API's documentation (public). */
export default function Page() {
  const { t } = useTranslation('proxy');
  const prices = useGetProxyPricesQuery({ currency: 'USD' });
  const gw = prices.data?.gateway ?? { host: 'proxy.example', httpPort: 8080, socksPort: 1080 };
  return (
    <>
      <title>{t('meta.landing', { title: t('docs.title') })}</title>
      <meta name="description" content={t('docs.lead')} />
      <header className="page-header page-header--band">
        <div className="container page-header__inner">
          <div className="page-header__content">
            <h1 className="page-header__title">{t('docs.title')}</h1>
            <p className="page-header__lead">{t('docs.lead')}</p>
          </div>
        </div>
      </header>
      <section className="section section--tight">
        <div className="container">
          <ProxyApiDocs host={gw.host} httpPort={gw.httpPort} socksPort={gw.socksPort} />
        </div>
      </section>
    </>
  );
}
