/**
 * Declarative parameter fields: one spec names a parameter in v1 and v2 and says how to coerce and
 * validate it, so both API generations land on the same internal camelCase name and value (§2.5).
 */
import { isBlank, normalizeName } from './param-bag.ts';
import type { ParamBag } from './param-bag.ts';
import type { ParseFailure, ProtocolError } from './types.ts';
import { fail } from './types.ts';

export type Api = 'v1' | 'v2';
export type FieldType = 'string' | 'bool' | 'int' | 'number' | 'object' | 'cookies' | 'intList';

export interface FieldSpec {
  /** Internal camelCase name. */
  key: string;
  type: FieldType;
  /** v1 parameter names, first present wins; `null` = not accepted in v1. Default: [key]. */
  v1?: readonly string[] | null;
  /** v2 task field names; `null` = not accepted in v2. Default: [key]. */
  v2?: readonly string[] | null;
  required?: boolean;
  /** v1 error when absent (v2 always reports ERROR_BAD_PARAMETERS, see toV2Error). */
  missing?: ProtocolError;
  /** v1 error when malformed; defaults to `missing`, then ERROR_BAD_PARAMETERS. */
  invalid?: ProtocolError;
  default?: unknown;
  /** Inclusive range for numbers, length range for strings and lists. */
  min?: number;
  max?: number;
  /** Allowed string values, matched case-insensitively and stored in the listed spelling. */
  oneOf?: readonly string[];
  pattern?: RegExp;
}

export type Reader = (names: readonly string[]) => unknown;
export type FieldsOutcome = { ok: true; params: Record<string, unknown> } | ParseFailure;

/** Case- and underscore-insensitive reader over a v2 task (`pageData`/`pagedata`, `risk_type`/`riskType`). */
export function lookup(task: Record<string, unknown>): Reader {
  const map = new Map<string, unknown>();
  for (const [name, value] of Object.entries(task)) {
    const key = normalizeName(name);
    if (!isBlank(value) && !map.has(key)) map.set(key, value);
  }
  return (names) => {
    for (const name of names) {
      const value = map.get(normalizeName(name));
      if (value !== undefined) return value;
    }
    return undefined;
  };
}

export function bagReader(bag: ParamBag): Reader {
  return (names) => {
    for (const name of names) {
      const value = bag.raw(name);
      if (value !== undefined) return value;
    }
    return undefined;
  };
}

const BOOLS: Record<string, boolean> = { '1': true, true: true, '0': false, false: false };
const NUMBER = /^-?\d+(\.\d+)?$/;

/** v1 cookies are `K1:V1;K2:V2`, v2 cookies `k1=v1; k2=v2`; both become the browser's `k=v; k2=v2`. */
function cookies(text: string): string | undefined {
  const pairs = text.split(';').map((p) => p.trim()).filter(Boolean);
  const out: string[] = [];
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const colon = pair.indexOf(':');
    const cut = eq >= 0 && (colon < 0 || eq < colon) ? eq : colon;
    if (cut <= 0) return undefined;
    out.push(`${pair.slice(0, cut).trim()}=${pair.slice(cut + 1).trim()}`);
  }
  return out.join('; ');
}

/** Returns the coerced value, or undefined when the value does not fit the spec. */
function coerce(spec: FieldSpec, value: unknown): unknown {
  const inRange = (n: number) => (spec.min === undefined || n >= spec.min) && (spec.max === undefined || n <= spec.max);
  switch (spec.type) {
    case 'bool': {
      if (typeof value === 'boolean') return value;
      const text = String(value).trim().toLowerCase();
      return Object.hasOwn(BOOLS, text) ? BOOLS[text] : undefined;
    }
    case 'int':
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && NUMBER.test(value.trim()) ? Number(value) : NaN;
      if (!Number.isFinite(n) || (spec.type === 'int' && !Number.isInteger(n))) return undefined;
      return inRange(n) ? n : undefined;
    }
    case 'object': {
      let v = value;
      if (typeof v === 'string') {
        try { v = JSON.parse(v); } catch { return undefined; }
      }
      return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined;
    }
    case 'intList': {
      // An array, its JSON text (`"[5,19,4]"`, the JS client's VK `steps`) or a comma list.
      let v = value;
      if (typeof v === 'string') {
        const text = v.trim();
        try { v = text.startsWith('[') ? JSON.parse(text) : text.split(','); } catch { return undefined; }
      }
      if (!Array.isArray(v) || v.length === 0 || !inRange(v.length)) return undefined;
      const list = v.map((item) => (typeof item === 'number' ? item : typeof item === 'string' && /^-?\d+$/.test(item.trim()) ? Number(item) : NaN));
      return list.every((n) => Number.isSafeInteger(n)) ? list : undefined;
    }
    case 'string':
    case 'cookies': {
      if (typeof value !== 'string' && typeof value !== 'number') return undefined;
      const text = String(value).trim();
      if (!inRange(text.length) || (spec.pattern && !spec.pattern.test(text))) return undefined;
      if (spec.type === 'cookies') return cookies(text);
      if (!spec.oneOf) return text;
      return spec.oneOf.find((o) => o.toLowerCase() === text.toLowerCase());
    }
  }
}

/** Reads every field; the first problem wins (clients fix one thing at a time anyway). */
export function readFields(specs: readonly FieldSpec[], read: Reader, api: Api): FieldsOutcome {
  const params: Record<string, unknown> = {};
  for (const spec of specs) {
    const names = api === 'v1' ? spec.v1 : spec.v2;
    // A field one generation cannot express still gets its default, so v1 and v2 tasks compare equal.
    const value = names === null ? undefined : read(names ?? [spec.key]);
    if (value === undefined) {
      if (spec.required && names !== null) return fail(spec.missing ?? 'ERROR_BAD_PARAMETERS', `${label(spec, api)} is required`);
      if (spec.default !== undefined) params[spec.key] = spec.default;
      continue;
    }
    const coerced = coerce(spec, value);
    if (coerced === undefined) {
      return fail(spec.invalid ?? spec.missing ?? 'ERROR_BAD_PARAMETERS', `${label(spec, api)} is malformed`);
    }
    params[spec.key] = coerced;
  }
  return { ok: true, params };
}

function label(spec: FieldSpec, api: Api): string {
  const names = api === 'v1' ? spec.v1 : spec.v2;
  return (names ?? [spec.key]).join(' / ');
}

/**
 * v2 has fewer codes than v1 (§2.4 "Validation outcomes", §3.4): field problems are all
 * ERROR_BAD_PARAMETERS (110), proxy problems ERROR_BAD_PROXY (130), unreadable images 15.
 */
export function toV2Error(error: ProtocolError): ProtocolError {
  switch (error) {
    case 'ERROR_UPLOAD':
      return 'ERROR_IMAGE_TYPE_NOT_SUPPORTED';
    case 'ERROR_PROXY_FORMAT':
      return 'ERROR_BAD_PROXY';
    case 'ERROR_PAGEURL':
    case 'ERROR_GOOGLEKEY':
    case 'ERROR_WRONG_GOOGLEKEY':
    case 'ERROR_SITEKEY':
    case 'ERROR_CAPTCHA_ID':
      return 'ERROR_BAD_PARAMETERS';
    default:
      return error;
  }
}
