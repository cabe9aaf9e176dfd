/** Coordinates / ClickCaptcha: click points (§1.3 coordinatescaptcha=1, v2 CoordinatesTask, anti-captcha ImageToCoordinatesTask). */
import { pointsAnswer } from '../answers/image.ts';
import { ALPHABET_FIELD, defineImageType } from '../define-image.ts';
import { KB } from '../types.ts';
import { CLICK_FIELDS } from '../image-fields.ts';

export default defineImageType({
  slug: 'coordinates',
  ui: 'points',
  v1: { methods: ['post', 'base64', 'coordinates'], flag: 'coordinatescaptcha' },
  // ImageToCoordinatesTask in "rectangles" mode belongs to bounding_box (its v2When decides).
  v2Types: ['CoordinatesTask', { name: 'ImageToCoordinatesTask', implies: { solutionFormat: 'pairs' } }],
  price: ['1.20', '2.00'],
  maxImageBytes: 600 * KB,
  instructions: 'optional',
  // v2 documents minClicks default 1; applied to v1 too so both generations agree.
  fields: [{ ...CLICK_FIELDS[0]!, default: 1 }, CLICK_FIELDS[1]!, ALPHABET_FIELD],
  answer: pointsAnswer,
});
