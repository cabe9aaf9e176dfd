/** Closed set of site-API error codes; the wire shape is `{ error: { code, message, details? } }`. */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  ERROR_EMPTY_USER: 400,
  /** GET /api/v2/customer/prices: a currency without a configured rate. */
  UNSUPPORTED_CURRENCY: 400,
  /** Proxy IP whitelist (issue 17): no address given, not an address or allowed range, already on a whitelist. */
  ERROR_MISSING_IP: 400,
  ERROR_INVALID_IP: 400,
  ERROR_IP_ALREADY_WHITELISTED: 409,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  TWO_FACTOR_INVALID: 401,
  EMAIL_NOT_CONFIRMED: 403,
  ACCOUNT_BLOCKED: 403,
  LINK_INVALID: 410,
  INSUFFICIENT_FUNDS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
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
