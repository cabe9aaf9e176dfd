import type { NotificationPrefs, Profile, TwoFactorSetup, UserDocument } from '#shared/contracts/profile.ts';
import { api } from '#web/store/api.ts';

type Ok = { ok: true };
const PROFILE = { type: 'Profile', id: 'ME' } as const;
const DOCUMENTS = { type: 'Profile', id: 'DOCUMENTS' } as const;

/** The signed-in user's own account: /api/v2/profile/* (server/surfaces/site-api/profile.routes.ts). */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({
      query: () => 'api/v2/profile',
      providesTags: [PROFILE],
    }),
    updateProfile: build.mutation<Profile, { name: string; timezone: string }>({
      query: (body) => ({ url: 'api/v2/profile', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(profileApi.util.upsertQueryData('getProfile', undefined, data));
      },
    }),
    updateNotifications: build.mutation<Profile, NotificationPrefs>({
      query: (body) => ({ url: 'api/v2/profile/notifications', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(profileApi.util.upsertQueryData('getProfile', undefined, data));
      },
    }),
    changeEmail: build.mutation<Ok, { email: string; password: string }>({
      query: (body) => ({ url: 'api/v2/profile/email', method: 'PUT', body }),
      invalidatesTags: (_r, error) => (error ? [] : [PROFILE]),
    }),
    changePassword: build.mutation<Ok, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: 'api/v2/profile/password', method: 'PUT', body }),
    }),
    startTwoFactor: build.mutation<TwoFactorSetup, void>({
      query: () => ({ url: 'api/v2/profile/2fa/setup', method: 'POST' }),
    }),
    enableTwoFactor: build.mutation<{ recoveryCodes: string[] }, { code: string }>({
      query: (body) => ({ url: 'api/v2/profile/2fa/enable', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [PROFILE]),
    }),
    disableTwoFactor: build.mutation<Ok, { code: string }>({
      query: (body) => ({ url: 'api/v2/profile/2fa/disable', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [PROFILE]),
    }),
    rotateApiKey: build.mutation<{ apiKey: string }, void>({
      query: () => ({ url: 'api/v2/profile/api-key', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(profileApi.util.updateQueryData('getProfile', undefined, (p) => void (p.apiKey = data.apiKey)));
      },
    }),
    changeWallet: build.mutation<Ok, { method: string; address: string }>({
      query: (body) => ({ url: 'api/v2/profile/wallet', method: 'POST', body }),
    }),
    listDocuments: build.query<UserDocument[], void>({
      query: () => 'api/v2/profile/documents',
      providesTags: [DOCUMENTS],
    }),
    uploadDocument: build.mutation<UserDocument, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: 'api/v2/profile/documents', method: 'POST', body };
      },
      invalidatesTags: (_r, error) => (error ? [] : [DOCUMENTS]),
    }),
    deleteAccount: build.mutation<Ok, { password: string; confirm: 'DELETE' }>({
      query: (body) => ({ url: 'api/v2/profile', method: 'DELETE', body }),
    }),
    logoutEverywhere: build.mutation<Ok, void>({
      query: () => ({ url: 'api/v2/auth/logout-everywhere', method: 'POST' }),
    }),
  }),
});

export const {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useUpdateNotificationsMutation,
  useChangeEmailMutation,
  useChangePasswordMutation,
  useStartTwoFactorMutation,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
  useRotateApiKeyMutation,
  useChangeWalletMutation,
  useListDocumentsQuery,
  useUploadDocumentMutation,
  useDeleteAccountMutation,
  useLogoutEverywhereMutation,
} = profileApi;
