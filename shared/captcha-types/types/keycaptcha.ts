/** KeyCaptcha (§1.3 keycaptcha, v2 KeyCaptchaTask[Proxyless]; v2 keeps the snake_case names). */
import { defineTokenType, requiredKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'keycaptcha',
  methods: ['keycaptcha'],
  v2Types: ['KeyCaptchaTaskProxyless', 'KeyCaptchaTask'],
  fields: [
    requiredKey('sscUserId', ['s_s_c_user_id'], ['s_s_c_user_id']),
    requiredKey('sscSessionId', ['s_s_c_session_id'], ['s_s_c_session_id']),
    requiredKey('sscWebServerSign', ['s_s_c_web_server_sign'], ['s_s_c_web_server_sign']),
    requiredKey('sscWebServerSign2', ['s_s_c_web_server_sign2'], ['s_s_c_web_server_sign2']),
  ],
});
