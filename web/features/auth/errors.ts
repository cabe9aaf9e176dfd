import type { TFunction } from 'i18next';
import { EmailSchema, PasswordSchema } from '#shared/contracts/auth.ts';
import { isApiErrorBody } from '#shared/errors.ts';

/** A failed auth call, reduced to what the screens show. */
export interface AuthError {
  /** The site-API code, or NETWORK (no answer) / UNKNOWN (an answer without an error body). */
  code: string;
  /** RATE_LIMITED: seconds until the lock ends, when the server says. */
  retryAfter?: number;
  /** VALIDATION_FAILED: the request fields the server rejected (`/email` → `email`). */
  fields: string[];
}

/** Codes with their own sentence in `auth:errors`; anything else reads as UNKNOWN. */
const KNOWN_CODES = new Set([
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_CONFIRMED',
  'ACCOUNT_BLOCKED',
  'RATE_LIMITED',
  'TWO_FACTOR_INVALID',
  'LINK_INVALID',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'CONFLICT',
  'CSRF_FAILED',
  'NETWORK',
]);

/** Reads an RTK Query error (a fetchBaseQuery error or a serialized one) into an AuthError. */
export function readAuthError(error: unknown): AuthError {
  const status = (error as { status?: unknown } | undefined)?.status;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return { code: 'NETWORK', fields: [] };
  const body = (error as { data?: unknown } | undefined)?.data;
  if (!isApiErrorBody(body)) return { code: 'UNKNOWN', fields: [] };
  const { code, details } = body.error;
  const result: AuthError = { code, fields: [] };
  if (code === 'RATE_LIMITED') {
    const retryAfter = (details as { retryAfter?: unknown } | undefined)?.retryAfter;
    if (typeof retryAfter === 'number' && retryAfter > 0) result.retryAfter = retryAfter;
  }
  if (code === 'VALIDATION_FAILED' && Array.isArray(details)) {
    for (const d of details as { path?: unknown }[]) {
      const field = typeof d?.path === 'string' ? d.path.replace(/^\//, '').split('/')[0] : '';
      if (field && !result.fields.includes(field)) result.fields.push(field);
    }
  }
  return result;
}

/** The translated sentence for a failed call; field problems are shown on the fields themselves. */
export function authErrorMessage(t: TFunction<'auth'>, error: AuthError): string {
  if (error.code === 'RATE_LIMITED' && error.retryAfter) {
    return t('errors.rateLimitedWait', { count: Math.max(1, Math.ceil(error.retryAfter / 60)) });
  }
  return t(`errors.${KNOWN_CODES.has(error.code) ? error.code : 'UNKNOWN'}`);
}

/** A hash link whose parameters the server refused, alike for an expired and a garbled link. */
export function isLinkInvalid(error: AuthError): boolean {
  return (
    error.code === 'LINK_INVALID' ||
    (error.code === 'VALIDATION_FAILED' && error.fields.some((f) => ['hash', 'userId', 'status'].includes(f)))
  );
}

/** Translation keys of client-side field checks (`auth:fields.*`), null when the value is fine. */
export function checkEmail(value: string): string | null {
  if (!value.trim()) return 'fields.email.required';
  return EmailSchema.safeParse(value).success ? null : 'fields.email.invalid';
}

/** Sign-in accepts any non-empty password; the rules apply to new passwords only. */
export function checkPassword(value: string): string | null {
  return value ? null : 'fields.password.required';
}

export function checkNewPassword(value: string): string | null {
  if (!value) return 'fields.newPassword.required';
  if (PasswordSchema.safeParse(value).success) return null;
  return value.length < 10 ? 'fields.newPassword.short' : 'fields.newPassword.long';
}

/** A 6-digit code or a recovery code (xxxxx-xxxxx); spaces people type or paste are dropped. */
export function normalizeCode(value: string): string {
  return value.replace(/\s+/g, '');
}

export function checkCode(value: string): string | null {
  if (!value) return 'fields.code.required';
  return value.length < 6 ? 'fields.code.short' : null;
}

/** The key explaining a field the server rejected (VALIDATION_FAILED details). */
export function serverFieldKey(field: string): string {
  switch (field) {
    case 'email':
      return 'fields.email.invalid';
    case 'password':
      return 'fields.password.invalid';
    case 'code':
      return 'fields.code.invalid';
    default:
      return 'fields.invalid';
  }
}
