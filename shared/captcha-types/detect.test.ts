import { describe, expect, it } from 'vitest';
import { createParamBag, detectV1Type, parseV2 } from './index.ts';
import { IMG, IMG_BYTES } from './testing.ts';

describe('detectV1Type', () => {
  it.each([
    ['post + file', { method: 'post' }, { file: IMG_BYTES }, 'normal'],
    ['base64 + body', { method: 'BASE64', body: IMG }, undefined, 'normal'],
    ['no method, file part → post', {}, { file: IMG_BYTES }, 'normal'],
    ['no method, body → base64', { body: IMG }, undefined, 'normal'],
    ['no method, textcaptcha → text', { textcaptcha: 'Why?' }, undefined, 'text'],
    ['post + textcaptcha → text', { method: 'post', textcaptcha: 'Why?' }, undefined, 'text'],
    ['recaptcha=1 → grid', { method: 'post', recaptcha: '1' }, undefined, 'grid'],
    ['recaptcha=true → grid', { method: 'base64', recaptcha: 'true' }, undefined, 'grid'],
    ['recaptcha=0 → normal', { method: 'base64', recaptcha: '0' }, undefined, 'normal'],
    ['recaptcha=1 + canvas=1 → canvas', { method: 'post', recaptcha: 1, canvas: 1 }, undefined, 'canvas'],
    ['coordinatescaptcha=1 → coordinates', { method: 'post', coordinatescaptcha: '1' }, undefined, 'coordinates'],
    ['no method, coordinatescaptcha + body', { coordinatescaptcha: 1, body: IMG }, undefined, 'coordinates'],
    ['alias method=grid', { method: 'grid' }, undefined, 'grid'],
    ['alias method=coordinates', { method: 'coordinates' }, undefined, 'coordinates'],
    ['alias method=canvas', { method: 'canvas' }, undefined, 'canvas'],
    ['alias method=textcaptcha', { method: 'textcaptcha' }, undefined, 'text'],
    ['userrecaptcha', { method: 'userrecaptcha' }, undefined, 'recaptcha_v2'],
    ['userrecaptcha version=v3', { method: 'userrecaptcha', version: 'v3' }, undefined, 'recaptcha_v3'],
    ['mt_captcha', { method: 'mt_captcha' }, undefined, 'mtcaptcha'],
    ['mtcaptcha', { method: 'mtcaptcha' }, undefined, 'mtcaptcha'],
    ['atb_captcha', { method: 'atb_captcha' }, undefined, 'atb'],
    ['rotatecaptcha', { method: 'rotatecaptcha' }, undefined, 'rotate'],
    ['bounding_box', { method: 'bounding_box' }, undefined, 'bounding_box'],
    ['audio', { method: 'audio' }, undefined, 'audio'],
    ['geetest_v4', { method: 'geetest_v4' }, undefined, 'geetest_v4'],
    ['Method name in any case', { METHOD: 'HCaptcha' }, undefined, 'hcaptcha'],
  ])('%s', (_name, params, files, slug) => {
    expect(detectV1Type(createParamBag(params, files))).toMatchObject({ ok: true, def: { slug } });
  });

  it('unknown or missing method → ERROR_BAD_PARAMETERS', () => {
    expect(detectV1Type(createParamBag({ method: 'nosuch' }))).toMatchObject({ ok: false, error: 'ERROR_BAD_PARAMETERS' });
    expect(detectV1Type(createParamBag({ key: 'k' }))).toMatchObject({ ok: false, error: 'ERROR_BAD_PARAMETERS' });
  });
});

describe('parseV2 dispatch', () => {
  it.each([[undefined], [null], ['task'], [[]]])('task %j → ERROR_TASK_ABSENT', (task) => {
    expect(parseV2(task)).toMatchObject({ ok: false, error: 'ERROR_TASK_ABSENT' });
  });

  it.each([[{}], [{ type: 'NoSuchTask' }], [{ type: 42 }]])('%j → ERROR_TASK_NOT_SUPPORTED', (task) => {
    expect(parseV2(task)).toMatchObject({ ok: false, error: 'ERROR_TASK_NOT_SUPPORTED' });
  });

  it('matches type names case-insensitively (BinanceTaskproxyless-style spellings)', () => {
    expect(parseV2({ type: 'recaptchav2taskPROXYLESS', websiteURL: 'https://x', websiteKey: '6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-' })).toMatchObject({ ok: true, def: { slug: 'recaptcha_v2' } });
  });

  it('accepts anti-captcha NoCaptchaTaskProxyless as reCAPTCHA v2', () => {
    expect(parseV2({ type: 'NoCaptchaTaskProxyless', websiteURL: 'https://x', websiteKey: '6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-' })).toMatchObject({ ok: true, def: { slug: 'recaptcha_v2' } });
  });
});
