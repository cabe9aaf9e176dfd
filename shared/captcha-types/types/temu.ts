/**
 * Temu slider pieces (§1.3 temuimage, v2 TemuImageTask): the background and the pieces to place;
 * the answer is one point per piece, where it belongs, in order (coordinates format).
 */
import { pointsAnswer } from '../answers/image.ts';
import { defineImageType } from '../define-image.ts';
import { KB } from '../types.ts';

export default defineImageType({
  slug: 'temuimage',
  ui: 'points',
  // The JS client's method is called temu() but sends temuimage.
  v1: { methods: ['temuimage', 'temu'] },
  // python-rucaptcha sends TemuCaptchaTask.
  v2Types: ['TemuImageTask', 'TemuCaptchaTask'],
  price: ['1.20', '2.00'],
  maxImageBytes: 600 * KB,
  imageV1: ['body', 'file'],
  imageV2: 'image',
  parts: { v1: ['part1', 'part2', 'part3'], v2: 'parts' },
  fields: [],
  answer: {
    ...pointsAnswer,
    checkAnswer: (a, task) => {
      const pieces = (task.images?.length ?? 1) - 1;
      return a.kind === 'points' && a.points.length !== pieces ? `place each of the ${pieces} pieces: one point per piece` : undefined;
    },
  },
});
