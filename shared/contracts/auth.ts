import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { USER_TYPES } from './user.ts';

export const EmailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));
/** At least 10 characters; at most 128 (argon2 input stays bounded). */
export const PasswordSchema = z.string().min(10).max(128);
const Hash = z.string().regex(/^[A-Za-z0-9_-]{20,128}$/);
const UserId = z.coerce.number().int().positive();

export const RegisterSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  userType: z.enum(USER_TYPES).optional(),
  language: z.enum(LANGUAGES).default('en'),
});

export const LoginSchema = z.object({ email: EmailSchema, password: z.string().min(1).max(128) });
/** POST /api/v2/auth/login → signed in, or the TOTP step is required. */
export type LoginResult = { status: 'ok'; homePath: string } | { status: 'two_factor_required' };

/** A 6-digit TOTP code or a recovery code (xxxxx-xxxxx). */
export const TwoFactorSchema = z.object({ code: z.string().trim().min(6).max(32) });

export const RemindSchema = z.object({ email: EmailSchema, language: z.enum(LANGUAGES).default('en') });
export const ResendConfirmationSchema = RemindSchema;

export const HashLinkSchema = z.object({ hash: Hash, userId: UserId });
export const CheckRemindSchema = HashLinkSchema.extend({ password: PasswordSchema });
export const ChangeEmailLinkSchema = HashLinkSchema.extend({ status: z.enum(['confirm', 'cancel']) });

/** The answer of every request that must not reveal whether an address is registered. */
export type AcceptedResult = { ok: true };
