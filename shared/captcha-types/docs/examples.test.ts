/**
 * The documentation's examples are real: every type has one, the v1 and v2 requests are accepted
 * by the type's own parsers and give the same task, and the answer passes the answer schema.
 * The family catalogue covers exactly the registry.
 */
import { describe, expect, it } from 'vitest';
import { CAPTCHA_TYPES, createParamBag, parseV1, parseV2, validateAnswer } from '../index.ts';
import { IMG } from '../testing.ts';
import { DOC_SLUGS, TYPE_FAMILY } from './catalog.ts';
import { IMAGE, TYPE_EXAMPLES } from './examples.ts';

/** The example with the image placeholder replaced by a real base64 image. */
export function withImage<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replaceAll(IMAGE, IMG)) as T;
}

describe('documentation examples', () => {
  it('cover exactly the registry, and so does the family catalogue', () => {
    const slugs = CAPTCHA_TYPES.map((d) => d.slug).sort();
    expect(Object.keys(TYPE_EXAMPLES).sort()).toEqual(slugs);
    expect([...DOC_SLUGS].sort()).toEqual(slugs);
    expect(Object.keys(TYPE_FAMILY).sort()).toEqual(slugs);
  });

  it.each(CAPTCHA_TYPES.map((d) => d.slug))('%s: v1 and v2 examples parse to the same task; the answer is valid', (slug) => {
    const example = TYPE_EXAMPLES[slug]!;
    const v1 = parseV1(createParamBag(withImage(example.v1) as Record<string, string>));
    expect(v1, JSON.stringify(v1)).toMatchObject({ ok: true, def: { slug } });
    const v2 = parseV2(withImage(example.v2));
    expect(v2, JSON.stringify(v2)).toMatchObject({ ok: true, def: { slug } });
    if (!v1.ok || !v2.ok) return;
    expect(v2.task).toEqual(v1.task);
    expect(validateAnswer(v1.task, example.answer)).toMatchObject({ ok: true });
  });
});
