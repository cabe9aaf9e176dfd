/**
 * Token kinds: per type a v1 submission and a v2 task must produce the same normalized task
 * (protocol §2.5), and every required field its documented error when missing.
 */
import { describe, expect, it } from 'vitest';
import { createParamBag, parseV1, parseV2 } from './index.ts';
import type { ProtocolError } from './types.ts';
import { GOOGLE_KEY, HCAPTCHA_KEY, UA, URL } from './testing.ts';

interface Case {
  name?: string;
  slug: string;
  v1: Record<string, unknown>;
  v2: Record<string, unknown>;
  params: Record<string, unknown>;
  proxy?: Record<string, unknown>;
  /** v1 parameter → error when it is missing (pageurl → ERROR_PAGEURL is checked for all). */
  required?: Record<string, ProtocolError>;
  /** v2 fields whose absence is ERROR_BAD_PARAMETERS (websiteURL is checked for all). */
  v2Required?: string[];
  /** false: the type has no page URL of its own (VK's token captcha). */
  pageUrl?: false;
}

const CID = 'e392e1d7fd421dc63325744d5a2b9c73';
const PROXY_V1 = { proxy: 'login:pass@1.2.3.4:3128', proxytype: 'HTTP' };
const PROXY_V2 = { proxyType: 'http', proxyAddress: '1.2.3.4', proxyPort: 3128, proxyLogin: 'login', proxyPassword: 'pass' };
const PROXY = { type: 'http', address: '1.2.3.4', port: 3128, login: 'login', password: 'pass' };
const AMAZON_KEY = 'AQIDAHjcYu/GjX+QlghicBgQ/7bFaQZ+m5FKCMDnO+vTbNg96AHDh0IR5vgzHNceHYqZR+GOAAAAfjB8BgkqhkiG9w0BBwagbzBtAgEAMGgGCSqGSIb3DQEHATAeBglghkgBZQMEAS4wEQQMsYNQbVzJJBKZ+YZbAgEQgDvWqSlNN1f1f7S35LT7XAj6IR6F1ocoFx36d2Oqd0h2LUMeVdJiW6q3eTuuimj1hQjb4Fog0PHkyEDUAg==';

