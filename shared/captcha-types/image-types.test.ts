/**
 * Image kinds: per type a v1 submission and a v2 task must produce the same normalized task
 * (protocol §2.5), and each missing or malformed field its documented error.
 */
import { describe, expect, it } from 'vitest';
import { createParamBag, parseV1, parseV2 } from './index.ts';
import type { FileInput } from './param-bag.ts';
import { HINT, IMG, IMG_BYTES, MP3 } from './testing.ts';

interface Case {
  slug: string;
  v1: Record<string, unknown>;
  files?: Record<string, FileInput>;
  v2: Record<string, unknown>;
  languagePool?: string;
  expected: Record<string, unknown>;
}

const cases: Case[] = [
  {
    slug: 'normal',
    v1: { method: 'post', phrase: '1', regsense: 1, numeric: '4', calc: 'true', min_len: '3', max_len: '8', textinstructions: 'red letters', imginstructions: HINT, lang: 'EN' },
    files: { file: IMG_BYTES },
    v2: { type: 'ImageToTextTask', body: `data:image/png;base64,${IMG}`, phrase: true, case: true, numeric: 4, math: true, minLength: 3, maxLength: 8, comment: 'red letters', imgInstructions: HINT },
    languagePool: 'en',
    expected: { image: IMG, imgInstructions: HINT, language: 'en', params: { phrase: true, caseSensitive: true, numeric: 4, math: true, minLength: 3, maxLength: 8, comment: 'red letters', alphabet: 0 } },
  },
  {
    slug: 'text',
    v1: { textcaptcha: 'If tomorrow is Saturday, what day is today?', lang: 'ru' },
    v2: { type: 'TextCaptchaTask', comment: 'If tomorrow is Saturday, what day is today?' },
    languagePool: 'rn',
    expected: { language: 'ru', params: { comment: 'If tomorrow is Saturday, what day is today?', alphabet: 0 } },
  },
  {
    slug: 'grid',
    v1: { method: 'base64', body: IMG, recaptcha: '1', recaptcharows: '4', recaptchacols: 4, previousID: '123', can_no_answer: '1', img_type: 'ReCaptcha', min_clicks: '1', max_clicks: '5', textinstructions: 'Select cars' },
    v2: { type: 'GridTask', body: IMG, rows: 4, columns: 4, previousId: 123, canNoAnswer: 1, imgType: 'recaptcha', minClicks: 1, maxClicks: 5, comment: 'Select cars' },
    expected: { image: IMG, params: { comment: 'Select cars', rows: 4, columns: 4, previousId: '123', canNoAnswer: true, imgType: 'recaptcha', minClicks: 1, maxClicks: 5 } },
  },
  {
    slug: 'coordinates',
    v1: { coordinatescaptcha: '1', body: IMG, textinstructions: 'click the apple', max_clicks: '3' },
    v2: { type: 'CoordinatesTask', body: IMG, comment: 'click the apple', maxClicks: 3 },
    expected: { image: IMG, params: { comment: 'click the apple', minClicks: 1, maxClicks: 3, alphabet: 0 } },
  },
  {
    slug: 'rotate',
    v1: { method: 'rotatecaptcha', angle: '60', textinstructions: 'make it upright' },
    files: { file: IMG_BYTES },
    v2: { type: 'RotateTask', body: IMG, angle: 60, comment: 'make it upright' },
    expected: { image: IMG, params: { comment: 'make it upright', angle: 60 } },
  },
  {
    slug: 'canvas',
    v1: { method: 'post', recaptcha: '1', canvas: '1', textinstructions: 'draw around the apple', can_no_answer: '0', previousID: '0', lang: 'en' },
    files: { file: IMG_BYTES },
    v2: { type: 'DrawAroundTask', body: IMG, comment: 'draw around the apple', canNoAnswer: false },
    languagePool: 'en',
    expected: { image: IMG, language: 'en', params: { comment: 'draw around the apple', canNoAnswer: false } },
  },
  {
    slug: 'bounding_box',
    v1: { method: 'bounding_box', image: IMG, textinstructions: 'frame every car' },
    v2: { type: 'BoundingBoxTask', body: IMG, comment: 'frame every car' },
    expected: { image: IMG, params: { comment: 'frame every car', canNoAnswer: false } },
  },
  {
    slug: 'audio',
    v1: { method: 'audio', body: MP3, lang: 'de' },
    v2: { type: 'AudioTask', body: MP3, lang: 'de' },
    expected: { image: MP3, language: 'de', params: {} },
  },
  {
    // @2captcha/captcha-solver temu(): JSON body, data-URI images, method temuimage.
    slug: 'temuimage',
    v1: { method: 'temuimage', body: `data:image/png;base64,${IMG}`, part1: `data:image/png;base64,${IMG}`, part2: IMG, part3: IMG },
    v2: { type: 'TemuImageTask', image: IMG, parts: [IMG, `data:image/png;base64,${IMG}`, IMG] },
    expected: { image: IMG, images: [IMG, IMG, IMG, IMG], params: { minClicks: 3, maxClicks: 3 } },
  },
  {
    // vkimage(): steps as the JSON text of an array; v2 sends the array.
    slug: 'vkimage',
    v1: { method: 'vkimage', body: IMG, steps: '[5,19,4,3,23,8]' },
    v2: { type: 'VKCaptchaImageTask', image: IMG, steps: [5, 19, 4, 3, 23, 8] },
    expected: { image: IMG, params: { steps: [5, 19, 4, 3, 23, 8] } },
  },
];

