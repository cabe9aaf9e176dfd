/**
 * Answer formats per type: v1 plain (what follows `OK|`), v1 JSON (`request` + extra keys) and the
 * v2 `solution`, exactly as in protocol §1.7 and §2.4.
 */
import { describe, expect, it } from 'vitest';
import type { Answer, NormalizedTask } from './index.ts';
import { CAPTCHA_TYPES, formatV1Json, formatV1Plain, formatV2Solution, validateAnswer } from './index.ts';
import { UA } from './testing.ts';

interface Case {
  name: string;
  task: NormalizedTask;
  answer: unknown;
  plain: string;
  json: { request: unknown; extra?: Record<string, unknown> };
  v2: Record<string, unknown>;
}

const t = (type: string, params: Record<string, unknown> = {}): NormalizedTask => ({ type, params });
const TOKEN = '03AGdBq24PBCbwiDRaS_MJ7Z';
const gt = { challenge: 'c1', validate: 'v1', seccode: 's1|jordan' };

const cases: Case[] = [
  { name: 'normal', task: t('normal'), answer: { kind: 'text', text: ' w9h5k ' }, plain: 'w9h5k', json: { request: 'w9h5k' }, v2: { text: 'w9h5k' } },
  { name: 'text', task: t('text'), answer: { kind: 'text', text: 'SUNDAY' }, plain: 'SUNDAY', json: { request: 'SUNDAY' }, v2: { text: 'SUNDAY' } },
  { name: 'audio', task: t('audio'), answer: { kind: 'text', text: 'hello world' }, plain: 'hello world', json: { request: 'hello world' }, v2: { text: 'hello world' } },
  {
    name: 'grid', task: t('grid', { rows: 3, columns: 3 }), answer: { kind: 'grid', cells: [3, 6, 8] },
    plain: 'click:3/6/8', json: { request: 'click:3/6/8' }, v2: { click: [3, 6, 8] },
  },
  {
    name: 'grid no match', task: t('grid', { rows: 3, columns: 3, canNoAnswer: true }), answer: { kind: 'noMatch' },
    plain: 'No_matching_images', json: { request: 'No_matching_images' }, v2: { click: [] },
  },
  {
    name: 'coordinates', task: t('coordinates', { minClicks: 1 }), answer: { kind: 'points', points: [{ x: 39, y: 59 }, { x: 252, y: 72 }] },
    plain: 'coordinates:x=39,y=59;x=252,y=72', json: { request: [{ x: '39', y: '59' }, { x: '252', y: '72' }] },
    v2: { coordinates: [{ x: 39, y: 59 }, { x: 252, y: 72 }] },
  },
  {
    name: 'coordinates (anti-captcha pairs)', task: t('coordinates', { solutionFormat: 'pairs' }), answer: { kind: 'points', points: [{ x: 147, y: 116 }] },
    plain: 'coordinates:x=147,y=116', json: { request: [{ x: '147', y: '116' }] }, v2: { coordinates: [[147, 116]] },
  },
  { name: 'rotate', task: t('rotate', { angle: 40 }), answer: { kind: 'rotate', angle: 160 }, plain: '160', json: { request: '160' }, v2: { rotate: 160 } },
  {
    name: 'canvas', task: t('canvas'), answer: { kind: 'draw', polylines: [[{ x: 146, y: 90 }], [{ x: 158, y: 69 }, { x: 159, y: 69 }]] },
    plain: 'canvas:x=146,y=90/x=158,y=69;x=159,y=69',
    json: { request: [[{ x: 146, y: 90 }], [{ x: 158, y: 69 }, { x: 159, y: 69 }]] },
    v2: { canvas: [[{ x: 146, y: 90 }], [{ x: 158, y: 69 }, { x: 159, y: 69 }]] },
  },
  {
    name: 'canvas no match', task: t('canvas', { canNoAnswer: true }), answer: { kind: 'noMatch' },
    plain: 'No_matching_images', json: { request: 'No_matching_images' }, v2: { canvas: [] },
  },
  {
    name: 'bounding_box', task: t('bounding_box'), answer: { kind: 'box', boxes: [{ xMin: 310, xMax: 385, yMin: 231, yMax: 308 }] },
    plain: 'bounding_boxes:xMin=310,xMax=385,yMin=231,yMax=308',
    json: { request: [{ xMin: 310, xMax: 385, yMin: 231, yMax: 308 }] },
    v2: { bounding_boxes: [{ xMin: 310, xMax: 385, yMin: 231, yMax: 308 }] },
  },
  {
    name: 'bounding_box (anti-captcha rectangles)', task: t('bounding_box', { solutionFormat: 'rectangles' }), answer: { kind: 'box', boxes: [{ xMin: 17, xMax: 54, yMin: 48, yMax: 83 }] },
    plain: 'bounding_boxes:xMin=17,xMax=54,yMin=48,yMax=83', json: { request: [{ xMin: 17, xMax: 54, yMin: 48, yMax: 83 }] }, v2: { coordinates: [[17, 48, 54, 83]] },
  },
  {
    name: 'recaptcha_v2', task: t('recaptcha_v2'), answer: { kind: 'token', token: TOKEN },
    plain: TOKEN, json: { request: TOKEN }, v2: { gRecaptchaResponse: TOKEN, token: TOKEN },
  },
  {
    name: 'recaptcha_v2 with cookies', task: t('recaptcha_v2', { cookies: 'a=1' }), answer: { kind: 'token', token: TOKEN, extra: { cookies: 'NID=1', userAgent: UA } },
    plain: TOKEN, json: { request: TOKEN, extra: { cookies: 'NID=1', useragent: UA } }, v2: { gRecaptchaResponse: TOKEN, token: TOKEN, cookies: 'NID=1', userAgent: UA },
  },
  {
    name: 'recaptcha_v3', task: t('recaptcha_v3'), answer: { kind: 'token', token: TOKEN },
    plain: TOKEN, json: { request: TOKEN }, v2: { gRecaptchaResponse: TOKEN, token: TOKEN },
  },
  {
    name: 'hcaptcha', task: t('hcaptcha'), answer: { kind: 'token', token: 'P1_eyJ0eXAi', extra: { respKey: 'E0_eyJ0eXAi', userAgent: UA } },
    plain: 'P1_eyJ0eXAi', json: { request: 'P1_eyJ0eXAi', extra: { respKey: 'E0_eyJ0eXAi', useragent: UA } },
    v2: { token: 'P1_eyJ0eXAi', respKey: 'E0_eyJ0eXAi', userAgent: UA, gRecaptchaResponse: 'P1_eyJ0eXAi' },
  },
  {
    name: 'turnstile (worker UA)', task: t('turnstile'), answer: { kind: 'token', token: '0.zrSnRHO7h0HwSjSCU8oyzbjEtD8p', extra: { userAgent: UA } },
    plain: '0.zrSnRHO7h0HwSjSCU8oyzbjEtD8p', json: { request: '0.zrSnRHO7h0HwSjSCU8oyzbjEtD8p', extra: { useragent: UA } },
    v2: { token: '0.zrSnRHO7h0HwSjSCU8oyzbjEtD8p', userAgent: UA },
  },
  {
    name: 'turnstile (task UA)', task: t('turnstile', { userAgent: 'Task UA' }), answer: { kind: 'token', token: '0.abc' },
    plain: '0.abc', json: { request: '0.abc', extra: { useragent: 'Task UA' } }, v2: { token: '0.abc', userAgent: 'Task UA' },
  },
  {
    // Real FunCaptcha tokens carry `|`; clients split `OK|…` on the first `|` only.
    name: 'funcaptcha', task: t('funcaptcha'), answer: { kind: 'token', token: '3084f4a302b176cd7.96368058|r=ap-southeast-1|lang=en' },
    plain: '3084f4a302b176cd7.96368058|r=ap-southeast-1|lang=en', json: { request: '3084f4a302b176cd7.96368058|r=ap-southeast-1|lang=en' },
    v2: { token: '3084f4a302b176cd7.96368058|r=ap-southeast-1|lang=en' },
  },
  {
    name: 'geetest', task: t('geetest'), answer: { kind: 'token', extra: { ...gt, seccode: 's1' } },
    plain: '{"geetest_challenge":"c1","geetest_validate":"v1","geetest_seccode":"s1"}',
    json: { request: { geetest_challenge: 'c1', geetest_validate: 'v1', geetest_seccode: 's1' } },
    v2: { challenge: 'c1', validate: 'v1', seccode: 's1' },
  },
  {
    name: 'geetest_v4', task: t('geetest_v4', { captchaId: 'e392e1d7fd421dc63325744d5a2b9c73' }),
    answer: { kind: 'token', token: '', extra: { lot_number: 'ln', pass_token: 'pt', gen_time: '1693924478', captcha_output: 'co' } },
    plain: '{"captcha_id":"e392e1d7fd421dc63325744d5a2b9c73","lot_number":"ln","pass_token":"pt","gen_time":"1693924478","captcha_output":"co"}',
    json: { request: { captcha_id: 'e392e1d7fd421dc63325744d5a2b9c73', lot_number: 'ln', pass_token: 'pt', gen_time: '1693924478', captcha_output: 'co' } },
    v2: { captcha_id: 'e392e1d7fd421dc63325744d5a2b9c73', lot_number: 'ln', pass_token: 'pt', gen_time: '1693924478', captcha_output: 'co' },
  },
  {
    name: 'capy', task: t('capy', { websiteKey: 'PUZZLE_Abc' }), answer: { kind: 'token', extra: { challengekey: 'ck', answer: 'ans' } },
    plain: '{"captchakey":"PUZZLE_Abc","challengekey":"ck","answer":"ans"}',
    json: { request: { captchakey: 'PUZZLE_Abc', challengekey: 'ck', answer: 'ans' } },
    v2: { captchakey: 'PUZZLE_Abc', challengekey: 'ck', answer: 'ans', respKey: '' },
  },
  {
    name: 'lemin', task: t('lemin'), answer: { kind: 'token', extra: { answer: '0xaxakx0xaxaax', challenge_id: 'e0348984-92ec-23af' } },
    plain: '{"answer":"0xaxakx0xaxaax","challenge_id":"e0348984-92ec-23af"}',
    json: { request: { answer: '0xaxakx0xaxaax', challenge_id: 'e0348984-92ec-23af' } },
    v2: { answer: '0xaxakx0xaxaax', challenge_id: 'e0348984-92ec-23af' },
  },
  {
    name: 'amazon_waf', task: t('amazon_waf'), answer: { kind: 'token', extra: { captcha_voucher: 'eyJ0', existing_token: 'f8ab5749' } },
    plain: '{"captcha_voucher":"eyJ0","existing_token":"f8ab5749"}',
    json: { request: { captcha_voucher: 'eyJ0', existing_token: 'f8ab5749' } },
    v2: { captcha_voucher: 'eyJ0', existing_token: 'f8ab5749' },
  },
  {
    name: 'tencent', task: t('tencent', { appId: '190014885' }), answer: { kind: 'token', extra: { ticket: 'tr034', randstr: '@KVN' } },
    plain: '{"appid":"190014885","ret":0,"ticket":"tr034","randstr":"@KVN"}',
    json: { request: { appid: '190014885', ret: 0, ticket: 'tr034', randstr: '@KVN' } },
    v2: { appid: '190014885', ret: 0, ticket: 'tr034', randstr: '@KVN' },
  },
  {
    name: 'datadome', task: t('datadome'), answer: { kind: 'token', token: 'datadome=4ZXwCBlyHx9ktZhSnycMF; Path=/; Secure; SameSite=Lax' },
    plain: 'datadome=4ZXwCBlyHx9ktZhSnycMF; Path=/; Secure; SameSite=Lax',
    json: { request: 'datadome=4ZXwCBlyHx9ktZhSnycMF; Path=/; Secure; SameSite=Lax' },
    v2: { cookie: 'datadome=4ZXwCBlyHx9ktZhSnycMF; Path=/; Secure; SameSite=Lax' },
  },
  {
    name: 'temuimage', task: { ...t('temuimage'), image: 'x', images: ['x', 'a', 'b'] }, answer: { kind: 'points', points: [{ x: 155, y: 358 }, { x: 20, y: 30 }] },
    plain: 'coordinates:x=155,y=358;x=20,y=30', json: { request: [{ x: '155', y: '358' }, { x: '20', y: '30' }] },
    v2: { coordinates: [{ x: 155, y: 358 }, { x: 20, y: 30 }] },
  },
  { name: 'vkimage', task: t('vkimage', { steps: [5, 19, 4, 3] }), answer: { kind: 'text', text: '3' }, plain: '3', json: { request: '3' }, v2: { text: '3' } },
  {
    name: 'binance', task: t('binance', { userAgent: UA }), answer: { kind: 'token', token: 'captcha#09ba4905a79f44f2a99e44f234439644-ioVA7neog7eRHCDAsC0MixpZvt5kc99maS943qIsquNP9D77' },
    plain: 'captcha#09ba4905a79f44f2a99e44f234439644-ioVA7neog7eRHCDAsC0MixpZvt5kc99maS943qIsquNP9D77',
    json: { request: 'captcha#09ba4905a79f44f2a99e44f234439644-ioVA7neog7eRHCDAsC0MixpZvt5kc99maS943qIsquNP9D77', extra: { useragent: UA } },
    v2: { token: 'captcha#09ba4905a79f44f2a99e44f234439644-ioVA7neog7eRHCDAsC0MixpZvt5kc99maS943qIsquNP9D77', userAgent: UA },
  },
  ...['prosopo', 'captchafox', 'vkcaptcha', 'altcha', 'yidun', 'alibaba', 'tspd', 'basilisk', 'hunt'].map((slug) => ({
    name: slug, task: t(slug), answer: { kind: 'token', token: 'tok-123' }, plain: 'tok-123', json: { request: 'tok-123' }, v2: { token: 'tok-123' },
  })),
  ...['keycaptcha', 'mtcaptcha', 'friendly_captcha', 'cutcaptcha', 'cybersiara', 'atb', 'yandex'].map((slug) => ({
    name: slug, task: t(slug), answer: { kind: 'token', token: 'tok-123' }, plain: 'tok-123', json: { request: 'tok-123' }, v2: { token: 'tok-123' },
  })),
];

