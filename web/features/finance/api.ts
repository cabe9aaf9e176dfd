import type { AuditPage, FinanceQuery, FinanceView } from '#shared/contracts/finance.ts';
import { api } from '#web/store/api.ts';

const qs = (q: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(q).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();

/** The CSV of the money view, served by the API as an attachment. */
export const financeCsvUrl = (q: FinanceQuery) => `/api/v2/admin/finance.csv${qs(q) ? `?${qs(q)}` : ''}`;

/** The operator's money view and the audit log (server/surfaces/site-api/finance.routes.ts). */
export const financeApi = api.enhanceEndpoints({ addTagTypes: ['Finance', 'AuditLog'] }).injectEndpoints({
  endpoints: (build) => ({
    financeView: build.query<FinanceView, FinanceQuery>({
      query: (q) => `api/v2/admin/finance${qs(q) ? `?${qs(q)}` : ''}`,
      providesTags: ['Finance'],
    }),
    auditLog: build.query<AuditPage, { page: number; userId?: number }>({
      query: (q) => `api/v2/admin/audit-log?${qs(q)}`,
      providesTags: ['AuditLog'],
    }),
  }),
});

export const { useFinanceViewQuery, useAuditLogQuery } = financeApi;
