import type { AdminUserList, AdminUserRow, OutboxMail } from '#shared/contracts/admin.ts';
import type { AdminCaptchaType } from '#shared/contracts/catalog.ts';
import type { Permission } from '#shared/contracts/user.ts';
import { api } from '#web/store/api.ts';

const LIST = { type: 'User', id: 'ADMIN_LIST' } as const;

/** /api/v2/admin/* (server/surfaces/site-api/admin.routes.ts): users, the mail outbox, captcha type switches. */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<AdminUserList, { q: string; page: number }>({
      query: ({ q, page }) => ({ url: 'api/v2/admin/users', params: { q, page } }),
      providesTags: [LIST],
    }),
    setPermission: build.mutation<AdminUserRow, { id: number; permission: Permission; granted: boolean }>({
      query: ({ id, ...body }) => ({ url: `api/v2/admin/users/${id}/permissions`, method: 'PUT', body }),
      // The header shows the admin link from the current user: refresh it too.
      invalidatesTags: (_r, error) => (error ? [] : ['User']),
    }),
    setBlocked: build.mutation<AdminUserRow, { id: number; blocked: boolean }>({
      query: ({ id, ...body }) => ({ url: `api/v2/admin/users/${id}/blocked`, method: 'PUT', body }),
      invalidatesTags: (_r, error) => (error ? [] : [LIST]),
    }),
    adjustBalance: build.mutation<AdminUserRow, { id: number; amount: string; reason: string }>({
      query: ({ id, ...body }) => ({ url: `api/v2/admin/users/${id}/balance`, method: 'POST', body }),
      // The header balance, when an admin adjusts their own account.
      invalidatesTags: (_r, error) => (error ? [] : ['User']),
    }),
    postSystemMessage: build.mutation<
      { id: number; message: Record<string, string> },
      { id: number; message: { en: string; ru?: string; zh?: string } }
    >({
      query: ({ id, message }) => ({
        url: `api/v2/admin/users/${id}/system-messages`,
        method: 'POST',
        body: { message },
      }),
    }),
    outbox: build.query<OutboxMail[], void>({
      query: () => 'api/v2/admin/outbox',
      keepUnusedDataFor: 0,
    }),
    captchaTypes: build.query<AdminCaptchaType[], void>({
      query: () => 'api/v2/admin/captcha-types',
      keepUnusedDataFor: 0,
    }),
    /** Optimistic: the switch moves at once; the server's row replaces it, a failure puts it back. */
    setCaptchaTypeEnabled: build.mutation<AdminCaptchaType, { slug: string; enabled: boolean }>({
      query: ({ slug, enabled }) => ({ url: `api/v2/admin/captcha-types/${encodeURIComponent(slug)}`, method: 'PUT', body: { enabled } }),
      async onQueryStarted({ slug, enabled }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          adminApi.util.updateQueryData('captchaTypes', undefined, (rows) => {
            const row = rows.find((r) => r.slug === slug);
            if (row) row.enabled = enabled;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            adminApi.util.updateQueryData('captchaTypes', undefined, (rows) => {
              const i = rows.findIndex((r) => r.slug === slug);
              if (i >= 0) rows[i] = data;
            }),
          );
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const {
  useListUsersQuery,
  useSetPermissionMutation,
  useSetBlockedMutation,
  useAdjustBalanceMutation,
  usePostSystemMessageMutation,
  useOutboxQuery,
  useCaptchaTypesQuery,
  useSetCaptchaTypeEnabledMutation,
} = adminApi;
