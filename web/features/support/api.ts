import type {
  AttachmentView,
  BotMessageInput,
  BotThreadsView,
  BotThreadView,
  BuyEnterprise,
  BuyEnterpriseResult,
  CannedInput,
  CannedReply,
  EnterpriseConditions,
  EnterprisePricing,
  FeedbackInput,
  FeedbackList,
  FeedbackQuery,
  HelpSearchResult,
  NewTicket,
  QueueQuery,
  QueueView,
  Reply,
  StaffReply,
  StaffTicketView,
  TicketList,
  TicketStatus,
  TicketView,
} from '#shared/contracts/support.ts';
import { api } from '#web/store/api.ts';

const qs = (q: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(q).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();
const withQuery = (path: string, q: Record<string, string | number | undefined>) => (qs(q) ? `${path}?${qs(q)}` : path);

/** The staff feedback list as CSV, served by the API as an attachment. */
export const feedbackCsvUrl = (q: FeedbackQuery) => withQuery('/api/v2/staff/support/feedback.csv', q as Record<string, string | number | undefined>);

/**
 * The support centre (server/surfaces/site-api/support.routes.ts). Tickets are cached under the
 * `SupportTickets` tag (spec §4: the list invalidates by tag); a ticket under its own id.
 */
export const supportApi = api.enhanceEndpoints({ addTagTypes: ['SupportTickets', 'SupportQueue', 'SupportCanned', 'Enterprise', 'Feedback', 'BotThreads'] }).injectEndpoints({
  endpoints: (build) => ({
    myTickets: build.query<TicketList, void>({ query: () => 'api/v2/support/tickets', providesTags: ['SupportTickets'] }),
    ticket: build.query<TicketView, number>({ query: (id) => `api/v2/support/tickets/${id}`, providesTags: (_r, _e, id) => [{ type: 'SupportTickets', id }] }),
    createTicket: build.mutation<TicketView, NewTicket>({
      query: (body) => ({ url: 'api/v2/support/tickets', method: 'POST', body }),
      invalidatesTags: ['SupportTickets', 'SupportQueue'],
    }),
    replyTicket: build.mutation<TicketView, { id: number } & Reply>({
      query: ({ id, ...body }) => ({ url: `api/v2/support/tickets/${id}/messages`, method: 'POST', body }),
      invalidatesTags: ['SupportTickets', 'SupportQueue'],
    }),
    closeTicket: build.mutation<TicketView, number>({
      query: (id) => ({ url: `api/v2/support/tickets/${id}/close`, method: 'POST' }),
      invalidatesTags: ['SupportTickets', 'SupportQueue'],
    }),
    uploadSupportFile: build.mutation<AttachmentView, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: 'api/v2/support/attachments', method: 'POST', body };
      },
    }),

    staffQueue: build.query<QueueView, Partial<QueueQuery>>({ query: (q) => withQuery('api/v2/staff/support/tickets', q as Record<string, string | number | undefined>), providesTags: ['SupportQueue'] }),
    staffTicket: build.query<StaffTicketView, number>({ query: (id) => `api/v2/staff/support/tickets/${id}`, providesTags: (_r, _e, id) => [{ type: 'SupportQueue', id }] }),
    staffReply: build.mutation<StaffTicketView, { id: number } & StaffReply>({
      query: ({ id, ...body }) => ({ url: `api/v2/staff/support/tickets/${id}/messages`, method: 'POST', body }),
      invalidatesTags: ['SupportQueue', 'SupportTickets'],
    }),
    assignTicket: build.mutation<StaffTicketView, { id: number; assigneeId: number | null }>({
      query: ({ id, assigneeId }) => ({ url: `api/v2/staff/support/tickets/${id}/assign`, method: 'POST', body: { assigneeId } }),
      invalidatesTags: ['SupportQueue'],
    }),
    setTicketStatus: build.mutation<StaffTicketView, { id: number; status: TicketStatus }>({
      query: ({ id, status }) => ({ url: `api/v2/staff/support/tickets/${id}/status`, method: 'POST', body: { status } }),
      invalidatesTags: ['SupportQueue', 'SupportTickets'],
    }),
    cannedReplies: build.query<CannedReply[], void>({ query: () => 'api/v2/staff/support/canned', providesTags: ['SupportCanned'] }),
    createCanned: build.mutation<CannedReply, CannedInput>({ query: (body) => ({ url: 'api/v2/staff/support/canned', method: 'POST', body }), invalidatesTags: ['SupportCanned'] }),
    deleteCanned: build.mutation<{ deleted: true }, number>({ query: (id) => ({ url: `api/v2/staff/support/canned/${id}`, method: 'DELETE' }), invalidatesTags: ['SupportCanned'] }),

    helpSearch: build.query<HelpSearchResult, { q: string; language: string }>({ query: (q) => withQuery('api/v2/support/search', q) }),
    botThread: build.query<BotThreadView, { id: number; token: string }>({ query: ({ id, token }) => `api/v2/support/bot/threads/${id}?token=${encodeURIComponent(token)}`, providesTags: (_r, _e, a) => [{ type: 'BotThreads', id: a.id }] }),
    botSay: build.mutation<BotThreadView, BotMessageInput>({ query: (body) => ({ url: 'api/v2/support/bot/messages', method: 'POST', body }) }),
    botHandoff: build.mutation<{ ticketId: number }, { threadId: number; token?: string; subject?: string }>({
      query: (body) => ({ url: 'api/v2/support/bot/handoff', method: 'POST', body }),
      invalidatesTags: ['SupportTickets', 'SupportQueue', 'BotThreads'],
    }),
    botThreads: build.query<BotThreadsView, { filter?: string }>({ query: (q) => withQuery('api/v2/staff/support/bot-threads', q), providesTags: ['BotThreads'] }),

    enterprisePricing: build.query<EnterprisePricing, { currency: string }>({ query: (q) => withQuery('api/v2/user/enterprise_support/pricing', q) }),
    enterpriseConditions: build.query<EnterpriseConditions, { currency: string }>({ query: (q) => withQuery('api/v2/user/enterprise_support/conditions', q), providesTags: ['Enterprise'] }),
    buyEnterprise: build.mutation<BuyEnterpriseResult, BuyEnterprise>({
      query: (body) => ({ url: 'api/v2/user/enterprise_support/buy', method: 'POST', body }),
      invalidatesTags: ['Enterprise', 'User'],
    }),
    enterpriseAutoRenew: build.mutation<unknown, { autoRenew: boolean }>({
      query: (body) => ({ url: 'api/v2/user/enterprise_support/auto_renew', method: 'PUT', body }),
      invalidatesTags: ['Enterprise'],
    }),

    sendFeedback: build.mutation<{ id: number }, FeedbackInput>({ query: (body) => ({ url: 'api/v2/support/feedback', method: 'POST', body }), invalidatesTags: ['Feedback'] }),
    feedbackList: build.query<FeedbackList, FeedbackQuery>({ query: (q) => withQuery('api/v2/staff/support/feedback', q as Record<string, string | number | undefined>), providesTags: ['Feedback'] }),
  }),
});

export const {
  useMyTicketsQuery,
  useTicketQuery,
  useCreateTicketMutation,
  useReplyTicketMutation,
  useCloseTicketMutation,
  useUploadSupportFileMutation,
  useStaffQueueQuery,
  useStaffTicketQuery,
  useStaffReplyMutation,
  useAssignTicketMutation,
  useSetTicketStatusMutation,
  useCannedRepliesQuery,
  useCreateCannedMutation,
  useDeleteCannedMutation,
  useHelpSearchQuery,
  useLazyBotThreadQuery,
  useBotSayMutation,
  useBotHandoffMutation,
  useBotThreadsQuery,
  useEnterprisePricingQuery,
  useEnterpriseConditionsQuery,
  useBuyEnterpriseMutation,
  useEnterpriseAutoRenewMutation,
  useSendFeedbackMutation,
  useFeedbackListQuery,
} = supportApi;
