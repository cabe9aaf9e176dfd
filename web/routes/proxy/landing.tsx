import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { landingBySlug, PROXY_COUNTRIES } from '#shared/proxy/catalog.ts';
import { proxyApi, useGetProxyPricesQuery } from '#web/features/proxy/api.ts';
import { proxyCurrency } from '#web/features/proxy/format.ts';
import { LocalProxiesIndex, ProxyLanding, type ProxyLandingSubject } from '#web/features/proxy/landing.tsx';
import { ProxyPricing } from '#web/features/proxy/pricing.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { apiErrorCode } from '#web/store/api.ts';

/** The route table declares each landing's path; the subject is read from it. */
function subjectOf(path: string | undefined): ProxyLandingSubject | 'index' | 'pricing' | undefined {
  if (!path) return undefined;
  if (path === '/proxy/local-proxies') return 'index';
  if (path === '/proxy/pricing') return 'pricing';
  const country = /^\/proxy\/local-proxies\/([a-z]{2})$/.exec(path)?.[1];
  if (country && (PROXY_COUNTRIES as readonly string[]).includes(country)) return { kind: 'country', key: country };
  const landing = landingBySlug(path.split('/').pop() ?? '');
  return landing ? { kind: 'type', key: landing.key, planType: landing.planType, protocol: landing.protocol } : undefined;
}

/** The pricing page passes the visit's utm_campaign on (a configured campaign's discount shows). */
const campaignOf = (search: string) => {
  const c = new URLSearchParams(search).get('utm_campaign');
  return c && /^[\w.-]{1,100}$/.test(c) ? c : undefined;
};

export async function loader({ store, lang, request, page }: PageLoaderArgs) {
  const currency = proxyCurrency(lang);
  const utmCampaign = page.path === '/proxy/pricing' ? campaignOf(new URL(request.url).search) : undefined;
  const res = await store.dispatch(proxyApi.endpoints.getProxyPrices.initiate({ currency, ...(utmCampaign ? { utmCampaign } : {}) }, { subscribe: false }));
  if (currency !== 'USD' && apiErrorCode(res.error) === 'UNSUPPORTED_CURRENCY') {
    await store.dispatch(proxyApi.endpoints.getProxyPrices.initiate({ currency: 'USD', ...(utmCampaign ? { utmCampaign } : {}) }, { subscribe: false }));
  }
  return null;
}

/** The proxy landings (issue 17, `/proxy/{slug}` per spec §2): ten types, ten local-proxy countries and their index, one template. */
export default function Page() {
  const { lang, page } = useCurrentPage();
  const [currency, setCurrency] = useState(proxyCurrency(lang));
  const [search] = useSearchParams();
  const utmCampaign = page?.path === '/proxy/pricing' ? campaignOf(`?${search.toString()}`) : undefined;
  const prices = useGetProxyPricesQuery({ currency, ...(utmCampaign ? { utmCampaign } : {}) });
  if (currency !== 'USD' && apiErrorCode(prices.error) === 'UNSUPPORTED_CURRENCY') setCurrency('USD');
  const subject = subjectOf(page?.path);
  const state = { list: prices.data, isLoading: prices.isLoading, error: prices.error, retry: () => void prices.refetch() };
  if (!subject) return null;
  if (subject === 'index') return <LocalProxiesIndex prices={state} />;
  if (subject === 'pricing') return <ProxyPricing prices={state} />;
  return <ProxyLanding subject={subject} prices={state} />;
}
