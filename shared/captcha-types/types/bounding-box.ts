/** Bounding box: frame the objects (§1.3 bounding_box, v2 BoundingBoxTask, ImageToCoordinatesTask mode "rectangles"). */
import { boxAnswer } from '../answers/image.ts';
import { defineImageType } from '../define-image.ts';
import { lookup } from '../fields.ts';
import { KB } from '../types.ts';
import { CAN_NO_ANSWER_FIELD } from '../image-fields.ts';

export default defineImageType({
  slug: 'bounding_box',
  ui: 'box',
  v1: { methods: ['bounding_box'] },
  v2Types: ['BoundingBoxTask', { name: 'ImageToCoordinatesTask', implies: { solutionFormat: 'rectangles' } }],
  v2When: (task) => String(lookup(task)(['mode']) ?? '').toLowerCase() === 'rectangles',
  price: ['1.20', '2.00'],
  maxImageBytes: 600 * KB,
  // The JS lib sends the image as `image`; `body`/`file` are accepted as well (❓ in the protocol).
  imageV1: ['image', 'body', 'file'],
  instructions: 'required',
  fields: [CAN_NO_ANSWER_FIELD],
  answer: boxAnswer,
});
