import type {
  ApiErrorRow,
  ComplaintRow,
  GraphData,
  GraphStep,
  ImpossibleRow,
  LogPage,
  NotCaptchaRow,
  PingbackRow,
  TestCaptchaCreated,
  TestCaptchaInput,
  UploadRow,
} from '#shared/contracts/customer-logs.ts';
import { api } from '#web/store/api.ts';

/**
 * The customer's logs, uploads, graphs and test submissions: /api/v2/customer/* of
 * server/surfaces/site-api/customer-logs.routes.ts. Lists load page by page ("show older"),
 * keyset by id: the page parameter is the previous page's `nextCursor` (0 for the newest page).
 */
const pages = {
  initialPageParam: 0,
  getNextPageParam: (last: LogPage<unknown>) => last.nextCursor ?? undefined,
};
const pageUrl = (path: string) => ({ pageParam }: { pageParam: number }) => (pageParam ? `${path}?cursor=${pageParam}` : path);

export interface GraphArgs {
  from: string;
  to: string;
  step: GraphStep;
}

export const customerLogsApi = api.enhanceEndpoints({ addTagTypes: ['CustomerLog', 'Dashboard'] }).injectEndpoints({
  endpoints: (build) => ({
    listImpossible: build.infiniteQuery<LogPage<ImpossibleRow>, void, number>({
      infiniteQueryOptions: pages,
      query: pageUrl('api/v2/customer/impossible-captchas'),
      providesTags: [{ type: 'CustomerLog', id: 'IMPOSSIBLE' }],
    }),
    listApiErrors: build.infiniteQuery<LogPage<ApiErrorRow>, void, number>({
      infiniteQueryOptions: pages,
      query: pageUrl('api/v2/customer/api-errors'),
      providesTags: [{ type: 'CustomerLog', id: 'ERRORS' }],
    }),
    listComplaints: build.infiniteQuery<LogPage<ComplaintRow>, void, number>({
      infiniteQueryOptions: pages,
      query: pageUrl('api/v2/customer/complaints'),
      providesTags: [{ type: 'CustomerLog', id: 'COMPLAINTS' }],
    }),
    listNotCaptcha: build.infiniteQuery<LogPage<NotCaptchaRow>, void, number>({
      infiniteQueryOptions: pages,
      query: pageUrl('api/v2/customer/not-captcha'),
      providesTags: [{ type: 'CustomerLog', id: 'NOT_CAPTCHA' }],
    }),
    dismissNotCaptcha: build.mutation<{ ok: true }, { id: number }>({
      query: ({ id }) => ({ url: `api/v2/customer/not-captcha/${id}`, method: 'DELETE' }),
      // The row leaves the loaded pages at once; nothing else changes.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            customerLogsApi.util.updateQueryData('listNotCaptcha', undefined, (data) => {
              for (const page of data.pages) page.records = page.records.filter((r) => r.id !== id);
            }),
          );
        } catch {
          // The failure is in the mutation's own state.
        }
      },
    }),
    listPingbacks: build.infiniteQuery<LogPage<PingbackRow>, void, number>({
      infiniteQueryOptions: pages,
      query: pageUrl('api/v2/customer/pingbacks'),
      providesTags: [{ type: 'CustomerLog', id: 'PINGBACKS' }],
    }),
    listUploads: build.infiniteQuery<LogPage<UploadRow>, void, number>({
      infiniteQueryOptions: pages,
      query: pageUrl('api/v2/customer/uploads'),
      providesTags: [{ type: 'CustomerLog', id: 'UPLOADS' }],
    }),
    reportUpload: build.mutation<UploadRow, { id: number }>({
      query: ({ id }) => ({ url: `api/v2/customer/uploads/${id}/report`, method: 'POST' }),
      // A refund moves the balance (header, dashboard) and adds a complaint.
      invalidatesTags: (_r, error) => (error ? [] : ['User', 'Dashboard', { type: 'CustomerLog', id: 'COMPLAINTS' }]),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            customerLogsApi.util.updateQueryData('listUploads', undefined, (cached) => {
              for (const page of cached.pages) page.records = page.records.map((r) => (r.id === data.id ? data : r));
            }),
          );
        } catch {
          // The failure is in the mutation's own state.
        }
      },
    }),
    getCustomerTask: build.query<UploadRow, number>({
      query: (id) => `api/v2/customer/tasks/${id}`,
    }),
    getGraph: build.query<GraphData, GraphArgs>({
      query: (args) => ({ url: 'api/v2/customer/graph', params: args }),
      providesTags: [{ type: 'CustomerLog', id: 'GRAPH' }],
    }),
    submitTestCaptcha: build.mutation<TestCaptchaCreated, TestCaptchaInput>({
      query: (body) => ({ url: 'api/v2/customer/testcaptcha', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : ['User', 'Dashboard', { type: 'CustomerLog', id: 'UPLOADS' }]),
    }),
  }),
});

export const {
  useListImpossibleInfiniteQuery,
  useListApiErrorsInfiniteQuery,
  useListComplaintsInfiniteQuery,
  useListNotCaptchaInfiniteQuery,
  useDismissNotCaptchaMutation,
  useListPingbacksInfiniteQuery,
  useListUploadsInfiniteQuery,
  useReportUploadMutation,
  useGetCustomerTaskQuery,
  useLazyGetCustomerTaskQuery,
  useGetGraphQuery,
  useSubmitTestCaptchaMutation,
} = customerLogsApi;

/** The site-API path of a task's image (owner only; see customer-logs.routes.ts). */
export const taskImageUrl = (id: number) => `/api/v2/customer/tasks/${id}/image`;