describe.each(cases)('$slug', ({ slug, v1, files, v2, languagePool, expected }) => {
  it('v1 and v2 produce the same normalized task', () => {
    const fromV1 = parseV1(createParamBag(v1, files));
    const fromV2 = parseV2(v2, { languagePool });
    expect(fromV1).toMatchObject({ ok: true, def: { slug } });
    expect(fromV1.ok && fromV1.task).toEqual({ type: slug, ...expected });
    expect(fromV2.ok && fromV2.task).toEqual({ type: slug, ...expected });
  });

  it('accepts the v2 type name case-insensitively', () => {
    expect(parseV2({ ...v2, type: String(v2.type).toUpperCase() }, { languagePool })).toMatchObject({ ok: true, def: { slug } });
  });
});

const big = btoa('x'.repeat(100 * 1024 + 1));
const tiny = btoa('x'.repeat(50));
const long = 'x'.repeat(141);

describe('image errors (v1)', () => {
  it.each([
    ['no image', { method: 'post' }, 'ERROR_ZERO_CAPTCHA_FILESIZE'],
    ['tiny image', { method: 'base64', body: tiny }, 'ERROR_ZERO_CAPTCHA_FILESIZE'],
    ['image over 100 kB', { method: 'base64', body: big }, 'ERROR_TOO_BIG_CAPTCHA_FILESIZE'],
    ['not base64', { method: 'base64', body: 'not*base64!' }, 'ERROR_UPLOAD'],
    ['numeric 5', { method: 'base64', body: IMG, numeric: 5 }, 'ERROR_BAD_PARAMETERS'],
    ['min_len > max_len', { method: 'base64', body: IMG, min_len: 9, max_len: 3 }, 'ERROR_BAD_PARAMETERS'],
    ['textinstructions > 140', { method: 'base64', body: IMG, textinstructions: long }, 'ERROR_BAD_PARAMETERS'],
    ['bad imginstructions', { method: 'base64', body: IMG, imginstructions: '***' }, 'ERROR_BAD_IMGINSTRUCTIONS'],
    ['bad lang', { method: 'base64', body: IMG, lang: 'english' }, 'ERROR_BAD_PARAMETERS'],
    ['text: question missing', { method: 'textcaptcha' }, 'ERROR_BAD_PARAMETERS'],
    ['text: question > 140', { textcaptcha: long }, 'ERROR_BAD_PARAMETERS'],
    ['grid: no instructions', { method: 'base64', body: IMG, recaptcha: 1 }, 'ERROR_BAD_PARAMETERS'],
    ['grid: bad img_type', { method: 'base64', body: IMG, recaptcha: 1, textinstructions: 'x', img_type: 'other' }, 'ERROR_BAD_PARAMETERS'],
    ['canvas: no instructions', { method: 'base64', body: IMG, recaptcha: 1, canvas: 1 }, 'ERROR_BAD_PARAMETERS'],
    ['bounding_box: no instructions', { method: 'bounding_box', image: IMG }, 'ERROR_BAD_PARAMETERS'],
    ['bounding_box: no image', { method: 'bounding_box', textinstructions: 'x' }, 'ERROR_ZERO_CAPTCHA_FILESIZE'],
    ['rotate: no image', { method: 'rotatecaptcha' }, 'ERROR_ZERO_CAPTCHA_FILESIZE'],
    ['rotate: angle 0', { method: 'rotatecaptcha', body: IMG, angle: 0 }, 'ERROR_BAD_PARAMETERS'],
    ['audio: lang missing', { method: 'audio', body: MP3 }, 'ERROR_BAD_PARAMETERS'],
    ['audio: lang not offered', { method: 'audio', body: MP3, lang: 'es' }, 'ERROR_BAD_PARAMETERS'],
  ])('%s', (_name, params, error) => {
    expect(parseV1(createParamBag(params))).toMatchObject({ ok: false, error });
  });

  it('grid and coordinates allow 600 kB, audio 1 MB', () => {
    const kb500 = btoa('x'.repeat(500 * 1024));
    expect(parseV1(createParamBag({ method: 'base64', body: kb500, recaptcha: 1, textinstructions: 'x' })).ok).toBe(true);
    expect(parseV1(createParamBag({ method: 'base64', body: kb500, coordinatescaptcha: 1 })).ok).toBe(true);
    expect(parseV1(createParamBag({ method: 'audio', body: btoa('x'.repeat(900 * 1024)), lang: 'en' })).ok).toBe(true);
  });
});