const cases: Case[] = [
  {
    slug: 'recaptcha_v2',
    v1: { method: 'userrecaptcha', googlekey: GOOGLE_KEY, pageurl: URL, invisible: '1', 'data-s': 'ds', cookies: 'a:1;b:2', userAgent: UA, domain: 'recaptcha.net' },
    v2: { type: 'RecaptchaV2TaskProxyless', websiteURL: URL, websiteKey: GOOGLE_KEY, isInvisible: true, recaptchaDataSValue: 'ds', cookies: 'a=1; b=2', userAgent: UA, apiDomain: 'recaptcha.net' },
    params: { websiteURL: URL, websiteKey: GOOGLE_KEY, isInvisible: true, isEnterprise: false, dataS: 'ds', cookies: 'a=1; b=2', apiDomain: 'recaptcha.net', userAgent: UA },
    required: { googlekey: 'ERROR_WRONG_GOOGLEKEY' },
    v2Required: ['websiteKey'],
  },
  {
    name: 'recaptcha_v2 enterprise with proxy',
    slug: 'recaptcha_v2',
    v1: { method: 'userrecaptcha', googlekey: GOOGLE_KEY, pageurl: URL, enterprise: 1, datas: 'ds', ...PROXY_V1 },
    v2: { type: 'RecaptchaV2EnterpriseTask', websiteURL: URL, websiteKey: GOOGLE_KEY, enterprisePayload: { s: 'ds' }, ...PROXY_V2 },
    params: { websiteURL: URL, websiteKey: GOOGLE_KEY, isInvisible: false, isEnterprise: true, enterprisePayload: { s: 'ds' } },
    proxy: PROXY,
  },
  {
    slug: 'recaptcha_v3',
    v1: { method: 'userrecaptcha', version: 'V3', googlekey: GOOGLE_KEY, pageurl: URL, min_score: '0.9', action: 'login', enterprise: '1' },
    v2: { type: 'RecaptchaV3EnterpriseTaskProxyless', websiteURL: URL, websiteKey: GOOGLE_KEY, minScore: 0.9, pageAction: 'login' },
    params: { websiteURL: URL, websiteKey: GOOGLE_KEY, minScore: 0.9, action: 'login', isEnterprise: true },
    required: { googlekey: 'ERROR_WRONG_GOOGLEKEY' },
  },
  {
    slug: 'hcaptcha',
    v1: { method: 'hcaptcha', sitekey: HCAPTCHA_KEY, pageurl: URL, invisible: 1, data: 'rq', useragent: UA },
    v2: { type: 'HCaptchaTaskProxyless', websiteURL: URL, websiteKey: HCAPTCHA_KEY, isInvisible: true, enterprisePayload: { rqdata: 'rq' }, userAgent: UA },
    params: { websiteURL: URL, websiteKey: HCAPTCHA_KEY, isInvisible: true, isEnterprise: false, enterprisePayload: { rqdata: 'rq' }, userAgent: UA },
    required: { sitekey: 'ERROR_SITEKEY' },
    v2Required: ['websiteKey'],
  },
  {
    slug: 'funcaptcha',
    v1: { method: 'funcaptcha', publickey: '69A21A01-CC7B-B9C6-0F9A-E7FA06677FFC', pageurl: URL, surl: 'https://client-api.arkoselabs.com', 'data[blob]': 'xyz' },
    v2: { type: 'FunCaptchaTaskProxyless', websiteURL: URL, websitePublicKey: '69A21A01-CC7B-B9C6-0F9A-E7FA06677FFC', funcaptchaApiJSSubdomain: 'https://client-api.arkoselabs.com', data: '{"blob":"xyz"}' },
    params: { websiteURL: URL, websiteKey: '69A21A01-CC7B-B9C6-0F9A-E7FA06677FFC', funcaptchaApiJSSubdomain: 'https://client-api.arkoselabs.com', data: { blob: 'xyz' } },
    required: { publickey: 'ERROR_BAD_PARAMETERS' },
    v2Required: ['websitePublicKey'],
  },
  {
    slug: 'geetest',
    v1: { method: 'geetest', gt: 'f1ab2cdefa3456789012345b6c78d90e', challenge: '12345678abc90123d45678ef90123a456b', pageurl: URL, api_server: 'api-na.geetest.com' },
    v2: { type: 'GeeTestTaskProxyless', websiteURL: URL, gt: 'f1ab2cdefa3456789012345b6c78d90e', challenge: '12345678abc90123d45678ef90123a456b', geetestApiServerSubdomain: 'api-na.geetest.com' },
    params: { websiteURL: URL, gt: 'f1ab2cdefa3456789012345b6c78d90e', challenge: '12345678abc90123d45678ef90123a456b', apiServer: 'api-na.geetest.com', offline: false, newCaptcha: false },
    required: { gt: 'ERROR_BAD_PARAMETERS', challenge: 'ERROR_BAD_PARAMETERS' },
    v2Required: ['gt', 'challenge'],
  },
  {
    slug: 'geetest_v4',
    v1: { method: 'geetest_v4', captcha_id: CID, pageurl: URL, risk_type: 'slide', ...PROXY_V1 },
    v2: { type: 'GeeTestTask', version: 4, websiteURL: URL, initParameters: { captcha_id: CID, risk_type: 'slide' }, ...PROXY_V2 },
    params: { websiteURL: URL, captchaId: CID, riskType: 'slide' },
    proxy: PROXY,
    required: { captcha_id: 'ERROR_CAPTCHA_ID' },
    v2Required: ['initParameters'],
  },
  {
    slug: 'turnstile',
    v1: { method: 'turnstile', sitekey: '0x4AAAAAAAC3DHQFLr1GavRN', pageurl: URL, action: 'login', data: 'cdata', pagedata: 'pd', userAgent: UA },
    v2: { type: 'TurnstileTaskProxyless', websiteURL: URL, websiteKey: '0x4AAAAAAAC3DHQFLr1GavRN', action: 'login', data: 'cdata', pagedata: 'pd', userAgent: UA },
    params: { websiteURL: URL, websiteKey: '0x4AAAAAAAC3DHQFLr1GavRN', action: 'login', data: 'cdata', pageData: 'pd', userAgent: UA },
    required: { sitekey: 'ERROR_SITEKEY' },
    v2Required: ['websiteKey'],
  },
  {
    slug: 'amazon_waf',
    v1: { method: 'amazon_waf', sitekey: AMAZON_KEY, iv: 'CgAHbCe2GgAAAAAj', context: 'qoJYgnKscdqwdBQ+5Ew==', pageurl: URL, challenge_script: 'https://x.token.awswaf.com/challenge.js', captcha_script: 'https://x.captcha.awswaf.com/captcha.js' },
    v2: { type: 'AmazonTaskProxyless', websiteURL: URL, websiteKey: AMAZON_KEY, iv: 'CgAHbCe2GgAAAAAj', context: 'qoJYgnKscdqwdBQ+5Ew==', challengeScript: 'https://x.token.awswaf.com/challenge.js', captchaScript: 'https://x.captcha.awswaf.com/captcha.js' },
    params: { websiteURL: URL, websiteKey: AMAZON_KEY, iv: 'CgAHbCe2GgAAAAAj', context: 'qoJYgnKscdqwdBQ+5Ew==', challengeScript: 'https://x.token.awswaf.com/challenge.js', captchaScript: 'https://x.captcha.awswaf.com/captcha.js' },
    required: { sitekey: 'ERROR_SITEKEY', iv: 'ERROR_BAD_PARAMETERS', context: 'ERROR_BAD_PARAMETERS' },
    v2Required: ['websiteKey', 'iv'],
  },
  {
    slug: 'capy',
    v1: { method: 'capy', captchakey: 'PUZZLE_Abc1dEFghIJKLM2no34P56q7rStu8v', pageurl: URL, api_server: 'https://jp.api.capy.me/', version: 'Puzzle' },
    v2: { type: 'CapyTaskProxyless', websiteURL: URL, websiteKey: 'PUZZLE_Abc1dEFghIJKLM2no34P56q7rStu8v', apiServer: 'https://jp.api.capy.me/', version: 'puzzle' },
    params: { websiteURL: URL, websiteKey: 'PUZZLE_Abc1dEFghIJKLM2no34P56q7rStu8v', apiServer: 'https://jp.api.capy.me/', version: 'puzzle' },
    required: { captchakey: 'ERROR_BAD_PARAMETERS' },
    v2Required: ['websiteKey'],
  },
  {
    slug: 'lemin',
    v1: { method: 'lemin', captcha_id: 'CROPPED_3dfdd5c_d1872b526b794d83ba3b365eb15a200b', div_id: 'lemin-cropped-captcha', pageurl: URL, api_server: 'api.leminnow.com' },
    v2: { type: 'LeminTaskProxyless', websiteURL: URL, captchaId: 'CROPPED_3dfdd5c_d1872b526b794d83ba3b365eb15a200b', divId: 'lemin-cropped-captcha', leminApiServerSubdomain: 'api.leminnow.com' },
    params: { websiteURL: URL, captchaId: 'CROPPED_3dfdd5c_d1872b526b794d83ba3b365eb15a200b', divId: 'lemin-cropped-captcha', apiServer: 'api.leminnow.com' },
    required: { captcha_id: 'ERROR_CAPTCHA_ID', div_id: 'ERROR_BAD_PARAMETERS' },
    v2Required: ['captchaId', 'divId'],
  },
  {
    slug: 'mtcaptcha',
    v1: { method: 'mt_captcha', sitekey: 'MTPublic-KzqLY1cKH', pageurl: URL },
    v2: { type: 'MtCaptchaTaskProxyless', websiteURL: URL, websiteKey: 'MTPublic-KzqLY1cKH' },
    params: { websiteURL: URL, websiteKey: 'MTPublic-KzqLY1cKH' },
    required: { sitekey: 'ERROR_SITEKEY' },
    v2Required: ['websiteKey'],
  },
  {
    name: 'mtcaptcha (method alias)',
    slug: 'mtcaptcha',
    v1: { method: 'MTCAPTCHA', sitekey: 'MTPublic-KzqLY1cKH', pageurl: URL, ...PROXY_V1 },
    v2: { type: 'MtCaptchaTask', websiteURL: URL, websiteKey: 'MTPublic-KzqLY1cKH', ...PROXY_V2 },
    params: { websiteURL: URL, websiteKey: 'MTPublic-KzqLY1cKH' },
    proxy: PROXY,
  },
  {
    slug: 'keycaptcha',
    v1: { method: 'keycaptcha', s_s_c_user_id: '184015', s_s_c_session_id: '9ff29e0176e78eb7ba59314f92dbac1b', s_s_c_web_server_sign: '964635241a3e5e76980f2572e5f63452', s_s_c_web_server_sign2: '3ca802a38ffc5831fa293ac2819b1204', pageurl: URL },
    v2: { type: 'KeyCaptchaTaskProxyless', websiteURL: URL, s_s_c_user_id: 184015, s_s_c_session_id: '9ff29e0176e78eb7ba59314f92dbac1b', s_s_c_web_server_sign: '964635241a3e5e76980f2572e5f63452', s_s_c_web_server_sign2: '3ca802a38ffc5831fa293ac2819b1204' },
    params: { websiteURL: URL, sscUserId: '184015', sscSessionId: '9ff29e0176e78eb7ba59314f92dbac1b', sscWebServerSign: '964635241a3e5e76980f2572e5f63452', sscWebServerSign2: '3ca802a38ffc5831fa293ac2819b1204' },
    required: { s_s_c_user_id: 'ERROR_BAD_PARAMETERS', s_s_c_session_id: 'ERROR_BAD_PARAMETERS', s_s_c_web_server_sign: 'ERROR_BAD_PARAMETERS', s_s_c_web_server_sign2: 'ERROR_BAD_PARAMETERS' },
    v2Required: ['s_s_c_user_id', 's_s_c_web_server_sign2'],
  },
  {
    slug: 'friendly_captcha',
    v1: { method: 'friendly_captcha', sitekey: 'FCMST5VUMCBOCGQ9', pageurl: URL, module_script: 'https://x/widget.module.min.js', nomodule_script: 'https://x/widget.min.js' },
    v2: { type: 'FriendlyCaptchaTaskProxyless', websiteURL: URL, websiteKey: 'FCMST5VUMCBOCGQ9', moduleScript: 'https://x/widget.module.min.js', nomoduleScript: 'https://x/widget.min.js' },
    params: { websiteURL: URL, websiteKey: 'FCMST5VUMCBOCGQ9', moduleScript: 'https://x/widget.module.min.js', nomoduleScript: 'https://x/widget.min.js' },
    required: { sitekey: 'ERROR_SITEKEY' },
    v2Required: ['websiteKey'],
  },
  {
    slug: 'cutcaptcha',
    v1: { method: 'cutcaptcha', misery_key: 'a1488b66da00bf332a1488993a5443c79047e752', api_key: 'SAb83IIB', pageurl: URL },
    v2: { type: 'CutCaptchaTaskProxyless', websiteURL: URL, miseryKey: 'a1488b66da00bf332a1488993a5443c79047e752', apiKey: 'SAb83IIB' },
    params: { websiteURL: URL, miseryKey: 'a1488b66da00bf332a1488993a5443c79047e752', apiKey: 'SAb83IIB' },
    required: { misery_key: 'ERROR_BAD_PARAMETERS', api_key: 'ERROR_BAD_PARAMETERS' },
    v2Required: ['miseryKey', 'apiKey'],
  },
  {
    slug: 'datadome',
    v1: { method: 'datadome', captcha_url: 'https://geo.captcha-delivery.com/captcha/?initialCid=AHrlqAAA&cid=abc', pageurl: URL, userAgent: UA, ...PROXY_V1 },
    v2: { type: 'DataDomeSliderTask', websiteURL: URL, captchaUrl: 'https://geo.captcha-delivery.com/captcha/?initialCid=AHrlqAAA&cid=abc', userAgent: UA, ...PROXY_V2 },
    params: { websiteURL: URL, captchaUrl: 'https://geo.captcha-delivery.com/captcha/?initialCid=AHrlqAAA&cid=abc', userAgent: UA },
    proxy: PROXY,
    required: { captcha_url: 'ERROR_BAD_PARAMETERS', userAgent: 'ERROR_BAD_PARAMETERS', proxy: 'ERROR_BAD_PARAMETERS' },
    v2Required: ['captchaUrl', 'userAgent'],
  },
  {
    slug: 'cybersiara',
    v1: { method: 'cybersiara', master_url_id: 'tpjOCKjjpdzv3d8Ub2E9COEWKt1vl1Mv', pageurl: URL, userAgent: UA },
    v2: { type: 'AntiCyberSiAraTaskProxyless', websiteURL: URL, SlideMasterUrlId: 'tpjOCKjjpdzv3d8Ub2E9COEWKt1vl1Mv', userAgent: UA },
    params: { websiteURL: URL, slideMasterUrlId: 'tpjOCKjjpdzv3d8Ub2E9COEWKt1vl1Mv', userAgent: UA },
    required: { master_url_id: 'ERROR_BAD_PARAMETERS', userAgent: 'ERROR_BAD_PARAMETERS' },
    v2Required: ['SlideMasterUrlId', 'userAgent'],
  },
  {
    slug: 'tencent',
    v1: { method: 'tencent', app_id: '190014885', pageurl: URL, captcha_script: 'https://turing.captcha.qcloud.com/TCaptcha.js' },
    v2: { type: 'TencentTaskProxyless', websiteURL: URL, appId: 190014885, captchaScript: 'https://turing.captcha.qcloud.com/TCaptcha.js' },
    params: { websiteURL: URL, appId: '190014885', captchaScript: 'https://turing.captcha.qcloud.com/TCaptcha.js' },
    required: { app_id: 'ERROR_BAD_PARAMETERS' },
    v2Required: ['appId'],
  },
  {
    slug: 'atb',
    v1: { method: 'atb_captcha', app_id: 'af25e409b33d722a95e56a230ff8771c', api_server: 'https://cap.aisecurius.com', pageurl: URL },
    v2: { type: 'AtbCaptchaTaskProxyless', websiteURL: URL, appId: 'af25e409b33d722a95e56a230ff8771c', apiServer: 'https://cap.aisecurius.com' },
    params: { websiteURL: URL, appId: 'af25e409b33d722a95e56a230ff8771c', apiServer: 'https://cap.aisecurius.com' },
    required: { app_id: 'ERROR_BAD_PARAMETERS', api_server: 'ERROR_BAD_PARAMETERS' },
    v2Required: ['appId', 'apiServer'],
  },
  {
    slug: 'yandex',
    v1: { method: 'yandex', sitekey: 'Y5Lh0tiycconMJGsFd3EbbuNKSp1yaZESUOIHfeV', pageurl: URL },
    v2: { type: 'YandexSmartCaptchaTaskProxyless', websiteURL: URL, websiteKey: 'Y5Lh0tiycconMJGsFd3EbbuNKSp1yaZESUOIHfeV' },
    params: { websiteURL: URL, websiteKey: 'Y5Lh0tiycconMJGsFd3EbbuNKSp1yaZESUOIHfeV' },
    required: { sitekey: 'ERROR_SITEKEY' },
    v2Required: ['websiteKey'],
  },
  // The kinds the official clients added lately (@2captcha/captcha-solver 1.3.9 request shapes).
  {
    slug: 'prosopo',
    v1: { method: 'prosopo', sitekey: '5EZVvsHMrKCFKp5NYNoTyDjTjetoVo1Z4UNNbTwJf1GfN6Xm', pageurl: URL },
    v2: { type: 'ProsopoTaskProxyless', websiteURL: URL, websiteKey: '5EZVvsHMrKCFKp5NYNoTyDjTjetoVo1Z4UNNbTwJf1GfN6Xm' },
    params: { websiteURL: URL, websiteKey: '5EZVvsHMrKCFKp5NYNoTyDjTjetoVo1Z4UNNbTwJf1GfN6Xm' },
    required: { sitekey: 'ERROR_SITEKEY' },
    v2Required: ['websiteKey'],
  },
  {
    slug: 'captchafox',
    v1: { method: 'captchafox', sitekey: 'sk_xtNxpk6fCdFbxh1_xJeGflSdCE9tn99G', pageurl: URL, userAgent: UA, api_server: 'https://cdn.captchafox.com/', ...PROXY_V1 },
    v2: { type: 'CaptchaFoxTask', websiteURL: URL, websiteKey: 'sk_xtNxpk6fCdFbxh1_xJeGflSdCE9tn99G', userAgent: UA, apiServer: 'https://cdn.captchafox.com/', ...PROXY_V2 },
    params: { websiteURL: URL, websiteKey: 'sk_xtNxpk6fCdFbxh1_xJeGflSdCE9tn99G', apiServer: 'https://cdn.captchafox.com/', userAgent: UA },
    proxy: PROXY,
    required: { sitekey: 'ERROR_SITEKEY', userAgent: 'ERROR_BAD_PARAMETERS', proxy: 'ERROR_BAD_PARAMETERS' },
    v2Required: ['websiteKey', 'userAgent'],
  },
  {
    slug: 'vkcaptcha',
    v1: { method: 'vkcaptcha', redirect_uri: 'https://id.vk.com/not_robot_captcha?domain=vk.com&session_token=eyJhbGciOiJBM', userAgent: UA, ...PROXY_V1 },
    v2: { type: 'VKCaptchaTask', redirectUri: 'https://id.vk.com/not_robot_captcha?domain=vk.com&session_token=eyJhbGciOiJBM', userAgent: UA, ...PROXY_V2 },
    params: { redirectUri: 'https://id.vk.com/not_robot_captcha?domain=vk.com&session_token=eyJhbGciOiJBM', userAgent: UA },
    proxy: PROXY,
    pageUrl: false,
    required: { redirect_uri: 'ERROR_BAD_PARAMETERS', userAgent: 'ERROR_BAD_PARAMETERS', proxy: 'ERROR_BAD_PARAMETERS' },
    v2Required: ['redirectUri', 'userAgent'],
  },
  {
    slug: 'altcha',
    v1: { method: 'altcha', pageurl: URL, challenge_url: 'https://example.com/altcha', challenge_json: '{"algorithm":"SHA-256","challenge":"a4c9"}' },
    v2: { type: 'AltchaTaskProxyless', websiteURL: URL, challengeURL: 'https://example.com/altcha', challengeJSON: '{"algorithm":"SHA-256","challenge":"a4c9"}' },
    params: { websiteURL: URL, challengeUrl: 'https://example.com/altcha', challengeJson: '{"algorithm":"SHA-256","challenge":"a4c9"}' },
  },
  {
    name: 'altcha (challenge URL only, Go spelling)',
    slug: 'altcha',
    v1: { method: 'altcha', pageurl: URL, challengeUrl: 'https://example.com/altcha' },
    v2: { type: 'AltchaCaptchaTask', websiteURL: URL, challengeUrl: 'https://example.com/altcha' },
    params: { websiteURL: URL, challengeUrl: 'https://example.com/altcha' },
    required: { challengeUrl: 'ERROR_BAD_PARAMETERS' },
    v2Required: ['challengeUrl'],
  },
  {
    slug: 'binance',
    v1: { method: 'binance', sitekey: 'register', pageurl: URL, validate_id: '0a05453c44e2411195c0d0c15654d966', useragent: UA },
    v2: { type: 'BinanceTaskProxyless', websiteURL: URL, websiteKey: 'register', validateId: '0a05453c44e2411195c0d0c15654d966', userAgent: UA },
    params: { websiteURL: URL, websiteKey: 'register', validateId: '0a05453c44e2411195c0d0c15654d966', userAgent: UA },
    required: { sitekey: 'ERROR_SITEKEY', validate_id: 'ERROR_BAD_PARAMETERS' },
    v2Required: ['websiteKey', 'validateId'],
  },
  {
    name: 'yidun (YidunTask without a proxy)',
    slug: 'yidun',
    v1: { method: 'yidun', sitekey: 'e6d2a7a2ed5b4b2b', pageurl: URL, yidun_get_lib: 'https://cstaticdun.126.net/load.min.js', yidun_api_server_subdomain: 'c.dun.163.com', challenge: 'ch', hcg: 'h', hct: 1735000000000 },
    v2: { type: 'YidunTask', websiteURL: URL, websiteKey: 'e6d2a7a2ed5b4b2b', yidunGetLib: 'https://cstaticdun.126.net/load.min.js', yidunApiServerSubdomain: 'c.dun.163.com', challenge: 'ch', hcg: 'h', hct: 1735000000000 },
    params: { websiteURL: URL, websiteKey: 'e6d2a7a2ed5b4b2b', yidunGetLib: 'https://cstaticdun.126.net/load.min.js', yidunApiServerSubdomain: 'c.dun.163.com', challenge: 'ch', hcg: 'h', hct: 1735000000000 },
    required: { sitekey: 'ERROR_SITEKEY' },
    v2Required: ['websiteKey'],
  },
  {
    slug: 'alibaba',
    v1: { method: 'alibaba', pageurl: URL, scene_id: 'abc123xyz4', prefix: 'dlw3kug', user_id: 'u', user_user_id: 'uu', verify_type: '1.0', region: 'sgp', user_certify_id: 'trace', api_get_lib: 'https://o.example.com/AliyunCaptcha.js' },
    v2: { type: 'AlibabaTaskProxyless', websiteURL: URL, sceneId: 'abc123xyz4', prefix: 'dlw3kug', userId: 'u', userUserId: 'uu', verifyType: '1.0', region: 'sgp', userCertifyId: 'trace', apiGetLib: 'https://o.example.com/AliyunCaptcha.js' },
    params: { websiteURL: URL, sceneId: 'abc123xyz4', prefix: 'dlw3kug', userId: 'u', userUserId: 'uu', verifyType: '1.0', region: 'sgp', userCertifyId: 'trace', apiGetLib: 'https://o.example.com/AliyunCaptcha.js' },
    required: { scene_id: 'ERROR_BAD_PARAMETERS', prefix: 'ERROR_BAD_PARAMETERS' },
    v2Required: ['sceneId', 'prefix'],
  },
  {
    slug: 'tspd',
    v1: { method: 'tspd', pageurl: URL, tspd_cookie: 'TS386a400d029=082670; TS386a400d078=082670', html_page_base64: 'PCFET0NUWVBFIGh0bWw+', userAgent: UA, ...PROXY_V1 },
    v2: { type: 'TspdTask', websiteURL: URL, tspdCookie: 'TS386a400d029=082670; TS386a400d078=082670', htmlPageBase64: 'PCFET0NUWVBFIGh0bWw+', userAgent: UA, ...PROXY_V2 },
    params: { websiteURL: URL, tspdCookie: 'TS386a400d029=082670; TS386a400d078=082670', htmlPageBase64: 'PCFET0NUWVBFIGh0bWw+', userAgent: UA },
    proxy: PROXY,
    required: { tspd_cookie: 'ERROR_BAD_PARAMETERS', html_page_base64: 'ERROR_BAD_PARAMETERS', proxy: 'ERROR_BAD_PARAMETERS' },
    v2Required: ['tspdCookie', 'htmlPageBase64'],
  },
  {
    slug: 'basilisk',
    v1: { method: 'basilisk', sitekey: 'b7890h19fb2600897', pageurl: URL, userAgent: UA },
    v2: { type: 'BasiliskTaskProxyless', websiteURL: URL, websiteKey: 'b7890h19fb2600897', userAgent: UA },
    params: { websiteURL: URL, websiteKey: 'b7890h19fb2600897', userAgent: UA },
    required: { sitekey: 'ERROR_SITEKEY' },
    v2Required: ['websiteKey'],
  },
  {
    slug: 'hunt',
    v1: { method: 'hunt', pageurl: URL, api_get_lib: 'https://example.com/hd-api/external/apps/app-id/api.js', data: 'META_TOKEN_VALUE', ...PROXY_V1 },
    v2: { type: 'HuntTask', websiteURL: URL, apiGetLib: 'https://example.com/hd-api/external/apps/app-id/api.js', data: 'META_TOKEN_VALUE', ...PROXY_V2 },
    params: { websiteURL: URL, apiGetLib: 'https://example.com/hd-api/external/apps/app-id/api.js', data: 'META_TOKEN_VALUE' },
    proxy: PROXY,
    required: { api_get_lib: 'ERROR_BAD_PARAMETERS' },
    v2Required: ['apiGetLib'],
  },
];

