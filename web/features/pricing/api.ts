import type { PriceList } from '#shared/contracts/pricing.ts';
import { api } from '#web/store/api.ts';

/** The public price list: GET /api/v2/customer/prices (server/surfaces/site-api/pricing.routes.ts). */
export const pricingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPrices: build.query<PriceList, string>({
      query: (currency) => ({ url: 'api/v2/customer/prices', params: { currency } }),
    }),
  }),
});

export const { useGetPricesQuery } = pricingApi;
