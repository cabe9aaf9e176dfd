/**
 * Documentation examples per registry type: a minimal v1 `in.php` request, the same task as a v2
 * `createTask` task, and a worker's answer. The generated docs show them, the code samples are
 * built from them, and `examples.test.ts` proves every one is accepted by the type's own parsers
 * (v1 and v2 give the same task) and its answer by the type's answer schema.
 *
 * `IMAGE` stands for the base64 of the customer's image file: the docs print a shortened value,
 * the samples read `captcha.png` there.
 */
import type { Answer } from '../types.ts';

export const IMAGE = '$IMAGE';
export const EXAMPLE_URL = 'https://example.com/login';
export const EXAMPLE_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';

type Params = Record<string, string | number | boolean | object>;
export interface TypeExample {
  /** in.php parameters besides `key` and `json`. */
  v1: Params;
  /** createTask `task`. */
  v2: Params;
  answer: Answer;
}

const PROXY_V1 = { proxy: 'login:password@123.123.123.123:3128', proxytype: 'HTTP' };
const PROXY_V2 = { proxyType: 'http', proxyAddress: '123.123.123.123', proxyPort: 3128, proxyLogin: 'login', proxyPassword: 'password' };
const URL = EXAMPLE_URL;
const UA = EXAMPLE_UA;
const GOOGLE_KEY = '6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-';
const token = (value: string, extra?: Record<string, string>): Answer => (extra ? { kind: 'token', token: value, extra } : { kind: 'token', token: value });

