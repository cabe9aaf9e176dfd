/** Text captcha: a question, no image (§1.3 `textcaptcha`, v2 TextCaptchaTask). */
import { textAnswer } from '../answers/common.ts';
import { ALPHABET_FIELD, defineImageType } from '../define-image.ts';

export default defineImageType({
  slug: 'text',
  ui: 'text',
  // Python/Go/PHP send method=post + textcaptcha; the JS lib, CaptchaSharp and Haskell send no method.
  v1: { methods: ['post', 'base64', 'textcaptcha'], flag: 'textcaptcha' },
  v2Types: ['TextCaptchaTask'],
  price: ['0.50', '1.00'],
  imageV1: null,
  fields: [{ key: 'comment', type: 'string', v1: ['textcaptcha'], v2: ['comment'], required: true, max: 140 }, ALPHABET_FIELD],
  answer: textAnswer(200),
});
