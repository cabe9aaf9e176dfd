/** Audio: transcribe an mp3 (§1.3 audio, v2 AudioTask). `image` carries the mp3. */
import { textAnswer } from '../answers/common.ts';
import { defineImageType } from '../define-image.ts';
import { KB } from '../types.ts';

export default defineImageType({
  slug: 'audio',
  ui: 'audio',
  v1: { methods: ['audio'] },
  v2Types: ['AudioTask'],
  price: ['0.50', '1.00'],
  maxImageBytes: 1024 * KB,
  imageV1: ['body', 'file'],
  language: 'audio',
  fields: [],
  answer: textAnswer(1000),
});