export const TYPE_EXAMPLES: Readonly<Record<string, TypeExample>> = {
  normal: { v1: { method: 'base64', body: IMAGE }, v2: { type: 'ImageToTextTask', body: IMAGE }, answer: { kind: 'text', text: 'w9h5k' } },
  text: {
    v1: { textcaptcha: 'If tomorrow is Saturday, what day is today?' },
    v2: { type: 'TextCaptchaTask', comment: 'If tomorrow is Saturday, what day is today?' },
    answer: { kind: 'text', text: 'Friday' },
  },
  grid: {
    v1: { method: 'base64', recaptcha: 1, body: IMAGE, textinstructions: 'Select all images with buses', recaptcharows: 3, recaptchacols: 3 },
    v2: { type: 'GridTask', body: IMAGE, comment: 'Select all images with buses', rows: 3, columns: 3 },
    answer: { kind: 'grid', cells: [3, 6, 8] },
  },
  coordinates: {
    v1: { method: 'base64', coordinatescaptcha: 1, body: IMAGE, textinstructions: 'Click the red dots' },
    v2: { type: 'CoordinatesTask', body: IMAGE, comment: 'Click the red dots' },
    answer: { kind: 'points', points: [{ x: 39, y: 59 }, { x: 252, y: 72 }] },
  },
  rotate: { v1: { method: 'rotatecaptcha', body: IMAGE, angle: 40 }, v2: { type: 'RotateTask', body: IMAGE, angle: 40 }, answer: { kind: 'rotate', angle: 160 } },
  canvas: {
    v1: { method: 'base64', canvas: 1, recaptcha: 1, body: IMAGE, textinstructions: 'Draw around the car' },
    v2: { type: 'DrawAroundTask', body: IMAGE, comment: 'Draw around the car' },
    answer: { kind: 'draw', polylines: [[{ x: 146, y: 90 }, { x: 158, y: 69 }, { x: 170, y: 92 }]] },
  },
  bounding_box: {
    v1: { method: 'bounding_box', image: IMAGE, textinstructions: 'Outline every cat' },
    v2: { type: 'BoundingBoxTask', body: IMAGE, comment: 'Outline every cat' },
    answer: { kind: 'box', boxes: [{ xMin: 310, xMax: 385, yMin: 231, yMax: 308 }] },
  },
  audio: { v1: { method: 'audio', body: IMAGE, lang: 'en' }, v2: { type: 'AudioTask', body: IMAGE, lang: 'en' }, answer: { kind: 'text', text: 'hello world' } },
  temuimage: {
    v1: { method: 'temuimage', body: IMAGE, part1: IMAGE },
    v2: { type: 'TemuImageTask', image: IMAGE, parts: [IMAGE] },
    answer: { kind: 'points', points: [{ x: 155, y: 358 }] },
  },
  vkimage: {
    v1: { method: 'vkimage', body: IMAGE, steps: '[5,19,4,3,23,8,20,4]' },
    v2: { type: 'VKCaptchaImageTask', image: IMAGE, steps: [5, 19, 4, 3, 23, 8, 20, 4] },
    answer: { kind: 'text', text: '5' },
  },
  recaptcha_v2: {
    v1: { method: 'userrecaptcha', googlekey: GOOGLE_KEY, pageurl: URL },
    v2: { type: 'RecaptchaV2TaskProxyless', websiteURL: URL, websiteKey: GOOGLE_KEY },
    answer: token('03AGdBq24PBCbwiDRaS_MJ7Z-y5Wm1qHSKpFGVTRqVnv0q'),
  },
  recaptcha_v3: {
    v1: { method: 'userrecaptcha', version: 'v3', googlekey: GOOGLE_KEY, pageurl: URL, min_score: 0.7, action: 'login' },
    v2: { type: 'RecaptchaV3TaskProxyless', websiteURL: URL, websiteKey: GOOGLE_KEY, minScore: 0.7, pageAction: 'login' },
    answer: token('03AGdBq25SxXT-pmSeBXjzScW-EiocHwwpwqtk1QXlJnGnU'),
  },
  hcaptcha: {
    v1: { method: 'hcaptcha', sitekey: 'f7de0da3-3303-44e8-ab48-fa32ff8ccc7b', pageurl: URL },
    v2: { type: 'HCaptchaTaskProxyless', websiteURL: URL, websiteKey: 'f7de0da3-3303-44e8-ab48-fa32ff8ccc7b' },
    answer: token('P1_eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.hadwYXNza2V5'),
  },
  turnstile: {
    v1: { method: 'turnstile', sitekey: '0x4AAAAAAAC3DHQFLr1GavRN', pageurl: URL },
    v2: { type: 'TurnstileTaskProxyless', websiteURL: URL, websiteKey: '0x4AAAAAAAC3DHQFLr1GavRN' },
    answer: token('0.zrSnRHO7h0HwSjSCU8oyzbjEtD8p.d62306d4ee00c77dda697f959ebbd7bd97'),
  },
  funcaptcha: {
    v1: { method: 'funcaptcha', publickey: '69A21A01-CC7B-B9C6-0F9A-E7FA06677FFC', pageurl: URL, surl: 'https://client-api.arkoselabs.com' },
    v2: { type: 'FunCaptchaTaskProxyless', websiteURL: URL, websitePublicKey: '69A21A01-CC7B-B9C6-0F9A-E7FA06677FFC', funcaptchaApiJSSubdomain: 'https://client-api.arkoselabs.com' },
    answer: token('3084f4a302b176cd7.96368058|r=ap-southeast-1|guitextcolor=%23FDD531'),
  },
  geetest: {
    v1: { method: 'geetest', gt: 'f1ab2cdefa3456789012345b6c78d90e', challenge: '12345678abc90123d45678ef90123a456b', pageurl: URL },
    v2: { type: 'GeeTestTaskProxyless', websiteURL: URL, gt: 'f1ab2cdefa3456789012345b6c78d90e', challenge: '12345678abc90123d45678ef90123a456b' },
    answer: token('1a2b3c', { challenge: '12345678abc90123d45678ef90123a456b', validate: 'f5d7c4b2e1a3', seccode: 'f5d7c4b2e1a3' }),
  },
  geetest_v4: {
    v1: { method: 'geetest_v4', captcha_id: 'e392e1d7fd421dc63325744d5a2b9c73', pageurl: URL },
    v2: { type: 'GeeTestTaskProxyless', version: 4, websiteURL: URL, initParameters: { captcha_id: 'e392e1d7fd421dc63325744d5a2b9c73' } },
    answer: token('4e5f', { lot_number: 'e6c3bed2854f41f880662c48afff5dcb', pass_token: 'fad5eb52fc83bf7617e1d3a7e8b0c4f0', gen_time: '1693924478', captcha_output: 'fN36ufW6cQN_SQ' }),
  },
  amazon_waf: {
    v1: { method: 'amazon_waf', sitekey: 'AQIDAHjcYu/GjX+QlghicBgQ/7bFaQZ+m5FKCMDnO+vTbNg96AHDh0IR5vgzHNceHYqZR+GO', iv: 'CgAHbCe2GgAAAAAj', context: 'qoJYgnKscdqwdBQ+5Ew==', pageurl: URL },
    v2: { type: 'AmazonTaskProxyless', websiteURL: URL, websiteKey: 'AQIDAHjcYu/GjX+QlghicBgQ/7bFaQZ+m5FKCMDnO+vTbNg96AHDh0IR5vgzHNceHYqZR+GO', iv: 'CgAHbCe2GgAAAAAj', context: 'qoJYgnKscdqwdBQ+5Ew==' },
    answer: token('a7c3', { captcha_voucher: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.voucher', existing_token: 'f8ab5749-f916-4e0e-a3b0-7bb3a4c7f1ea:EQoAf0APpGIKAAAA' }),
  },
  capy: {
    v1: { method: 'capy', captchakey: 'PUZZLE_Abc1dEFghIJKLM2no34P56q7rStu8v', pageurl: URL },
    v2: { type: 'CapyTaskProxyless', websiteURL: URL, websiteKey: 'PUZZLE_Abc1dEFghIJKLM2no34P56q7rStu8v' },
    answer: token('c8e1', { challengekey: 'qHAPtn68KTnXFM8VQ3mtYRtmy3cSKuHJ', answer: '0xax8ex0xax84x0xkx7qx0xux7qx0xux7q' }),
  },
  lemin: {
    v1: { method: 'lemin', captcha_id: 'CROPPED_3dfdd5c_d1872b526b794d83ba3b365eb15a200b', div_id: 'lemin-cropped-captcha', pageurl: URL },
    v2: { type: 'LeminTaskProxyless', websiteURL: URL, captchaId: 'CROPPED_3dfdd5c_d1872b526b794d83ba3b365eb15a200b', divId: 'lemin-cropped-captcha' },
    answer: token('b3d9', { answer: '0xaxakx0xaxaqx0xax9ux0xax9q', challenge_id: 'e0348984-92ec-23af-1488-446e3a58946c' }),
  },
  mtcaptcha: {
    v1: { method: 'mt_captcha', sitekey: 'MTPublic-KzqLY1cKH', pageurl: URL },
    v2: { type: 'MtCaptchaTaskProxyless', websiteURL: URL, websiteKey: 'MTPublic-KzqLY1cKH' },
    answer: token('v1(03,79a1f91c,MTPublic-KzqLY1cKH,2c4a)'),
  },
  keycaptcha: {
    v1: { method: 'keycaptcha', s_s_c_user_id: '184015', s_s_c_session_id: '9ff29e0176e78eb7ba59314f92dbac1b', s_s_c_web_server_sign: '964635241a3e5e76980f2572e5f63452', s_s_c_web_server_sign2: '3ca802a38ffc5831fa293ac2819b1204', pageurl: URL },
    v2: { type: 'KeyCaptchaTaskProxyless', websiteURL: URL, s_s_c_user_id: '184015', s_s_c_session_id: '9ff29e0176e78eb7ba59314f92dbac1b', s_s_c_web_server_sign: '964635241a3e5e76980f2572e5f63452', s_s_c_web_server_sign2: '3ca802a38ffc5831fa293ac2819b1204' },
    answer: token('d58bd6a4b3e6f5a9d8e7c6b5a4f3e2d1'),
  },
  friendly_captcha: {
    v1: { method: 'friendly_captcha', sitekey: 'FCMST5VUMCBOCGQ9', pageurl: URL },
    v2: { type: 'FriendlyCaptchaTaskProxyless', websiteURL: URL, websiteKey: 'FCMST5VUMCBOCGQ9' },
    answer: token('fcc7a3e2b8f1.AQAAAAAAAAAVAAAAAAAAAA'),
  },
  cutcaptcha: {
    v1: { method: 'cutcaptcha', misery_key: 'a1488b66da00bf332a1488993a5443c79047e752', api_key: 'SAb83IIB', pageurl: URL },
    v2: { type: 'CutCaptchaTaskProxyless', websiteURL: URL, miseryKey: 'a1488b66da00bf332a1488993a5443c79047e752', apiKey: 'SAb83IIB' },
    answer: token('SAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
  },
  datadome: {
    v1: { method: 'datadome', captcha_url: 'https://geo.captcha-delivery.com/captcha/?initialCid=AHrlqAAA&cid=abc', pageurl: URL, userAgent: UA, ...PROXY_V1 },
    v2: { type: 'DataDomeSliderTask', websiteURL: URL, captchaUrl: 'https://geo.captcha-delivery.com/captcha/?initialCid=AHrlqAAA&cid=abc', userAgent: UA, ...PROXY_V2 },
    answer: token('datadome=4ZXwCBlyHx9ktZhSnycMF~~; Max-Age=31536000; Domain=.example.com; Path=/; Secure; SameSite=Lax'),
  },
  cybersiara: {
    v1: { method: 'cybersiara', master_url_id: 'tpjOCKjjpdzv3d8Ub2E9COEWKt1vl1Mv', pageurl: URL, userAgent: UA },
    v2: { type: 'AntiCyberSiAraTaskProxyless', websiteURL: URL, SlideMasterUrlId: 'tpjOCKjjpdzv3d8Ub2E9COEWKt1vl1Mv', userAgent: UA },
    answer: token('2ab4d7c9a1e3f5b7d9c1e3a5b7d9f1a3'),
  },
  tencent: {
    v1: { method: 'tencent', app_id: '190014885', pageurl: URL },
    v2: { type: 'TencentTaskProxyless', websiteURL: URL, appId: '190014885' },
    answer: token('t03', { ticket: 'tr0344YjJASGmJGtohyWS_y6tJKiqVPIdFgl87vWlVaQoueR8D6DH28go', randstr: '@KVN' }),
  },
  atb: {
    v1: { method: 'atb_captcha', app_id: 'af25e409b33d722a95e56a230ff8771c', api_server: 'https://cap.aisecurius.com', pageurl: URL },
    v2: { type: 'AtbCaptchaTaskProxyless', websiteURL: URL, appId: 'af25e409b33d722a95e56a230ff8771c', apiServer: 'https://cap.aisecurius.com' },
    answer: token('sl191suxzluwxxkrvd0y4y7w8s9qgbgr'),
  },
  yandex: {
    v1: { method: 'yandex', sitekey: 'Y5Lh0tiycconMJGsFd3EbbuNKSp1yaZESUOIHfeV', pageurl: URL },
    v2: { type: 'YandexSmartCaptchaTaskProxyless', websiteURL: URL, websiteKey: 'Y5Lh0tiycconMJGsFd3EbbuNKSp1yaZESUOIHfeV' },
    answer: token('dD0xNjkzOTI0NDc4O2k9OTQuMTU4LjE5Ny4xNDk'),
  },
  prosopo: {
    v1: { method: 'prosopo', sitekey: '5EZVvsHMrKCFKp5NYNoTyDjTjetoVo1Z4UNNbTwJf1GfN6Xm', pageurl: URL },
    v2: { type: 'ProsopoTaskProxyless', websiteURL: URL, websiteKey: '5EZVvsHMrKCFKp5NYNoTyDjTjetoVo1Z4UNNbTwJf1GfN6Xm' },
    answer: token('0x00016c68747470733a2f2f70726f6e6f64652e70726f736f706f2e696f'),
  },
  captchafox: {
    v1: { method: 'captchafox', sitekey: 'sk_xtNxpk6fCdFbxh1_xJeGflSdCE9tn99G', pageurl: URL, userAgent: UA, ...PROXY_V1 },
    v2: { type: 'CaptchaFoxTask', websiteURL: URL, websiteKey: 'sk_xtNxpk6fCdFbxh1_xJeGflSdCE9tn99G', userAgent: UA, ...PROXY_V2 },
    answer: token('fox_6f2e1b7a9c3d5e8f0a1b2c3d4e5f6a7b'),
  },
  vkcaptcha: {
    v1: { method: 'vkcaptcha', redirect_uri: 'https://id.vk.com/not_robot_captcha?domain=vk.com&session_token=eyJhbGciOiJBM', userAgent: UA, ...PROXY_V1 },
    v2: { type: 'VKCaptchaTask', redirectUri: 'https://id.vk.com/not_robot_captcha?domain=vk.com&session_token=eyJhbGciOiJBM', userAgent: UA, ...PROXY_V2 },
    answer: token('vk1.a.8x6XzUa5W4pI2XbQJx0ZxH9tT'),
  },
  altcha: {
    v1: { method: 'altcha', pageurl: URL, challenge_url: 'https://example.com/altcha/challenge' },
    v2: { type: 'AltchaTaskProxyless', websiteURL: URL, challengeURL: 'https://example.com/altcha/challenge' },
    answer: token('eyJhbGdvcml0aG0iOiJTSEEtMjU2IiwibnVtYmVyIjo1NDEyfQ=='),
  },
  binance: {
    v1: { method: 'binance', sitekey: 'register', pageurl: URL, validate_id: '0a05453c44e2411195c0d0c15654d966' },
    v2: { type: 'BinanceTaskProxyless', websiteURL: URL, websiteKey: 'register', validateId: '0a05453c44e2411195c0d0c15654d966' },
    answer: token('captcha#09ba4905a79f44f2a99e44f234439644-ioVA7neog7eRHCDAsC0MixpZvt5kc99maS943qIsquNP9D77'),
  },
  yidun: {
    v1: { method: 'yidun', sitekey: 'e6d2a7a2ed5b4b2b', pageurl: URL },
    v2: { type: 'YidunTaskProxyless', websiteURL: URL, websiteKey: 'e6d2a7a2ed5b4b2b' },
    answer: token('CN31_9AwsPmaYcJameP_09rA0'),
  },
  alibaba: {
    v1: { method: 'alibaba', pageurl: URL, scene_id: 'abc123xyz4', prefix: 'dlw3kug' },
    v2: { type: 'AlibabaTaskProxyless', websiteURL: URL, sceneId: 'abc123xyz4', prefix: 'dlw3kug' },
    answer: token('eyJjZXJ0aWZ5SWQiOiJhYmMiLCJzY2VuZUlkIjoiYWJjMTIzeHl6NCJ9'),
  },
  tspd: {
    v1: { method: 'tspd', pageurl: URL, tspd_cookie: 'TS386a400d029=082670', html_page_base64: 'PCFET0NUWVBFIGh0bWw+', userAgent: UA, ...PROXY_V1 },
    v2: { type: 'TspdTask', websiteURL: URL, tspdCookie: 'TS386a400d029=082670', htmlPageBase64: 'PCFET0NUWVBFIGh0bWw+', userAgent: UA, ...PROXY_V2 },
    answer: token('TS386a400d029=08267041c3ab2000; TS386a400d078=0826704'),
  },
  basilisk: {
    v1: { method: 'basilisk', sitekey: 'b7890h19fb2600897', pageurl: URL },
    v2: { type: 'BasiliskTaskProxyless', websiteURL: URL, websiteKey: 'b7890h19fb2600897' },
    answer: token('bsk_7f0b6e2a9d4c1f3e'),
  },
  hunt: {
    v1: { method: 'hunt', pageurl: URL, api_get_lib: 'https://example.com/hd-api/external/apps/app-id/api.js' },
    v2: { type: 'HuntTask', websiteURL: URL, apiGetLib: 'https://example.com/hd-api/external/apps/app-id/api.js' },
    answer: token('0.Qz0.hunt-token-3c7f'),
  },
};
