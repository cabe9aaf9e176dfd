/** Closed set of site-API error codes; the wire shape is `{ error: { code, message, details? } }`. */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  ERROR_EMPTY_USER: 400,
  UNAUTHENTICATED: 401,
  CSRF_FAILED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && 'error' in value &&
    typeof (value as ApiErrorBody).error?.code === 'string';
}