describe('image errors (v2)', () => {
  it.each([
    ['no body', { type: 'ImageToTextTask' }, 'ERROR_BAD_PARAMETERS'],
    ['tiny body', { type: 'ImageToTextTask', body: tiny }, 'ERROR_ZERO_CAPTCHA_FILESIZE'],
    ['body over 100 kB', { type: 'ImageToTextTask', body: big }, 'ERROR_TOO_BIG_CAPTCHA_FILESIZE'],
    ['body not base64', { type: 'ImageToTextTask', body: 'not*base64!' }, 'ERROR_IMAGE_TYPE_NOT_SUPPORTED'],
    ['case not a boolean', { type: 'ImageToTextTask', body: IMG, case: 'maybe' }, 'ERROR_BAD_PARAMETERS'],
    ['bad imgInstructions', { type: 'ImageToTextTask', body: IMG, imgInstructions: btoa('x'.repeat(101 * 1024)) }, 'ERROR_BAD_IMGINSTRUCTIONS'],
    ['text: no comment', { type: 'TextCaptchaTask' }, 'ERROR_BAD_PARAMETERS'],
    ['canvas: no comment', { type: 'DrawAroundTask', body: IMG }, 'ERROR_BAD_PARAMETERS'],
    ['bounding box: no comment', { type: 'BoundingBoxTask', body: IMG }, 'ERROR_BAD_PARAMETERS'],
    ['audio: no lang', { type: 'AudioTask', body: MP3 }, 'ERROR_BAD_PARAMETERS'],
  ])('%s', (_name, task, error) => {
    expect(parseV2(task)).toMatchObject({ ok: false, error });
  });

  it('ignores null options (anti-captcha sends them) and languagePool inside the task', () => {
    const result = parseV2({ type: 'ImageToTextTask', body: IMG, phrase: null, case: null, numeric: null, comment: null, languagePool: 'rn' });
    expect(result.ok && result.task).toEqual({
      type: 'normal',
      image: IMG,
      language: 'ru',
      params: { phrase: false, caseSensitive: false, numeric: 0, math: false, minLength: 0, maxLength: 0, alphabet: 0 },
    });
  });

  it('GridTask does not insist on a comment (v2 lists it as optional)', () => {
    expect(parseV2({ type: 'GridTask', body: IMG }).ok).toBe(true);
  });
});