describe.each(cases)('$name', ({ task, answer, plain, json, v2 }) => {
  it('formats v1 plain, v1 JSON and v2 exactly', () => {
    const valid = validateAnswer(task, answer);
    expect(valid).toMatchObject({ ok: true });
    if (!valid.ok) return;
    expect(formatV1Plain(task, valid.answer)).toBe(plain);
    expect(formatV1Json(task, valid.answer)).toEqual(json);
    expect(formatV2Solution(task, valid.answer)).toEqual(v2);
  });
});

it('every type has at least one formatting case', () => {
  const covered = new Set(cases.map((c) => c.task.type));
  expect(CAPTCHA_TYPES.map((d) => d.slug).filter((s) => !covered.has(s))).toEqual([]);
});

describe('answers that would break v1 clients are refused', () => {
  it.each([
    ['| in text', t('normal'), { kind: 'text', text: 'a|b' }],
    ['ERROR in text', t('normal'), { kind: 'text', text: 'ERROR_X' }],
    ['newline in text', t('normal'), { kind: 'text', text: 'a\nb' }],
    ['empty text', t('normal'), { kind: 'text', text: '  ' }],
    ['| in token', t('recaptcha_v2'), { kind: 'token', token: 'a|b' }],
    ['ERROR in token', t('turnstile'), { kind: 'token', token: 'xxERRORxx' }],
    ['ERROR in extra', t('hcaptcha'), { kind: 'token', token: 'P1', extra: { respKey: 'ERROR' } }],
    ['| in a structured field', t('geetest'), { kind: 'token', extra: gt }],
    ['structured field missing', t('geetest'), { kind: 'token', extra: { challenge: 'c', validate: 'v' } }],
    ['wrong kind', t('grid', { rows: 3, columns: 3 }), { kind: 'text', text: '1' }],
  ])('%s', (_name, task, answer) => {
    expect(validateAnswer(task, answer)).toMatchObject({ ok: false });
  });

  it('never emits ERROR in a success body, nor | outside FunCaptcha tokens', () => {
    for (const { task, answer } of cases) {
      const valid = validateAnswer(task, answer);
      expect(valid.ok).toBe(true);
      if (!valid.ok) continue;
      const plain = formatV1Plain(task, valid.answer);
      expect(plain).not.toContain('ERROR');
      expect(JSON.stringify(formatV1Json(task, valid.answer))).not.toContain('ERROR');
      if (task.type !== 'funcaptcha') expect(plain).not.toContain('|');
    }
  });
});

