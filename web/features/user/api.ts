import type { LoginResult } from '#shared/contracts/auth.ts';
import type { CurrentUser, UpdateUser } from '#shared/contracts/user.ts';
import { api } from '#web/store/api.ts';

/** The current user (spec §3, §4): fetch, update, system-message read mark, sign-out. */
export const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<CurrentUser, void>({
      query: () => 'api/v2/user',
      providesTags: ['User'],
    }),
    updateUser: build.mutation<CurrentUser, UpdateUser>({
      query: (body) => ({ url: 'api/v2/user', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(userApi.util.upsertQueryData('getUser', undefined, data));
        } catch {
          // The failure is in the mutation's own state; the cached user stays as it was.
        }
      },
    }),
    readSystemMessage: build.mutation<{ ok: true }, { id: number }>({
      query: (body) => ({ url: 'api/v2/user/system_message_read', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(userApi.util.updateQueryData('getUser', undefined, (user) => void (user.systemMessage = null)));
        } catch {
          // Spec §4: on failure the popup stays; nothing to undo.
        }
      },
    }),
    login: build.mutation<LoginResult, { email: string; password: string }>({
      query: (body) => ({ url: 'api/v2/auth/login', method: 'POST', body }),
    }),
    logout: build.mutation<{ ok: true }, void>({
      query: () => ({ url: 'api/v2/auth/logout', method: 'POST' }),
    }),
  }),
});

export const { useGetUserQuery, useUpdateUserMutation, useReadSystemMessageMutation, useLoginMutation, useLogoutMutation } = userApi;
