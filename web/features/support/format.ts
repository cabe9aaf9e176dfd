import { apiErrorCode } from '#web/store/api.ts';

/** Dates of the support pages in the page's language (the viewer's clock). */
export function dateTimeFormatter(lang: string) {
  return new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** "2 h 5 min" style durations from seconds, in the support catalogue's words. */
export function durationParts(seconds: number): { h: number; m: number } {
  const minutes = Math.max(1, Math.round(seconds / 60));
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}

const CODES = ['VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'INSUFFICIENT_FUNDS', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', 'CSRF_FAILED', 'FORBIDDEN', 'UNAUTHENTICATED', 'UNSUPPORTED_CURRENCY'];

/** The `support` catalogue key (under `errors.`) for a failed call. */
export function supportErrorKey(error: unknown): string {
  const code = apiErrorCode(error);
  if (code && CODES.includes(code)) return `errors.${code}`;
  const status = (error as { status?: unknown } | undefined)?.status;
  if (status === 413) return 'errors.PAYLOAD_TOO_LARGE';
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return 'errors.NETWORK';
  return 'errors.generic';
}

export const humanSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
