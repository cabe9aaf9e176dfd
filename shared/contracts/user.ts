import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';

export { homePathOf, PERMISSIONS, USER_TYPES, type Permission, type UserType } from '../accounts.ts';
import { USER_TYPES, type UserType } from '../accounts.ts';

/** Spec §3: a system message, keyed by language code, English the fallback; sanitised HTML. */
export interface SystemMessage {
  id: number;
  message: Record<string, string>;
}

/** Spec §3 current user, the response of GET /api/v2/user. Money is a decimal string in USD. */
export interface CurrentUser {
  id: number;
  email: string;
  profile: { userType: UserType | null };
  permissions: { admin: boolean; moderator: boolean };
  balance: { amount: string; currency: 'USD' };
  interfaceLanguage: string;
  analyticsData: {
    daysSinceRegistration: number;
    daysSinceLastPayment: number | null;
    daysSinceLastUse: number | null;
    earnedOnCaptcha: string;
    spentOnCaptcha: string;
  };
  systemMessage: SystemMessage | null;
}

/** PUT /api/v2/user: the changed fields. */
export const UpdateUserSchema = z
  .object({
    interfaceLanguage: z.enum(LANGUAGES).optional(),
    userType: z.enum(USER_TYPES).optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
export type UpdateUser = z.infer<typeof UpdateUserSchema>;

/** PUT /api/v2/user/system_message_read */
export const SystemMessageReadSchema = z.object({ id: z.coerce.number().int().positive() });
