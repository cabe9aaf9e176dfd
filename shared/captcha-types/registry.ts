/**
 * The list of captcha types. Adding a type is one file in ./types plus one line here.
 */
import type { CaptchaTypeDef } from './types.ts';
import alibaba from './types/alibaba.ts';
import altcha from './types/altcha.ts';
import amazonWaf from './types/amazon-waf.ts';
import atb from './types/atb.ts';
import audio from './types/audio.ts';
import basilisk from './types/basilisk.ts';
import binance from './types/binance.ts';
import boundingBox from './types/bounding-box.ts';
import canvas from './types/canvas.ts';
import captchafox from './types/captchafox.ts';
import capy from './types/capy.ts';
import coordinates from './types/coordinates.ts';
import cutcaptcha from './types/cutcaptcha.ts';
import cybersiara from './types/cybersiara.ts';
import datadome from './types/datadome.ts';
import friendlyCaptcha from './types/friendly-captcha.ts';
import funcaptcha from './types/funcaptcha.ts';
import geetestV4 from './types/geetest-v4.ts';
import geetest from './types/geetest.ts';
import grid from './types/grid.ts';
import hcaptcha from './types/hcaptcha.ts';
import hunt from './types/hunt.ts';
import keycaptcha from './types/keycaptcha.ts';
import lemin from './types/lemin.ts';
import mtcaptcha from './types/mtcaptcha.ts';
import normal from './types/normal.ts';
import prosopo from './types/prosopo.ts';
import recaptchaV2 from './types/recaptcha-v2.ts';
import recaptchaV3 from './types/recaptcha-v3.ts';
import rotate from './types/rotate.ts';
import temu from './types/temu.ts';
import tencent from './types/tencent.ts';
import text from './types/text.ts';
import tspd from './types/tspd.ts';
import turnstile from './types/turnstile.ts';
import vkcaptcha from './types/vkcaptcha.ts';
import vkimage from './types/vkimage.ts';
import yandex from './types/yandex.ts';
import yidun from './types/yidun.ts';

/** Display order: image kinds, then token kinds by popularity. */
export const CAPTCHA_TYPES: readonly CaptchaTypeDef[] = [
  normal, text, grid, coordinates, rotate, canvas, boundingBox, audio, temu, vkimage,
  recaptchaV2, recaptchaV3, hcaptcha, turnstile, funcaptcha, geetest, geetestV4, amazonWaf,
  capy, lemin, mtcaptcha, keycaptcha, friendlyCaptcha, cutcaptcha, datadome, cybersiara, tencent, atb, yandex,
  prosopo, captchafox, vkcaptcha, altcha, binance, yidun, alibaba, tspd, basilisk, hunt,
];