const without = (record: Record<string, unknown>, name: string) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== name));

describe.each(cases.map((c) => ({ ...c, name: c.name ?? c.slug })))('$name', ({ slug, v1, v2, params, proxy, required = {}, v2Required = [], pageUrl }) => {
  const expected = proxy ? { type: slug, params, proxy } : { type: slug, params };

  it('v1 and v2 produce the same normalized task', () => {
    const fromV1 = parseV1(createParamBag(v1));
    const fromV2 = parseV2(v2);
    expect(fromV1).toMatchObject({ ok: true, def: { slug } });
    expect(fromV1.ok && fromV1.task).toEqual(expected);
    expect(fromV2.ok && fromV2.task).toEqual(expected);
  });

  it('matches v1 names and the v2 type case-insensitively', () => {
    const shouted = Object.fromEntries(Object.entries(v1).map(([k, v]) => [k === 'method' || k.includes('[') ? k : k.toUpperCase(), v]));
    expect(parseV1(createParamBag(shouted))).toMatchObject({ ok: true, task: expected });
    expect(parseV2({ ...v2, type: String(v2.type).toLowerCase() })).toMatchObject({ ok: true, task: expected });
  });

  it.each(Object.entries({ ...(pageUrl === false ? {} : { pageurl: 'ERROR_PAGEURL' }), ...required }))('v1 without %s → %s', (name, error) => {
    expect(parseV1(createParamBag(without(v1, name)))).toMatchObject({ ok: false, error });
  });

  it.each([...(pageUrl === false ? [] : ['websiteURL']), ...v2Required])('v2 without %s → ERROR_BAD_PARAMETERS', (name) => {
    expect(parseV2(without(v2, name))).toMatchObject({ ok: false, error: 'ERROR_BAD_PARAMETERS' });
  });
});

