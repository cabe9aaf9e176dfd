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
        const { data } = await queryFulfilled;
        dispatch(userApi.util.upsertQueryData('getUser', undefined, data));
      },
    }),
    readSystemMessage: build.mutation<{ ok: true }, { id: number }>({
      query: (body) => ({ url: 'api/v2/user/system_message_read', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled;
        dispatch(userApi.util.updateQueryData('getUser', undefined, (user) => void (user.systemMessage = null)));
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
