/**
 * A case-insensitive, read-only view of the merged v1 query + body (protocol §1.1). The compat
 * surface merges query and body (body wins) and hands the record and the multipart files here.
 */
import { bytesToBase64, cleanBase64 } from './base64.ts';

export type FileInput = string | Uint8Array | ReadonlyArray<string | Uint8Array>;

export interface ParamBag {
  /** The value as a string (numbers and booleans stringified, objects as JSON); undefined when absent or blank. */
  get(name: string): string | undefined;
  /** The value as received (JSON bodies carry numbers, arrays, objects); undefined when absent or blank. */
  raw(name: string): unknown;
  has(name: string): boolean;
  /** 1, "1", true, "true" are on; anything else (including absent) is off. */
  bool(name: string): boolean;
  /** undefined when absent, NaN when not an integer. */
  int(name: string): number | undefined;
  /** A multipart part, else a base64 string parameter; cleaned base64 (see cleanBase64). */
  file(name: string): string | undefined;
  /** True when a multipart part of that name was uploaded (method inference: `file` → post). */
  hasFilePart(name: string): boolean;
  /** Normalised names of every parameter present. */
  keys(): string[];
}

/**
 * Names are compared lower-cased without `_`, `-` and spaces: this one rule covers the aliases real
 * clients send (`userAgent`/`useragent`, `datas`/`data-s`, `sceneId`/`scene_id`,
 * `textInstructions`/`textinstructions`) without a table to keep in sync.
 */
export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[\s_-]/g, '');
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

const BRACKETED = /^([^[\]]+)\[([^[\]]*)\]$/;

function toText(value: unknown): string | undefined {
  if (isBlank(value)) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return toText(value.find((v) => !isBlank(v)));
  return JSON.stringify(value);
}

export function createParamBag(record: Record<string, unknown>, files: Record<string, FileInput | undefined> = {}): ParamBag {
  const values = new Map<string, unknown>();
  const nested = new Map<string, Record<string, unknown>>();
  for (const [name, value] of Object.entries(record)) {
    if (isBlank(value)) continue;
    // `data[blob]=…` (Go FunCaptcha) is folded into an object under `data`, the JS lib's spelling.
    const bracket = BRACKETED.exec(name);
    if (bracket?.[1] !== undefined && bracket[2]) {
      const key = normalizeName(bracket[1]);
      nested.set(key, { ...nested.get(key), [bracket[2]]: value });
      continue;
    }
    const key = normalizeName(name);
    if (!values.has(key)) values.set(key, value);
  }
  for (const [key, obj] of nested) if (!values.has(key)) values.set(key, obj);

  const parts = new Map<string, string>();
  for (const [name, input] of Object.entries(files)) {
    const first = Array.isArray(input) ? input[0] : input;
    if (first === undefined) continue;
    const b64 = typeof first === 'string' ? cleanBase64(first) : bytesToBase64(first as Uint8Array);
    parts.set(normalizeName(name), b64);
  }

  const raw = (name: string) => values.get(normalizeName(name));
  return {
    raw,
    get: (name) => toText(raw(name)),
    has: (name) => values.has(normalizeName(name)) || parts.has(normalizeName(name)),
    bool: (name) => {
      const v = raw(name);
      return v === true || v === 1 || (typeof v === 'string' && ['1', 'true'].includes(v.trim().toLowerCase()));
    },
    int: (name) => {
      const text = toText(raw(name))?.trim();
      if (text === undefined) return undefined;
      return /^-?\d+$/.test(text) ? Number(text) : NaN;
    },
    file: (name) => {
      const part = parts.get(normalizeName(name));
      if (part !== undefined) return part === '' ? undefined : part;
      const text = toText(raw(name));
      return text === undefined ? undefined : cleanBase64(text);
    },
    hasFilePart: (name) => parts.has(normalizeName(name)),
    keys: () => [...new Set([...values.keys(), ...parts.keys()])],
  };
}