describe('task-dependent answer checks', () => {
  const grid = t('grid', { rows: 3, columns: 3, minClicks: 2, maxClicks: 3 });
  it.each([
    ['cell beyond the grid', grid, { kind: 'grid', cells: [1, 10] }],
    ['too few clicks', grid, { kind: 'grid', cells: [1] }],
    ['too many clicks', grid, { kind: 'grid', cells: [1, 2, 3, 4] }],
    ['duplicate cells', grid, { kind: 'grid', cells: [1, 1] }],
    ['no match without can_no_answer', grid, { kind: 'noMatch' }],
    ['coordinates below minClicks', t('coordinates', { minClicks: 2 }), { kind: 'points', points: [{ x: 1, y: 1 }] }],
    ['rotate off the step', t('rotate', { angle: 40 }), { kind: 'rotate', angle: 30 }],
    ['rotate 360', t('rotate', { angle: 40 }), { kind: 'rotate', angle: 360 }],
    ['normal shorter than min_len', t('normal', { minLength: 4 }), { kind: 'text', text: 'abc' }],
    ['inverted box', t('bounding_box'), { kind: 'box', boxes: [{ xMin: 5, xMax: 1, yMin: 0, yMax: 1 }] }],
    ['negative point', t('coordinates'), { kind: 'points', points: [{ x: -1, y: 1 }] }],
    ['Temu: not one point per piece', { ...t('temuimage'), image: 'x', images: ['x', 'a', 'b'] }, { kind: 'points', points: [{ x: 1, y: 1 }] }],
    ['VK image: not a number', t('vkimage', { steps: [1, 2, 3] }), { kind: 'text', text: 'abc' }],
    ['VK image: beyond the slider', t('vkimage', { steps: [1, 2, 3] }), { kind: 'text', text: '4' }],
  ] as [string, NormalizedTask, unknown][])('%s', (_name, task, answer) => {
    expect(validateAnswer(task, answer)).toMatchObject({ ok: false });
  });

  it('formatters throw on an answer of the wrong kind (a programming error)', () => {
    const wrong: Answer = { kind: 'rotate', angle: 40 };
    expect(() => formatV1Plain(t('normal'), wrong)).toThrow(TypeError);
  });
});
