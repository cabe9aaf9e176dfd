/** Normal image captcha: type the text (§1.3 post/base64, §1.4 options; v2 ImageToTextTask). */
import { textAnswer } from '../answers/common.ts';
import { ALPHABET_FIELD, defineImageType } from '../define-image.ts';
import { KB, fail } from '../types.ts';

export default defineImageType({
  slug: 'normal',
  ui: 'text',
  v1: { methods: ['post', 'base64'] },
  v2Types: ['ImageToTextTask'],
  price: ['0.50', '1.00'],
  maxImageBytes: 100 * KB,
  instructions: 'optional',
  fields: [
    { key: 'phrase', type: 'bool', v1: ['phrase'], v2: ['phrase'], default: false },
    { key: 'caseSensitive', type: 'bool', v1: ['regsense'], v2: ['case'], default: false },
    // 0 any, 1 digits, 2 letters, 3 digits or letters, 4 digits and letters.
    { key: 'numeric', type: 'int', v1: ['numeric'], v2: ['numeric'], min: 0, max: 4, default: 0 },
    { key: 'math', type: 'bool', v1: ['calc'], v2: ['math'], default: false },
    { key: 'minLength', type: 'int', v1: ['min_len'], v2: ['minLength'], min: 0, max: 20, default: 0 },
    { key: 'maxLength', type: 'int', v1: ['max_len'], v2: ['maxLength'], min: 0, max: 20, default: 0 },
    ALPHABET_FIELD,
  ],
  check: (p) => {
    const min = Number(p.minLength);
    const max = Number(p.maxLength);
    return min > 0 && max > 0 && min > max ? fail('ERROR_BAD_PARAMETERS', 'min_len is greater than max_len') : undefined;
  },
  answer: {
    ...textAnswer(200),
    // Length limits are cheap to enforce here; character classes are left to the worker UI.
    checkAnswer: (a, task) => {
      const length = a.kind === 'text' ? a.text.length : 0;
      const min = Number(task.params.minLength ?? 0);
      const max = Number(task.params.maxLength ?? 0);
      if (min > 0 && length < min) return `the answer needs at least ${min} characters`;
      if (max > 0 && length > max) return `the answer allows at most ${max} characters`;
      return undefined;
    },
  },
});
