import type { z } from 'zod';
import type {
  AcceptedResult,
  ChangeEmailLinkSchema,
  CheckRemindSchema,
  HashLinkSchema,
  RegisterSchema,
  RemindSchema,
} from '#shared/contracts/auth.ts';
import { api } from '#web/store/api.ts';

/** GET /api/v2/auth/status */
export interface AuthStatus {
  state: 'anonymous' | 'two_factor_pending' | 'signed_in';
}

/** What the links that sign the user in answer (check-key, check-remind) and the 2FA step. */
export interface SignInResult {
  status: 'ok' | 'two_factor_required';
  homePath: string;
}

/** The `{hash}/{userId}` of an e-mailed link, as validated by the page. */
export type HashLink = z.output<typeof HashLinkSchema>;

/**
 * Sign-up, the two-factor step, password recovery and the e-mailed hash links (spec §2, §4).
 * Sign-in and sign-out themselves live with the current user (features/user).
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    authStatus: build.query<AuthStatus, void>({
      query: () => 'api/v2/auth/status',
    }),
    register: build.mutation<AcceptedResult, z.input<typeof RegisterSchema>>({
      query: (body) => ({ url: 'api/v2/auth/register', method: 'POST', body }),
    }),
    resendConfirmation: build.mutation<AcceptedResult, z.input<typeof RemindSchema>>({
      query: (body) => ({ url: 'api/v2/auth/resend-confirmation', method: 'POST', body }),
    }),
    twoFactor: build.mutation<{ status: 'ok'; homePath: string }, { code: string }>({
      query: (body) => ({ url: 'api/v2/auth/2fa', method: 'POST', body }),
    }),
    remind: build.mutation<AcceptedResult, z.input<typeof RemindSchema>>({
      query: (body) => ({ url: 'api/v2/auth/remind', method: 'POST', body }),
    }),
    checkRemind: build.mutation<SignInResult, z.output<typeof CheckRemindSchema>>({
      query: (body) => ({ url: 'api/v2/auth/check-remind', method: 'POST', body }),
    }),
    /** Confirms the address from the sign-up mail and signs the user in. */
    checkKey: build.mutation<SignInResult, HashLink>({
      query: (body) => ({ url: 'api/v2/auth/check-key', method: 'POST', body }),
    }),
    changeEmail: build.mutation<{ status: 'changed' | 'cancelled' }, z.output<typeof ChangeEmailLinkSchema>>({
      query: (body) => ({ url: 'api/v2/auth/change-email', method: 'POST', body }),
      invalidatesTags: ['User', 'Profile'],
    }),
    /** Unsubscribes from notification mail (security mail still goes out). */
    deleteEmail: build.mutation<AcceptedResult, HashLink>({
      query: (body) => ({ url: 'api/v2/auth/delete-email', method: 'POST', body }),
      invalidatesTags: ['Profile'],
    }),
    editPurse: build.mutation<{ wallet: { method: string; address: string } }, HashLink>({
      query: (body) => ({ url: 'api/v2/auth/edit-purse', method: 'POST', body }),
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const {
  useAuthStatusQuery,
  useRegisterMutation,
  useResendConfirmationMutation,
  useTwoFactorMutation,
  useRemindMutation,
  useCheckRemindMutation,
  useCheckKeyMutation,
  useChangeEmailMutation,
  useDeleteEmailMutation,
  useEditPurseMutation,
} = authApi;
