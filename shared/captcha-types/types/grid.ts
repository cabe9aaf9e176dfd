/** Grid ("reCAPTCHA old method"): click the matching cells (§1.3 recaptcha=1, v2 GridTask). */
import { gridAnswer } from '../answers/image.ts';
import { defineImageType } from '../define-image.ts';
import { CLICK_FIELDS, PREVIOUS_ID_FIELD, CAN_NO_ANSWER_FIELD, dropPreviousIdZero } from '../image-fields.ts';
import { KB } from '../types.ts';

export default defineImageType({
  slug: 'grid',
  ui: 'grid',
  v1: { methods: ['post', 'base64', 'grid'], flag: 'recaptcha' },
  v2Types: ['GridTask'],
  price: ['1.20', '2.00'],
  maxImageBytes: 600 * KB,
  // v1 documents ERROR_BAD_PARAMETERS without instructions; v2 lists comment as optional.
  instructions: 'required-v1',
  fields: [
    // 3×3 unless told: the worker UI needs a grid to draw.
    { key: 'rows', type: 'int', v1: ['recaptcharows'], v2: ['rows'], min: 1, max: 10, default: 3 },
    { key: 'columns', type: 'int', v1: ['recaptchacols'], v2: ['columns'], min: 1, max: 10, default: 3 },
    PREVIOUS_ID_FIELD,
    CAN_NO_ANSWER_FIELD,
    { key: 'imgType', type: 'string', v1: ['img_type'], v2: ['imgType'], oneOf: ['recaptcha', 'hcaptcha', 'funcaptcha', 'funcaptcha_compare'] },
    ...CLICK_FIELDS,
  ],
  normalize: dropPreviousIdZero,
  answer: gridAnswer,
});
