/**
 * The parameter tables cannot drift from the parsers. For every registry type and both API
 * versions: every name a table lists (and each alias) is read by the type's parser — a malformed
 * value under that name alone is refused, and where the example has a value for the row, the same
 * value under that name gives the same task — and every name the v1 parser asks for while
 * parsing is in the table or is one of the common parameters.
 */
import { describe, expect, it } from 'vitest';
import { CAPTCHA_TYPES, createParamBag, normalizeName, parseV1, parseV2 } from '#shared/captcha-types/index.ts';
import type { CaptchaTypeDef, ParamBag } from '#shared/captcha-types/index.ts';
import { IMAGE, TYPE_EXAMPLES } from '#shared/captcha-types/docs/examples.ts';
import { commonRows, paramRows, rowNames, type ParamRow } from './params.ts';

const IMG = btoa('\x89PNG\r\n\x1a\n' + 'pixels'.repeat(40));
type Req = Record<string, unknown>;
const withImage = (value: Req): Req => JSON.parse(JSON.stringify(value).replaceAll(IMAGE, IMG)) as Req;
const norm = (name: string) => normalizeName(name);

/** A value the row's parser must refuse. */
function malformed(row: ParamRow, version: 'v1' | 'v2'): unknown {
  const source = row.source;
  if ('input' in source) {
    switch (source.input) {
      case 'image': case 'files': return '***not base64***';
      case 'parts': return version === 'v1' ? '***not base64***' : 'not a list';
      case 'imgInstructions': return '***not base64***';
      case 'language': return '!!';
      case 'proxy': return 'no proxy here';
      case 'proxyType': return 'carrier-pigeon';
      case 'proxyAddress': return '!!';
      case 'proxyPort': return '99999999';
      case 'proxyLogin': case 'proxyPassword': return 12345;
      case 'selector': return 'no_such_selector';
      case 'flag': return undefined;
    }
  }
  const spec = source.field;
  switch (spec.type) {
    case 'bool': return 'maybe';
    case 'int': case 'number': return 'x';
    case 'object': return '{not json';
    case 'cookies': return '=x';
    case 'intList': return 'x';
    default:
      if (spec.oneOf) return 'zz-not-allowed';
      if (spec.max !== undefined) return 'x'.repeat(spec.max + 1);
      if (spec.pattern) return ' bad value ';
      return undefined;
  }
}

function parse(def: CaptchaTypeDef, version: 'v1' | 'v2', request: Req) {
  return version === 'v1' ? parseV1(createParamBag(request as Record<string, string>)) : parseV2(request);
}

/** The example without any spelling of the row's names. */
function without(request: Req, row: ParamRow): Req {
  const names = new Set(rowNames(row).map(norm));
  return Object.fromEntries(Object.entries(request).filter(([k]) => !names.has(norm(k))));
}

const cases = CAPTCHA_TYPES.flatMap((def) => (['v1', 'v2'] as const).map((version) => [def.slug, version, def] as const));

describe('parameter tables against the parsers', () => {
  it.each(cases)('%s %s: every documented name is read', (slug, version, def) => {
    const example = TYPE_EXAMPLES[slug]!;
    let base = withImage(version === 'v1' ? example.v1 : example.v2);
    // Proxy rows are read only with a proxy-taking v2 name.
    if (version === 'v2' && def.proxy === 'optional') base = { ...base, type: String(base.type).replace(/Proxyless$/i, '') };
    const reference = parse(def, version, base);
    expect(reference.ok, JSON.stringify(reference)).toBe(true);
    for (const row of paramRows(def, version)) {
      if (row.source && 'input' in row.source && (row.source.input === 'flag' || row.source.input === 'selector')) continue;
      const present = Object.entries(base).find(([k]) => rowNames(row).map(norm).includes(norm(k)));
      for (const name of rowNames(row)) {
        const bad = malformed(row, version);
        const rest = without(base, row);
        if (bad !== undefined) {
          const extra = row.source && 'input' in row.source && row.source.input === 'proxyType' && version === 'v1' ? { proxy: '1.2.3.4:3128' } : {};
          const needsProxy = row.source && 'input' in row.source && ['proxyType', 'proxyAddress', 'proxyPort', 'proxyLogin', 'proxyPassword'].includes(row.source.input) && version === 'v2'
            ? { proxyType: 'http', proxyAddress: '1.2.3.4', proxyPort: 3128 } : {};
          const outcome = parse(def, version, { ...rest, ...extra, ...needsProxy, [name]: bad });
          expect(outcome.ok, `${slug} ${version}: ${name}=${String(bad)} was accepted, so the parser does not read ${name}`).toBe(false);
        }
        if (present) {
          const same = parse(def, version, { ...rest, [name]: present[1] });
          expect(same, `${slug} ${version}: ${name} instead of ${present[0]}`).toEqual(reference);
        }
      }
    }
  });

  it.each(cases.filter(([, v]) => v === 'v1'))('%s v1: every name the parser asks for is documented', (slug, version, def) => {
    const documented = new Set([...paramRows(def, 'v1'), ...commonRows('v1')].flatMap(rowNames).map(norm));
    // Selectors of other types the v1 detection probes (flags, method, version) and the multi-file names.
    for (const n of ['method', 'version', 'recaptcha', 'canvas', 'coordinatescaptcha', 'textcaptcha', 'file', 'body']) documented.add(norm(n));
    const asked = new Set<string>();
    const bag = createParamBag(withImage(TYPE_EXAMPLES[slug]!.v1) as Record<string, string>);
    const spy = new Proxy(bag, {
      get(target, prop: keyof ParamBag) {
        const value = target[prop];
        if (typeof value !== 'function' || prop === 'keys') return typeof value === 'function' ? value.bind(target) : value;
        return (name: string, ...rest: unknown[]) => {
          asked.add(norm(name));
          return (value as (...a: unknown[]) => unknown).call(target, name, ...rest);
        };
      },
    });
    expect(parseV1(spy).ok).toBe(true);
    expect(asked.size).toBeGreaterThan(0);
    for (const name of asked) expect(documented.has(name), `${slug} v1 reads ${name}, which its table does not list`).toBe(true);
  });
});
