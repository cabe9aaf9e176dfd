/**
 * The one table from protocol refusals (v1 spellings) to v2 `errorId`/`errorCode` and a human
 * description (api-protocol.md §3), plus the texts of v1's non-error states (`CAPCHA_NOT_READY`,
 * which v1 JSON answers with status 0 and an `error_text` too). Every code has its own text.
 */
const TABLE: Record<string, { id: number; v2?: string; text: string }> = {
  ERROR_WRONG_USER_KEY: { id: 1, v2: 'ERROR_KEY_DOES_NOT_EXIST', text: 'The API key is malformed: it must be 32 characters.' },
  ERROR_KEY_DOES_NOT_EXIST: { id: 1, text: 'No account has this API key.' },
  ERROR_NO_SLOT_AVAILABLE: { id: 2, text: 'The current rate is above your maximum bid, or your queue is full. Retry in a few seconds.' },
  ERROR_ZERO_CAPTCHA_FILESIZE: { id: 3, text: 'The image is smaller than 100 bytes.' },
  ERROR_TOO_BIG_CAPTCHA_FILESIZE: { id: 4, text: 'The image is larger than allowed for this captcha type.' },
  ERROR_ZERO_BALANCE: { id: 10, text: 'Your balance is too low for this captcha.' },
  ERROR_IP_NOT_ALLOWED: { id: 11, text: 'Requests from this IP address are not allowed for this key.' },
  ERROR_CAPTCHA_UNSOLVABLE: { id: 12, text: 'Workers could not solve this captcha; it was not charged.' },
  ERROR_BAD_DUPLICATES: { id: 13, text: 'Not enough matching answers for 100% recognition.' },
  ERROR_NO_SUCH_METHOD: { id: 14, text: 'No such API method.' },
  ERROR_IMAGE_TYPE_NOT_SUPPORTED: { id: 15, text: 'The file is not a supported image (JPEG, PNG or GIF).' },
  ERROR_WRONG_FILE_EXTENSION: { id: 15, v2: 'ERROR_IMAGE_TYPE_NOT_SUPPORTED', text: 'The file extension must be jpg, jpeg, gif or png.' },
  ERROR_UPLOAD: { id: 15, v2: 'ERROR_IMAGE_TYPE_NOT_SUPPORTED', text: 'The file data could not be read (broken multipart or base64).' },
  ERROR_WRONG_CAPTCHA_ID: { id: 16, v2: 'ERROR_NO_SUCH_CAPCHA_ID', text: 'No such captcha id, or it is older than 15 minutes.' },
  ERROR_WRONG_ID_FORMAT: { id: 16, v2: 'ERROR_NO_SUCH_CAPCHA_ID', text: 'The captcha id must be a number.' },
  IP_BANNED: { id: 21, v2: 'ERROR_IP_BLOCKED', text: 'This IP address is temporarily banned after too many wrong keys.' },
  ERROR_TASK_ABSENT: { id: 22, text: 'The request has no task.' },
  ERROR_TASK_NOT_SUPPORTED: { id: 23, text: 'This task type is not supported or is disabled.' },
  ERROR_TOKEN_EXPIRED: { id: 34, text: 'The challenge expired.' },
  ERROR_ACCOUNT_SUSPENDED: { id: 55, text: 'API access for this account is suspended.' },
  ERROR_BAD_PARAMETERS: { id: 110, text: 'Required parameters are missing or malformed.' },
  ERROR_PAGEURL: { id: 110, v2: 'ERROR_BAD_PARAMETERS', text: 'The page URL (pageurl / websiteURL) is missing or is not an http(s) address.' },
  ERROR_GOOGLEKEY: { id: 31, v2: 'ERROR_RECAPTCHA_INVALID_SITEKEY', text: 'The reCAPTCHA site key is malformed.' },
  ERROR_WRONG_GOOGLEKEY: { id: 110, v2: 'ERROR_BAD_PARAMETERS', text: 'The reCAPTCHA site key (googlekey) is missing.' },
  ERROR_SITEKEY: { id: 110, v2: 'ERROR_BAD_PARAMETERS', text: 'The site key is missing or malformed.' },
  ERROR_CAPTCHA_ID: { id: 110, v2: 'ERROR_BAD_PARAMETERS', text: 'The captcha_id (captchaId) parameter is missing or malformed.' },
  ERROR_BAD_IMGINSTRUCTIONS: { id: 115, text: 'The instruction image is unsupported, corrupt or too large.' },
  ERROR_PROXY_FORMAT: { id: 130, v2: 'ERROR_BAD_PROXY', text: 'The proxy must look like login:password@1.2.3.4:3128 with a valid proxy type.' },
  ERROR_BAD_PROXY: { id: 130, text: 'The proxy is unusable.' },
  ERROR_REPORT_NOT_RECORDED: { id: 140, text: 'The report was not recorded: too late, or too many of your reports were unjustified.' },
  ERROR_DUPLICATE_REPORT: { id: 141, text: 'This captcha was already reported.' },
  ERROR_EMPTY_ACTION: { id: 142, text: 'The action parameter is missing.' },
  ERROR_IP_ADDRES: { id: 143, text: 'add_pingback must be sent from the IP address of the pingback host.' },
  MAX_USER_TURN: { id: 144, text: 'More than 60 submissions in 3 seconds; wait 10 seconds.' },
  'ERROR: 1001': { id: 145, v2: 'ERROR_NO_SLOT_AVAILABLE', text: 'Too many ERROR_NO_SLOT_AVAILABLE in a minute: blocked for 10 minutes.' },
  'ERROR: 1002': { id: 146, v2: 'ERROR_ZERO_BALANCE', text: 'Too many ERROR_ZERO_BALANCE in a minute: blocked for 5 minutes.' },
  'ERROR: 1003': { id: 148, v2: 'ERROR_NO_SLOT_AVAILABLE', text: 'Too many ERROR_NO_SLOT_AVAILABLE answers against your uploads: blocked for 30 seconds.' },
  'ERROR: 1004': { id: 21, v2: 'ERROR_IP_BLOCKED', text: 'Too many wrong API keys from this IP: blocked for 10 minutes.' },
  'ERROR: 1005': { id: 147, v2: 'ERROR_TOO_MANY_REQUESTS', text: 'Too many result requests: blocked for 5 minutes.' },
};

/** v1 answers with `status: 0` that are not refusals; v2 says `status: "processing"` instead. */
const V1_STATES: Record<string, string> = {
  CAPCHA_NOT_READY: 'The captcha is not solved yet: ask again in 5 seconds.',
};

/** The `error_text` of a v1 JSON answer with `status: 0`. */
export function describeV1(code: string): string {
  return TABLE[code]?.text ?? V1_STATES[code] ?? `The request failed (${code}).`;
}

export function toV2Error(code: string): { errorId: number; errorCode: string; errorDescription: string } {
  const row = TABLE[code] ?? TABLE.ERROR_BAD_PARAMETERS!;
  return { errorId: row.id, errorCode: TABLE[code] ? (row.v2 ?? code) : 'ERROR_BAD_PARAMETERS', errorDescription: row.text };
}

export const KNOWN_CODES = Object.keys(TABLE);
/** Every code a v1 client can see with `status: 0`. */
export const V1_STATUS_ZERO_CODES = [...KNOWN_CODES, ...Object.keys(V1_STATES)];
