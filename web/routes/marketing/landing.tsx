import { useTranslation } from '#web/lib/i18n-react.ts';
import { findLanding, type LandingDef } from '#shared/landings/catalog.ts';
import type { PriceList } from '#shared/contracts/pricing.ts';
import { CodeSamples } from '#web/features/api-docs/code-samples.tsx';
import { useGetTypeSamplesQuery } from '#web/features/api-docs/api.ts';
import { preloadTypeSamples } from '#web/features/api-docs/preload.ts';
import { LandingPage, SamplesState, type LandingFigures } from '#web/features/landings/landing-page.tsx';
import { formatAmount, formatPrice } from '#web/features/pricing/format.ts';
import { preloadPrices, usePriceList } from '#web/features/pricing/use-prices.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { PAGES } from '#web/routes.ts';

/** The route table declares one /p/{slug} page per landing; the slug is the path's last segment. */
const landingOf = (path: string | undefined): LandingDef | undefined => findLanding(path?.split('/').pop() ?? '');

export async function loader({ store, lang, page }: PageLoaderArgs) {
  const landing = landingOf(page.path);
  if (!landing) return null;
  await Promise.all([preloadPrices(store, lang), preloadTypeSamples(store, landing.type, lang)]);
  return null;
}

/** The type's row of the live price list, formatted for the page's language. */
function figuresOf(list: PriceList | undefined, type: string, lang: string): LandingFigures | null | undefined {
  if (!list) return undefined;
  const row = list.types.find((r) => r.slug === type);
  if (!row) return null;
  const money = (amount: string) => formatPrice(amount, list.currency, lang);
  return {
    price: money(row.per1000),
    amount: row.per1000,
    currency: list.currency,
    floor: money(row.floorPer1000),
    cap: money(row.capPer1000),
    worker: money(row.workerPer1000),
    ...(row.avgSolveSeconds === undefined ? {} : { avgSolveSeconds: formatAmount(String(row.avgSolveSeconds), lang) }),
    ...(row.discount
      ? { discount: { percent: row.discount.percent, until: row.discount.endsAt.slice(0, 10), list: money(row.discount.listPer1000) } }
      : {}),
  };
}

/** /p/{slug} (issue 14): a captcha type's landing — live price list, the API reference's samples. */
export default function Landing() {
  const { lang, page } = useCurrentPage();
  const { i18n } = useTranslation();
  const landing = landingOf(page?.path);
  const prices = usePriceList();
  const samples = useGetTypeSamplesQuery({ slug: landing?.type ?? '', language: lang }, { skip: !landing });
  if (!landing) return null;
  const demoPath = landing.demo && PAGES.some((p) => p.path === `/demo/${landing.demo}`) ? `/demo/${landing.demo}` : undefined;
  const hasDocs = PAGES.some((p) => p.path === `/api-docs/${landing.type}`);
  return (
    <LandingPage
      landing={landing}
      live={{ figures: figuresOf(prices.list, landing.type, i18n.language), isLoading: prices.isLoading, error: prices.error, retry: prices.retry }}
      samples={
        <SamplesState isLoading={samples.isLoading} error={samples.isError ? samples.error : undefined} retry={() => void samples.refetch()}>
          {samples.data && <CodeSamples samples={samples.data} />}
        </SamplesState>
      }
      {...(demoPath ? { demoPath } : {})}
      hasDocs={hasDocs}
    />
  );
}