describe('image specifics', () => {
  it('rotate keeps every file_N in images', () => {
    const result = parseV1(createParamBag({ method: 'rotatecaptcha' }, { file_1: IMG_BYTES, file_2: IMG }));
    expect(result.ok && result.task).toMatchObject({ image: IMG, images: [IMG, IMG], params: { angle: 40 } });
  });

  it('anti-captcha ImageToCoordinatesTask: points → coordinates, rectangles → bounding_box', () => {
    const points = parseV2({ type: 'ImageToCoordinatesTask', body: IMG, comment: 'select cars', mode: 'points' });
    expect(points).toMatchObject({ ok: true, def: { slug: 'coordinates' }, task: { params: { solutionFormat: 'pairs' } } });
    const rectangles = parseV2({ type: 'ImageToCoordinatesTask', body: IMG, comment: 'select cars', mode: 'rectangles' });
    expect(rectangles).toMatchObject({ ok: true, def: { slug: 'bounding_box' }, task: { params: { solutionFormat: 'rectangles' } } });
  });

  it('v1 language 0/1/2 is the answer alphabet', () => {
    const result = parseV1(createParamBag({ method: 'base64', body: IMG, language: '1' }));
    expect(result.ok && result.task.params.alphabet).toBe(1);
    expect(parseV1(createParamBag({ method: 'base64', body: IMG, language: '3' }))).toMatchObject({ ok: false, error: 'ERROR_BAD_PARAMETERS' });
  });

  it('Temu needs at least one piece besides the background', () => {
    expect(parseV1(createParamBag({ method: 'temuimage', body: IMG }))).toMatchObject({ ok: false, error: 'ERROR_BAD_PARAMETERS' });
    expect(parseV2({ type: 'TemuImageTask', image: IMG, parts: [] })).toMatchObject({ ok: false, error: 'ERROR_BAD_PARAMETERS' });
    expect(parseV2({ type: 'TemuImageTask', image: IMG, parts: ['%%%'] })).toMatchObject({ ok: false, error: 'ERROR_IMAGE_TYPE_NOT_SUPPORTED' });
    expect(parseV1(createParamBag({ method: 'temuimage', body: IMG, part1: IMG }))).toMatchObject({ ok: true, task: { images: [IMG, IMG], params: { minClicks: 1, maxClicks: 1 } } });
  });

  it('VK image steps: a list of integers, required', () => {
    expect(parseV1(createParamBag({ method: 'vkimage', body: IMG }))).toMatchObject({ ok: false, error: 'ERROR_BAD_PARAMETERS' });
    expect(parseV1(createParamBag({ method: 'vkimage', body: IMG, steps: '[1,"x"]' }))).toMatchObject({ ok: false, error: 'ERROR_BAD_PARAMETERS' });
    expect(parseV1(createParamBag({ method: 'vkimage', body: IMG, steps: '3,1,2' }))).toMatchObject({ ok: true, task: { params: { steps: [3, 1, 2] } } });
    expect(parseV2({ type: 'VKCaptchaImageTask', image: IMG, steps: [] })).toMatchObject({ ok: false, error: 'ERROR_BAD_PARAMETERS' });
  });

  it('image types never carry a proxy', () => {
    const result = parseV1(createParamBag({ method: 'base64', body: IMG, proxy: '1.2.3.4:80', proxytype: 'HTTP' }));
    expect(result.ok && result.task.proxy).toBeUndefined();
  });
});
