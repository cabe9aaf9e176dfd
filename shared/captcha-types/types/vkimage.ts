/**
 * VK image captcha (§1.3 vkimage, v2 VKCaptchaImageTask): a shuffled picture and the list of swaps
 * the page's slider applies; the answer is how many slider steps restore the picture.
 */
import { textAnswer } from '../answers/common.ts';
import { defineImageType } from '../define-image.ts';
import { KB } from '../types.ts';

export default defineImageType({
  slug: 'vkimage',
  ui: 'text',
  v1: { methods: ['vkimage'] },
  v2Types: ['VKCaptchaImageTask'],
  price: ['0.50', '1.00'],
  maxImageBytes: 600 * KB,
  imageV2: 'image',
  fields: [{ key: 'steps', type: 'intList', v1: ['steps'], v2: ['steps'], required: true, min: 1, max: 1000 }],
  answer: {
    ...textAnswer(8),
    checkAnswer: (a, task) => {
      const steps = Array.isArray(task.params.steps) ? task.params.steps.length : 0;
      if (a.kind !== 'text' || !/^\d+$/.test(a.text.trim())) return 'the answer is a number of slider steps';
      return Number(a.text.trim()) > steps ? `the slider has at most ${steps} steps` : undefined;
    },
  },
});
