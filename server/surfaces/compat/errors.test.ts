/**
 * Every code the compat API can answer has its own accurate description: v1 JSON `error_text`
 * and v2 `errorDescription` come from the table in errors.ts, never from a neighbour's row.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProtocolError } from '#shared/captcha-types/index.ts';
import { describeV1, KNOWN_CODES, toV2Error, V1_STATUS_ZERO_CODES } from './errors.ts';

const SERVER = join(import.meta.dirname, '..', '..');

/** The registry's parser refusals: the Record makes this list fail to compile when a code is added. */
const PARSER_CODES: Record<ProtocolError, true> = {
  ERROR_BAD_PARAMETERS: true, ERROR_PAGEURL: true, ERROR_GOOGLEKEY: true, ERROR_WRONG_GOOGLEKEY: true, ERROR_SITEKEY: true,
  ERROR_ZERO_CAPTCHA_FILESIZE: true, ERROR_TOO_BIG_CAPTCHA_FILESIZE: true, ERROR_IMAGE_TYPE_NOT_SUPPORTED: true, ERROR_UPLOAD: true,
  ERROR_PROXY_FORMAT: true, ERROR_BAD_PROXY: true, ERROR_TASK_ABSENT: true, ERROR_TASK_NOT_SUPPORTED: true, ERROR_BAD_IMGINSTRUCTIONS: true, ERROR_CAPTCHA_ID: true,
};

/** Code literals in the compat surface and the modules it calls (v2-only spellings included). */
function codesInSource(): Set<string> {
  const dirs = ['surfaces/compat', 'modules/tasks', 'modules/billing'];
  const found = new Set<string>();
  for (const dir of dirs) {
    for (const file of readdirSync(join(SERVER, dir))) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const source = readFileSync(join(SERVER, dir, file), 'utf8');
      for (const m of source.matchAll(/'(ERROR[_:][A-Z0-9_ :]*|IP_BANNED|MAX_USER_TURN|CAPCHA_NOT_READY)'/g)) found.add(m[1]!);
    }
  }
  return found;
}

/**
 * What each code means (api-protocol.md §3), as words its text must contain. A code the server
 * can answer without an entry here fails the test, so a new code gets a checked text too.
 */
const MEANING: Record<string, RegExp> = {
  CAPCHA_NOT_READY: /not solved yet/i,
  ERROR_WRONG_USER_KEY: /key is malformed/i,
  ERROR_KEY_DOES_NOT_EXIST: /no account has this api key/i,
  ERROR_NO_SLOT_AVAILABLE: /maximum bid|queue is full/i,
  ERROR_ZERO_CAPTCHA_FILESIZE: /image is smaller/i,
  ERROR_TOO_BIG_CAPTCHA_FILESIZE: /image is larger/i,
  ERROR_ZERO_BALANCE: /balance is too low/i,
  ERROR_IP_NOT_ALLOWED: /ip address are not allowed/i,
  ERROR_CAPTCHA_UNSOLVABLE: /could not solve/i,
  ERROR_BAD_DUPLICATES: /matching answers.*100%/i,
  ERROR_NO_SUCH_METHOD: /no such api method/i,
  ERROR_IMAGE_TYPE_NOT_SUPPORTED: /not a supported image/i,
  ERROR_WRONG_FILE_EXTENSION: /extension/i,
  ERROR_UPLOAD: /could not be read.*multipart|base64/i,
  ERROR_WRONG_CAPTCHA_ID: /no such captcha id/i,
  ERROR_WRONG_ID_FORMAT: /id must be a number/i,
  IP_BANNED: /ip address is temporarily banned/i,
  ERROR_TASK_ABSENT: /no task/i,
  ERROR_TASK_NOT_SUPPORTED: /task type is not supported/i,
  ERROR_TOKEN_EXPIRED: /expired/i,
  ERROR_ACCOUNT_SUSPENDED: /suspended/i,
  ERROR_BAD_PARAMETERS: /parameters are missing or malformed/i,
  ERROR_PAGEURL: /page url.*missing or is not an http\(s\)/i,
  ERROR_GOOGLEKEY: /recaptcha site key is malformed/i,
  ERROR_WRONG_GOOGLEKEY: /recaptcha site key.*missing/i,
  ERROR_SITEKEY: /site key is missing or malformed/i,
  ERROR_CAPTCHA_ID: /captcha_id.*missing or malformed/i,
  ERROR_BAD_IMGINSTRUCTIONS: /instruction image/i,
  ERROR_PROXY_FORMAT: /proxy must look like/i,
  ERROR_BAD_PROXY: /proxy is unusable/i,
  ERROR_REPORT_NOT_RECORDED: /report was not recorded/i,
  ERROR_DUPLICATE_REPORT: /already reported/i,
  ERROR_EMPTY_ACTION: /action parameter is missing/i,
  ERROR_IP_ADDRES: /add_pingback.*ip address/i,
  MAX_USER_TURN: /more than 60 submissions/i,
  'ERROR: 1001': /ERROR_NO_SLOT_AVAILABLE in a minute/,
  'ERROR: 1002': /ERROR_ZERO_BALANCE/,
  'ERROR: 1003': /ERROR_NO_SLOT_AVAILABLE answers against your uploads/,
  'ERROR: 1004': /wrong api keys/i,
  'ERROR: 1005': /result requests/i,
};

describe('error texts', () => {
  it('each code the server can return has a text that says what the code means', () => {
    expect(V1_STATUS_ZERO_CODES.filter((code) => !(code in MEANING)), 'codes without a checked meaning').toEqual([]);
    for (const code of V1_STATUS_ZERO_CODES) expect(describeV1(code), code).toMatch(MEANING[code]!);
  });

  it('CAPCHA_NOT_READY says the captcha is still being solved, not that parameters are wrong', () => {
    expect(describeV1('CAPCHA_NOT_READY')).toMatch(/not solved yet/i);
    expect(describeV1('CAPCHA_NOT_READY')).not.toBe(describeV1('ERROR_BAD_PARAMETERS'));
  });

  it('every code has a text of its own', () => {
    const texts = new Map<string, string>();
    for (const code of V1_STATUS_ZERO_CODES) {
      const text = describeV1(code);
      expect(text.length, code).toBeGreaterThan(10);
      expect(texts.get(text), `${code} shares its text with ${texts.get(text)}`).toBeUndefined();
      texts.set(text, code);
    }
  });

  it('v2 descriptions are the same texts', () => {
    for (const code of KNOWN_CODES) expect(toV2Error(code).errorDescription, code).toBe(describeV1(code));
  });

  it('every code the server source can answer, and every parser refusal, is in the table', () => {
    const v2Spellings = new Set(KNOWN_CODES.map((code) => toV2Error(code).errorCode));
    const known = new Set([...V1_STATUS_ZERO_CODES, ...v2Spellings]);
    const source = codesInSource();
    expect(source.size).toBeGreaterThan(20);
    expect([...source, ...Object.keys(PARSER_CODES)].filter((code) => !known.has(code))).toEqual([]);
  });

  it('an unknown code is named rather than described as something else', () => {
    expect(describeV1('ERROR_SOMETHING_NEW')).toContain('ERROR_SOMETHING_NEW');
  });
});
