import { useState } from 'react';
import type { Language } from '#shared/i18n/languages.ts';
import type { PriceList } from '#shared/contracts/pricing.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { apiErrorCode } from '#web/store/api.ts';
import type { AppStore } from '#web/store/store.ts';
import { pricingApi, useGetPricesQuery } from './api.ts';
import { defaultCurrency } from './format.ts';

const unsupported = (error: unknown) => apiErrorCode(error) === 'UNSUPPORTED_CURRENCY';

/**
 * For page loaders: puts the price list in the language's currency into the store (on the server
 * during rendering, so the HTML carries the prices); USD when that currency is not configured.
 */
export async function preloadPrices(store: AppStore, lang: Language): Promise<void> {
  const currency = defaultCurrency(lang);
  const result = await store.dispatch(pricingApi.endpoints.getPrices.initiate(currency, { subscribe: false }));
  if (currency !== 'USD' && unsupported(result.error)) {
    await store.dispatch(pricingApi.endpoints.getPrices.initiate('USD', { subscribe: false }));
  }
}

export interface PriceListState {
  /** The list to show: the chosen currency's, or the previous one while it loads. */
  list: PriceList | undefined;
  /** The currency selected in the switcher. */
  currency: string;
  setCurrency(currency: string): void;
  isLoading: boolean;
  /** A new list is on its way (the shown one is stale). */
  isUpdating: boolean;
  error: unknown;
  retry(): void;
}

/** The live price list in the currency the visitor picked (default: by page language). */
export function usePriceList(): PriceListState {
  const { lang } = useCurrentPage();
  const [chosen, setChosen] = useState<string | null>(null);
  const wanted = chosen ?? defaultCurrency(lang);
  const query = useGetPricesQuery(wanted);
  const fallBack = wanted !== 'USD' && unsupported(query.error);
  const usd = useGetPricesQuery('USD', { skip: !fallBack });
  const active = fallBack ? usd : query;
  return {
    list: active.data,
    currency: fallBack ? 'USD' : wanted,
    setCurrency: setChosen,
    isLoading: active.isLoading,
    isUpdating: active.isFetching && active.data !== undefined,
    error: active.isError ? active.error : undefined,
    retry: () => void active.refetch(),
  };
}