describe('token specifics', () => {
  const v2 = { websiteURL: URL, websiteKey: GOOGLE_KEY };

  it('a malformed googlekey is ERROR_GOOGLEKEY in v1, ERROR_BAD_PARAMETERS in v2', () => {
    expect(parseV1(createParamBag({ method: 'userrecaptcha', googlekey: 'bad key!', pageurl: URL }))).toMatchObject({ ok: false, error: 'ERROR_GOOGLEKEY' });
    expect(parseV2({ type: 'RecaptchaV2TaskProxyless', ...v2, websiteKey: 'bad key!' })).toMatchObject({ ok: false, error: 'ERROR_BAD_PARAMETERS' });
  });

  it('a malformed hCaptcha sitekey is ERROR_SITEKEY', () => {
    expect(parseV1(createParamBag({ method: 'hcaptcha', sitekey: 'x', pageurl: URL }))).toMatchObject({ ok: false, error: 'ERROR_SITEKEY' });
  });

  it('a malformed GeeTest v4 captcha_id is ERROR_CAPTCHA_ID', () => {
    expect(parseV1(createParamBag({ method: 'geetest_v4', captcha_id: 'no way', pageurl: URL }))).toMatchObject({ ok: false, error: 'ERROR_CAPTCHA_ID' });
  });

  it('non-Proxyless v2 types use and validate a proxy; Proxyless ones ignore proxy fields', () => {
    expect(parseV2({ type: 'RecaptchaV2Task', ...v2, ...PROXY_V2, proxyPort: 0 })).toMatchObject({ ok: false, error: 'ERROR_BAD_PROXY' });
    const withProxy = parseV2({ type: 'RecaptchaV2Task', ...v2, ...PROXY_V2 });
    expect(withProxy.ok && withProxy.task.proxy).toEqual(PROXY);
    const proxyless = parseV2({ type: 'RecaptchaV2TaskProxyless', ...v2, ...PROXY_V2 });
    expect(proxyless.ok && proxyless.task.proxy).toBeUndefined();
  });
  // CapMonster Cloud's client sends the proxy names without proxy fields: its API treats the proxy as optional.
  it.each([
    ['RecaptchaV2Task', v2],
    ['NoCaptchaTask', v2],
    ['TurnstileTask', { websiteURL: URL, websiteKey: '0x4AAAAAAABUYP0XeMJF0xoy' }],
    ['HCaptchaTask', { websiteURL: URL, websiteKey: HCAPTCHA_KEY }],
    ['FunCaptchaTask', { websiteURL: URL, websitePublicKey: '69A21A01-CC7B-B9C6-0F9A-E7FA06677FFC' }],
    ['GeeTestTask', { websiteURL: URL, gt: 'f1ab2cdefa3456789012345b6c78d90e', challenge: '12345678abc90123d45678ef90123a456b' }],
    ['ProsopoTask', { websiteURL: URL, websiteKey: '5EZVvsHMrKCFKp5NYNoTyDjTjetoVo1Z4UNNbTwJf1GfN6Xm' }],
    ['YidunTask', { websiteURL: URL, websiteKey: 'e6d2a7a2ed5b4b2b' }],
  ])('%s without proxy fields is its proxyless variant', (type, fields) => {
    const result = parseV2({ type, ...fields });
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.task.proxy).toBeUndefined();
  });
  it.each([
    ['DataDomeSliderTask', { websiteURL: URL, captchaUrl: 'https://c', userAgent: UA }],
    ['CaptchaFoxTask', { websiteURL: URL, websiteKey: 'sk_xtNxpk6fCdFbxh1_xJeGflSdCE9tn99G', userAgent: UA }],
    ['VKCaptchaTask', { redirectUri: 'https://id.vk.com/not_robot_captcha?domain=vk.com', userAgent: UA }],
    ['TspdTask', { websiteURL: URL, tspdCookie: 'TS386a400d029=0826; TS386a400d078=0826', htmlPageBase64: 'PCFET0NUWVBFIGh0bWw+' }],
  ])('%s still requires a proxy', (type, fields) => {
    expect(parseV2({ type, ...fields })).toMatchObject({ ok: false, error: 'ERROR_BAD_PARAMETERS' });
    expect(parseV2({ type, ...fields, ...PROXY_V2 })).toMatchObject({ ok: true, task: { proxy: PROXY } });
  });

  it('DataDome requires a proxy in v2 as well; an incomplete one is ERROR_BAD_PROXY', () => {
    const task = { type: 'DataDomeSliderTask', websiteURL: URL, captchaUrl: 'https://c', userAgent: UA };
    expect(parseV2(task)).toMatchObject({ ok: false, error: 'ERROR_BAD_PARAMETERS' });
    expect(parseV2({ ...task, ...PROXY_V2, proxyAddress: undefined })).toMatchObject({ ok: false, error: 'ERROR_BAD_PROXY' });
  });

  it('a malformed v1 proxy is ERROR_PROXY_FORMAT', () => {
    expect(parseV1(createParamBag({ method: 'userrecaptcha', googlekey: GOOGLE_KEY, pageurl: URL, proxy: 'nonsense', proxytype: 'HTTP' }))).toMatchObject({ ok: false, error: 'ERROR_PROXY_FORMAT' });
  });

  it('GeeTestTask without version 4 is GeeTest v3', () => {
    expect(parseV2({ type: 'GeeTestTask', version: 3, websiteURL: URL, gt: 'g', challenge: 'c', ...PROXY_V2 })).toMatchObject({ ok: true, def: { slug: 'geetest' } });
  });

  it('userrecaptcha defaults to v2, version=v3 selects v3 with defaults', () => {
    const v3 = parseV1(createParamBag({ method: 'userrecaptcha', version: 'v3', googlekey: GOOGLE_KEY, pageurl: URL }));
    expect(v3.ok && v3.task.params).toEqual({ websiteURL: URL, websiteKey: GOOGLE_KEY, minScore: 0.3, action: 'verify', isEnterprise: false });
    expect(parseV1(createParamBag({ method: 'userrecaptcha', version: 'v2', googlekey: GOOGLE_KEY, pageurl: URL }))).toMatchObject({ def: { slug: 'recaptcha_v2' } });
  });

  it('min_score outside 0.1–0.9 is refused', () => {
    expect(parseV1(createParamBag({ method: 'userrecaptcha', version: 'v3', googlekey: GOOGLE_KEY, pageurl: URL, min_score: '2' }))).toMatchObject({ ok: false, error: 'ERROR_BAD_PARAMETERS' });
  });

  it('Turnstile accepts anti-captcha spellings cData / chlPageData', () => {
    const result = parseV2({ type: 'TurnstileTask', websiteURL: URL, websiteKey: '0x4AAA', cData: 'c', chlPageData: 'p', ...PROXY_V2 });
    expect(result.ok && result.task.params).toMatchObject({ data: 'c', pageData: 'p' });
  });

  it('Amazon accepts jsapiScript instead of iv + context (v2)', () => {
    expect(parseV2({ type: 'AmazonTaskProxyless', websiteURL: URL, websiteKey: 'k', jsapiScript: 'https://x/jsapi.js' }).ok).toBe(true);
  });

  it('FunCaptcha data must be a JSON object', () => {
    expect(parseV1(createParamBag({ method: 'funcaptcha', publickey: 'k', pageurl: URL, data: 'not json' }))).toMatchObject({ ok: false, error: 'ERROR_BAD_PARAMETERS' });
  });

  it('booleans arrive as JS strings (invisible=false)', () => {
    const result = parseV1(createParamBag({ method: 'userrecaptcha', googlekey: GOOGLE_KEY, pageurl: URL, invisible: 'false' }));
    expect(result.ok && result.task.params.isInvisible).toBe(false);
  });
});
