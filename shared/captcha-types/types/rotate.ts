/** Rotate: turn the image upright (§1.3 rotatecaptcha, v2 RotateTask). */
import { rotateAnswer } from '../answers/image.ts';
import { defineImageType } from '../define-image.ts';
import { KB } from '../types.ts';

export default defineImageType({
  slug: 'rotate',
  ui: 'rotate',
  v1: { methods: ['rotatecaptcha'] },
  v2Types: ['RotateTask'],
  price: ['0.50', '1.00'],
  maxImageBytes: 600 * KB,
  multiFile: true,
  instructions: 'optional',
  // One rotation step in degrees; the page can only turn the image by multiples of it.
  fields: [{ key: 'angle', type: 'int', v1: ['angle'], v2: ['angle'], min: 1, max: 180, default: 40 }],
  answer: {
    ...rotateAnswer,
    checkAnswer: (a, task) => {
      const step = Number(task.params.angle ?? 1);
      return a.kind === 'rotate' && a.angle % step !== 0 ? `the angle must be a multiple of ${step}` : undefined;
    },
  },
});
