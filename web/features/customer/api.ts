import type { ApiSettings, ConsensusSettings } from '#shared/contracts/customer.ts';
import type { Dashboard } from '#shared/contracts/dashboard.ts';
import { api } from '#web/store/api.ts';

/** The PUT body of /api/v2/customer/api-settings (pingback hosts have their own routes). */
export interface ApiSettingsInput {
  allowedIps: string[];
  maxBidPer1000: string | null;
  sandbox: boolean;
  consensus?: ConsensusSettings | null;
  defaultLanguage?: string | null;
}

/** Software registered for soft_id (GET/POST /api/v2/developer/software). */
export interface SoftwareRow {
  softId: number;
  name: string;
  createdAt: string;
}

/** The whole settings object as a PUT body, with `patch` applied. */
export function settingsInput(current: ApiSettings, patch: Partial<ApiSettingsInput> = {}): ApiSettingsInput {
  return {
    allowedIps: current.allowedIps,
    maxBidPer1000: current.maxBidPer1000,
    sandbox: current.sandbox,
    consensus: current.consensus,
    defaultLanguage: current.defaultLanguage,
    ...patch,
  };
}

const SETTINGS = { type: 'ApiSettings', id: 'ME' } as const;

/** Every settings mutation answers with the whole settings: keep them as the cached read. */
async function storeSettings(_arg: unknown, { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: ApiSettings }> }) {
  try {
    const { data } = await queryFulfilled;
    dispatch(customerApi.util.upsertQueryData('getApiSettings', undefined, data));
  } catch {
    // The failed call's error reaches the form through the mutation's own state.
  }
}

/**
 * The customer console's data: /api/v2/dashboard (dashboard.routes.ts) and
 * /api/v2/customer/* + /api/v2/developer/software (customer.routes.ts).
 */
export const customerApi = api.enhanceEndpoints({ addTagTypes: ['Dashboard', 'ApiSettings', 'Software'] }).injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, void>({
      query: () => 'api/v2/dashboard',
      providesTags: ['Dashboard'],
    }),
    getApiSettings: build.query<ApiSettings, void>({
      query: () => 'api/v2/customer/api-settings',
      providesTags: [SETTINGS],
    }),
    updateApiSettings: build.mutation<ApiSettings, ApiSettingsInput>({
      query: (body) => ({ url: 'api/v2/customer/api-settings', method: 'PUT', body }),
      onQueryStarted: storeSettings,
    }),
    addPingbackHost: build.mutation<ApiSettings, { address: string }>({
      query: (body) => ({ url: 'api/v2/customer/pingback-hosts', method: 'POST', body }),
      onQueryStarted: storeSettings,
    }),
    removePingbackHost: build.mutation<ApiSettings, { host: string }>({
      query: ({ host }) => ({ url: `api/v2/customer/pingback-hosts/${encodeURIComponent(host)}`, method: 'DELETE' }),
      onQueryStarted: storeSettings,
    }),
    listSoftware: build.query<SoftwareRow[], void>({
      query: () => 'api/v2/developer/software',
      providesTags: ['Software'],
    }),
    registerSoftware: build.mutation<SoftwareRow, { name: string }>({
      query: (body) => ({ url: 'api/v2/developer/software', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Software']),
    }),
  }),
});

export const {
  useGetDashboardQuery,
  useGetApiSettingsQuery,
  useUpdateApiSettingsMutation,
  useAddPingbackHostMutation,
  useRemovePingbackHostMutation,
  useListSoftwareQuery,
  useRegisterSoftwareMutation,
} = customerApi;
