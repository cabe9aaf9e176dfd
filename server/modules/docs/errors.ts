/**
 * The error tables of the documentation, built from the compat surface's own table
 * (`server/surfaces/compat/errors.ts`: every code, its v2 id and spelling, its text). Here only
 * where each code can appear and what a client should do about it (an i18n key per action);
 * `docs.test.ts` fails when the compat table has a code this map does not place, or the reverse.
 */
import { KNOWN_CODES, V1_STATUS_ZERO_CODES, describeV1, toV2Error } from '#server/surfaces/compat/errors.ts';
import type { ErrorRow } from '#shared/contracts/api-docs.ts';
import { docText } from './texts.ts';

type Action = 'fixKey' | 'fixRequest' | 'topUp' | 'retrySoon' | 'waitBan' | 'resubmit' | 'checkSettings' | 'checkId' | 'registerPingback' | 'pollLater' | 'reportLimit';

/** in: in.php (and createTask); res: res.php (and the v2 result, balance and report methods). */
export const ERROR_PLACES: Readonly<Record<string, { in?: true; res?: true; action: Action }>> = {
  ERROR_WRONG_USER_KEY: { in: true, res: true, action: 'fixKey' },
  ERROR_KEY_DOES_NOT_EXIST: { in: true, res: true, action: 'fixKey' },
  ERROR_NO_SLOT_AVAILABLE: { in: true, action: 'retrySoon' },
  ERROR_ZERO_CAPTCHA_FILESIZE: { in: true, action: 'fixRequest' },
  ERROR_TOO_BIG_CAPTCHA_FILESIZE: { in: true, action: 'fixRequest' },
  ERROR_ZERO_BALANCE: { in: true, action: 'topUp' },
  ERROR_IP_NOT_ALLOWED: { in: true, res: true, action: 'checkSettings' },
  ERROR_CAPTCHA_UNSOLVABLE: { res: true, action: 'resubmit' },
  ERROR_BAD_DUPLICATES: { res: true, action: 'resubmit' },
  ERROR_NO_SUCH_METHOD: { in: true, res: true, action: 'fixRequest' },
  ERROR_IMAGE_TYPE_NOT_SUPPORTED: { in: true, action: 'fixRequest' },
  ERROR_WRONG_FILE_EXTENSION: { in: true, action: 'fixRequest' },
  ERROR_UPLOAD: { in: true, action: 'fixRequest' },
  ERROR_WRONG_CAPTCHA_ID: { res: true, action: 'checkId' },
  ERROR_WRONG_ID_FORMAT: { res: true, action: 'checkId' },
  IP_BANNED: { in: true, res: true, action: 'waitBan' },
  ERROR_TASK_ABSENT: { in: true, action: 'fixRequest' },
  ERROR_TASK_NOT_SUPPORTED: { in: true, action: 'fixRequest' },
  ERROR_TOKEN_EXPIRED: { res: true, action: 'resubmit' },
  ERROR_ACCOUNT_SUSPENDED: { in: true, res: true, action: 'checkSettings' },
  ERROR_BAD_PARAMETERS: { in: true, res: true, action: 'fixRequest' },
  ERROR_PAGEURL: { in: true, action: 'fixRequest' },
  ERROR_GOOGLEKEY: { in: true, action: 'fixRequest' },
  ERROR_WRONG_GOOGLEKEY: { in: true, action: 'fixRequest' },
  ERROR_SITEKEY: { in: true, action: 'fixRequest' },
  ERROR_CAPTCHA_ID: { in: true, action: 'fixRequest' },
  ERROR_BAD_IMGINSTRUCTIONS: { in: true, action: 'fixRequest' },
  ERROR_PROXY_FORMAT: { in: true, action: 'fixRequest' },
  ERROR_BAD_PROXY: { in: true, res: true, action: 'fixRequest' },
  ERROR_REPORT_NOT_RECORDED: { res: true, action: 'reportLimit' },
  ERROR_DUPLICATE_REPORT: { res: true, action: 'reportLimit' },
  ERROR_EMPTY_ACTION: { res: true, action: 'fixRequest' },
  ERROR_IP_ADDRES: { res: true, action: 'registerPingback' },
  MAX_USER_TURN: { in: true, action: 'waitBan' },
  'ERROR: 1001': { in: true, action: 'waitBan' },
  'ERROR: 1002': { in: true, action: 'waitBan' },
  'ERROR: 1003': { in: true, action: 'waitBan' },
  'ERROR: 1004': { in: true, res: true, action: 'waitBan' },
  'ERROR: 1005': { res: true, action: 'waitBan' },
  CAPCHA_NOT_READY: { res: true, action: 'pollLater' },
};

/** Every code a client can read in a v1 answer (the compat table plus CAPCHA_NOT_READY). */
export const DOCUMENTED_CODES = Object.keys(ERROR_PLACES);
export const COMPAT_CODES = V1_STATUS_ZERO_CODES;

const row = (lang: string, code: string): ErrorRow => ({
  code,
  description: describeV1(code),
  action: docText(lang, `actions.${ERROR_PLACES[code]?.action ?? 'fixRequest'}`),
});

/** The three tables: in.php, res.php and v2 (one row per v2 errorId and errorCode). */
export function errorTables(lang: string): { inPhp: ErrorRow[]; resPhp: ErrorRow[]; v2: ErrorRow[] } {
  const inPhp = DOCUMENTED_CODES.filter((c) => ERROR_PLACES[c]!.in).map((c) => row(lang, c));
  const resPhp = DOCUMENTED_CODES.filter((c) => ERROR_PLACES[c]!.res).map((c) => row(lang, c));
  const seen = new Map<string, ErrorRow>();
  for (const code of KNOWN_CODES) {
    const v2 = toV2Error(code);
    const id = `${v2.errorId}:${v2.errorCode}`;
    if (seen.has(id)) continue;
    // A v2 code that is also a v1 code is described by its own row (ERROR_BAD_PARAMETERS, not ERROR_PAGEURL).
    const own = KNOWN_CODES.includes(v2.errorCode) ? v2.errorCode : code;
    seen.set(id, { code: v2.errorCode, errorId: v2.errorId, description: toV2Error(own).errorDescription, action: row(lang, own).action });
  }
  const v2 = [...seen.values()].sort((a, b) => a.errorId! - b.errorId! || a.code.localeCompare(b.code));
  return { inPhp, resPhp, v2 };
}

/** Rows of the given codes (a type's own errors), v1 spellings or v2 codes with ids. */
export function errorRows(lang: string, codes: string[], version: 'v1' | 'v2'): ErrorRow[] {
  if (version === 'v1') return [...new Set(codes)].map((c) => row(lang, c));
  const out = new Map<string, ErrorRow>();
  for (const code of codes) {
    const v2 = toV2Error(code);
    out.set(v2.errorCode, { code: v2.errorCode, errorId: v2.errorId, description: v2.errorDescription, action: row(lang, code).action });
  }
  return [...out.values()];
}
