import type { Fields, UploadedFile } from './body.ts';

/** Answers that never go to the account's error log: the key is wrong, so the account is unknown. */
const NOT_LOGGED = new Set(['ERROR_WRONG_USER_KEY', 'ERROR_KEY_DOES_NOT_EXIST', 'ERROR: 1004', 'IP_BANNED', 'ERROR_IP_BLOCKED', 'CAPCHA_NOT_READY']);
const KEY = /^[a-f0-9]{32}$/i;
const MAX_NAMES = 30;

const cleanName = (name: string) => name.replace(/[^\w.[\]-]/g, '').slice(0, 40) || '?';
/** Values shown are the enum-like ones only (method, action, task type), and only when they look like one. */
const cleanValue = (value: unknown) => (typeof value === 'string' && /^[\w.-]{1,40}$/.test(value.trim()) ? value.trim() : '?');
const valueOf = (fields: Fields, name: string) => {
  const key = Object.keys(fields).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : fields[key];
};

function names(keys: string[]): string {
  const unique = [...new Set(keys.map(cleanName))];
  return unique.length > MAX_NAMES ? `${unique.slice(0, MAX_NAMES).join(', ')}, …` : unique.join(', ');
}

/** The well-formed API key of a compat request (v1 `key`, v2 `clientKey`), lower-cased, or null. */
export function apiKeyOf(fields: Fields | undefined): string | null {
  if (!fields) return null;
  const raw = valueOf(fields, 'key') ?? valueOf(fields, 'clientkey');
  const key = typeof raw === 'string' ? raw.trim() : '';
  return KEY.test(key) ? key.toLowerCase() : null;
}

export function shouldLog(code: string): boolean {
  return !NOT_LOGGED.has(code);
}

/**
 * A request as the customer's error log shows it, without secrets or data: the HTTP method and
 * path, the v1 method/action or the v2 task type, and the names of the parameters sent (never
 * their values: no key, no image, no page URL). E.g.
 * `POST /in.php method=base64; parameters: key, method, body, json`.
 */
export function summarize(httpMethod: string, path: string, fields: Fields | undefined, files: Record<string, UploadedFile> = {}): string {
  const parts = [`${httpMethod} ${path}`];
  if (fields) {
    if (path === '/in.php' && valueOf(fields, 'method') !== undefined) parts.push(`method=${cleanValue(valueOf(fields, 'method'))}`);
    if (path === '/res.php' && valueOf(fields, 'action') !== undefined) parts.push(`action=${cleanValue(valueOf(fields, 'action'))}`);
    const task = fields.task;
    const taskFields = typeof task === 'object' && task !== null && !Array.isArray(task) ? (task as Record<string, unknown>) : null;
    if (taskFields && taskFields.type !== undefined) parts.push(`type=${cleanValue(taskFields.type)}`);
    const top = names([...Object.keys(fields), ...Object.keys(files)]);
    const params = taskFields ? top.replace(/(^|, )task(?=, |$)/, `$1task{${names(Object.keys(taskFields))}}`) : top;
    if (params) return `${parts.join(' ')}; parameters: ${params}`;
  }
  return parts.join(' ');
}

const BAN_CODES = new Set(['MAX_USER_TURN', 'ERROR: 1001', 'ERROR: 1002', 'ERROR: 1003', 'ERROR: 1005']);

/** Ban answers are logged once per key and code per `intervalMs`; other errors always. */
export class BanLogThrottle {
  private readonly last = new Map<string, number>();
  constructor(private readonly intervalMs = 10_000) {}

  allow(apiKey: string, code: string, now = Date.now()): boolean {
    if (!BAN_CODES.has(code)) return true;
    const k = `${apiKey} ${code}`;
    if ((this.last.get(k) ?? -Infinity) > now - this.intervalMs) return false;
    if (this.last.size >= 10_000) this.last.clear();
    this.last.set(k, now);
    return true;
  }
}
