import { describe, expect, it } from 'vitest';
import { createParamBag } from './param-bag.ts';
import { IMG, IMG_BYTES } from './testing.ts';

describe('createParamBag', () => {
  it('matches names case-insensitively and ignores _ and - (userAgent/useragent, datas/data-s, sceneId/scene_id)', () => {
    const bag = createParamBag({ UserAgent: 'UA', datas: 'S', sceneId: '7', textInstructions: 'hint', PageURL: 'https://x' });
    expect(bag.get('useragent')).toBe('UA');
    expect(bag.get('data-s')).toBe('S');
    expect(bag.get('scene_id')).toBe('7');
    expect(bag.get('textinstructions')).toBe('hint');
    expect(bag.get('pageurl')).toBe('https://x');
  });

  it('treats 1, "1", true, "true" as on and everything else as off', () => {
    const bag = createParamBag({ a: 1, b: '1', c: true, d: 'TRUE', e: 0, f: 'false', g: '', h: 'yes' });
    expect(['a', 'b', 'c', 'd'].map((n) => bag.bool(n))).toEqual([true, true, true, true]);
    expect(['e', 'f', 'g', 'h', 'absent'].map((n) => bag.bool(n))).toEqual([false, false, false, false, false]);
  });

  it('reads integers from strings and numbers, NaN when malformed, undefined when absent', () => {
    const bag = createParamBag({ json: '1', soft_id: 4587, bad: '1.5' });
    expect(bag.int('json')).toBe(1);
    expect(bag.int('soft_id')).toBe(4587);
    expect(bag.int('bad')).toBeNaN();
    expect(bag.int('missing')).toBeUndefined();
  });

  it('treats blank values as absent and stringifies JSON values', () => {
    const bag = createParamBag({ empty: '', nil: null, n: 0.3, flag: false, obj: { a: 1 } });
    expect(bag.has('empty')).toBe(false);
    expect(bag.get('nil')).toBeUndefined();
    expect(bag.get('n')).toBe('0.3');
    expect(bag.get('flag')).toBe('false');
    expect(bag.get('obj')).toBe('{"a":1}');
    expect(bag.raw('n')).toBe(0.3);
  });

  it('folds data[blob]=… into an object under data', () => {
    const bag = createParamBag({ 'data[blob]': 'xyz', 'data[other]': '1' });
    expect(bag.raw('data')).toEqual({ blob: 'xyz', other: '1' });
    expect(bag.get('data')).toBe('{"blob":"xyz","other":"1"}');
  });

  it('returns files as clean base64 from multipart parts or base64 parameters', () => {
    const bag = createParamBag({ body: `data:image/png;base64,${IMG.slice(0, 20)}\n${IMG.slice(20)}`, imginstructions: IMG.replace(/\+/g, ' ') }, { file: IMG_BYTES, FILE_1: [IMG] });
    expect(bag.file('file')).toBe(IMG);
    expect(bag.file('file_1')).toBe(IMG);
    expect(bag.file('body')).toBe(IMG);
    expect(bag.file('imginstructions')).toBe(IMG);
    expect(bag.hasFilePart('file')).toBe(true);
    expect(bag.hasFilePart('body')).toBe(false);
    expect(bag.file('missing')).toBeUndefined();
  });

  it('keeps the first spelling when two names normalise alike', () => {
    expect(createParamBag({ userAgent: 'first', useragent: 'second' }).get('USERAGENT')).toBe('first');
  });
});
