/** Yandex SmartCaptcha token (§1.3 yandex, v2 YandexSmartCaptchaTask[Proxyless]). */
import { defineTokenType, siteKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'yandex',
  methods: ['yandex'],
  v2Types: ['YandexSmartCaptchaTaskProxyless', 'YandexSmartCaptchaTask'],
  fields: [siteKey(), { key: 'cookies', type: 'cookies', v1: ['cookies'], v2: ['cookies'] }],
});
