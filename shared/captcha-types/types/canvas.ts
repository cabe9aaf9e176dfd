/** Canvas: draw around the object (§1.3 recaptcha=1 + canvas=1, v2 DrawAroundTask). */
import { drawAnswer } from '../answers/image.ts';
import { defineImageType } from '../define-image.ts';
import { KB } from '../types.ts';
import { CAN_NO_ANSWER_FIELD, PREVIOUS_ID_FIELD, dropPreviousIdZero } from '../image-fields.ts';

export default defineImageType({
  slug: 'canvas',
  ui: 'draw',
  v1: { methods: ['post', 'base64', 'canvas'], flag: 'canvas' },
  v2Types: ['DrawAroundTask'],
  price: ['1.20', '2.00'],
  maxImageBytes: 600 * KB,
  instructions: 'required',
  fields: [CAN_NO_ANSWER_FIELD, PREVIOUS_ID_FIELD],
  normalize: dropPreviousIdZero,
  answer: drawAnswer,
});
