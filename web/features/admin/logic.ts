import { apiErrorCode } from '#web/store/api.ts';

/** Spec §5: the search text filters only from 3 characters; shorter text lists everyone. */
export const SEARCH_MIN = 3;
export const PAGE_SIZE = 50;

export function effectiveQuery(input: string): string {
  const q = input.trim();
  return q.length >= SEARCH_MIN ? q : '';
}

export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The 1-based first and last row numbers shown on `page` (0-based). */
export function rowRange(page: number, total: number, size = PAGE_SIZE): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  return { from: page * size + 1, to: Math.min(total, (page + 1) * size) };
}

/** Spec-compatible money as in AdjustBalanceSchema: up to 9 digits, up to 6 decimals, not zero. */
export function isAmount(value: string): boolean {
  const v = value.trim();
  return /^-?\d{1,9}(\.\d{1,6})?$/.test(v) && !/^-?0+(\.0+)?$/.test(v);
}

/** "12.5" → "$12.50", "-3" → "−$3.00" (see the profile feature's formatUsd; same rules, en style). */
export function formatUsd(amount: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole, fraction = ''] = match;
  const grouped = whole!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const isZero = /^0*$/.test(whole!) && /^0*$/.test(fraction);
  return `${sign && !isZero ? '−' : ''}$${grouped}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

/** ISO time → "2025-03-04 05:06 UTC"; one zone for every admin, identical on server and browser. */
export function formatUtc(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Every distinct http(s) link of a mail: the text's URLs, then the HTML's hrefs. */
export function mailLinks(text: string, html = ''): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/https?:\/\/[^\s<>"'`]+/g)) found.add(m[0].replace(/[).,;:!?\]]+$/, ''));
  for (const m of html.matchAll(/href\s*=\s*["'](https?:\/\/[^"']+)["']/gi)) found.add(m[1]!.replace(/&amp;/g, '&'));
  return [...found];
}

const KNOWN_CODES = new Set([
  'NETWORK',
  'FORBIDDEN',
  'NOT_FOUND',
  'VALIDATION_FAILED',
  'INSUFFICIENT_FUNDS',
  'RATE_LIMITED',
  'UNAUTHENTICATED',
  'CSRF_FAILED',
]);

/** Admin-namespace key of a failed call: a form-specific text, the code's text, or a generic one. */
export function adminErrorKey(error: unknown, overrides: Partial<Record<string, string>> = {}): string {
  const status = (error as { status?: unknown } | undefined)?.status;
  const code = apiErrorCode(error) ?? (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' ? 'NETWORK' : undefined);
  if (code && overrides[code]) return overrides[code];
  if (code && KNOWN_CODES.has(code)) return `errors.${code}`;
  return 'errors.generic';
}
