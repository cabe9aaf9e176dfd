/**
 * Image kinds: the common reading of the image (multipart `file`, base64 `body`, v2 `body`),
 * the hint image, the 140-character text hint and the worker language, on top of defineType.
 */
import { base64ByteLength, cleanBase64, isBase64 } from './base64.ts';
import type { Extras, TypeConfig } from './define.ts';
import { defineType } from './define.ts';
import type { Api, FieldSpec, Reader } from './fields.ts';
import type { ParamBag } from './param-bag.ts';
import type { CaptchaTypeDef, NormalizedTask, ParseFailure } from './types.ts';
import { KB, fail } from './types.ts';

export const MIN_IMAGE_BYTES = 100;
export const MAX_IMG_INSTRUCTIONS_BYTES = 100 * KB;
export const AUDIO_LANGUAGES = ['en', 'ru', 'de', 'el', 'pt', 'fr'] as const;
const LANGUAGE = /^[a-z]{2,3}(-[a-z]{2,4})?$/;

/** v1 `language`: the answer's alphabet, 0 any, 1 Cyrillic, 2 Latin (v2 has no equivalent). */
export const ALPHABET_FIELD: FieldSpec = { key: 'alphabet', type: 'int', v1: ['language'], v2: null, min: 0, max: 2, default: 0 };

export const COMMENT_FIELD: FieldSpec = { key: 'comment', type: 'string', v1: ['textinstructions'], v2: ['comment'], max: 140 };

/** `lang` (v1) / `languagePool` (v2): any ISO-639-like code; the v2 pool `rn` means Russian-speaking workers. */
export function parseLanguage(value: unknown): string | undefined | null {
  if (value === undefined) return undefined;
  const code = String(value).trim().toLowerCase();
  if (!LANGUAGE.test(code)) return null;
  return code === 'rn' ? 'ru' : code;
}

export interface ImageTypeConfig extends Omit<TypeConfig, 'kind' | 'proxy' | 'extras' | 'image'> {
  /** v1 parameter names the image may come under, in priority order; null = no image (text captcha). Default file, body. */
  imageV1?: readonly string[] | null;
  /** v2 task field of the image. Default body. */
  imageV2?: string;
  /** Rotate: `file_1`…`file_9` as well, kept in `images`. */
  multiFile?: boolean;
  /** Text hint + hint image; `required` = one of them must be given, `required-v1` = only v1 insists (grid). */
  instructions?: 'optional' | 'required' | 'required-v1';
  /** `audio`: the recording's language, required and limited to AUDIO_LANGUAGES. Default: optional worker language. */
  language?: 'worker' | 'audio';
  /**
   * Further images the task needs besides the main one (Temu's pieces): v1 parameter names, and the
   * v2 field holding them as an array. At least one is required; they follow the main image in `images`.
   */
  parts?: { v1: readonly string[]; v2: string };
}

const MAX_PARTS = 9;

function checkImage(b64: string | undefined, maxBytes: number | undefined, api: Api): ParseFailure | string {
  if (b64 === undefined) {
    return api === 'v1' ? fail('ERROR_ZERO_CAPTCHA_FILESIZE', 'no image: send a file part or a base64 body') : fail('ERROR_BAD_PARAMETERS', 'body is required');
  }
  if (b64 === '' || !isBase64(b64)) return fail('ERROR_UPLOAD', 'the image is not valid base64');
  const bytes = base64ByteLength(b64);
  if (bytes < MIN_IMAGE_BYTES) return fail('ERROR_ZERO_CAPTCHA_FILESIZE', `the image is smaller than ${MIN_IMAGE_BYTES} bytes`);
  if (maxBytes !== undefined && bytes > maxBytes) return fail('ERROR_TOO_BIG_CAPTCHA_FILESIZE', `the image is larger than ${maxBytes} bytes`);
  return b64;
}

function setImgInstructions(b64: string | undefined, task: NormalizedTask): ParseFailure | undefined {
  if (b64 === undefined) return undefined;
  if (!isBase64(b64) || base64ByteLength(b64) > MAX_IMG_INSTRUCTIONS_BYTES) {
    return fail('ERROR_BAD_IMGINSTRUCTIONS', `imginstructions must be a base64 image of at most ${MAX_IMG_INSTRUCTIONS_BYTES} bytes`);
  }
  task.imgInstructions = b64;
  return undefined;
}

function imageExtras(config: ImageTypeConfig): Extras {
  const v1Names = config.imageV1 === undefined ? ['file', 'body'] : config.imageV1;
  const v2Name = config.imageV2 ?? 'body';
  const audio = config.language === 'audio';

  const finish = (task: NormalizedTask, api: Api, images: (string | undefined)[], hint: string | undefined, lang: unknown) => {
    if (v1Names !== null) {
      const checked: string[] = [];
      for (const image of images.length > 0 ? images : [undefined]) {
        const result = checkImage(image, config.maxImageBytes, api);
        if (typeof result !== 'string') return result;
        checked.push(result);
      }
      task.image = checked[0];
      if (checked.length > 1) task.images = checked;
      // Parts are placed one point each: the points UI reads the exact count from min/maxClicks.
      if (config.parts && checked.length > 1) task.params.minClicks = task.params.maxClicks = checked.length - 1;
    }
    const problem = setImgInstructions(hint, task);
    if (problem) return problem;
    const required = config.instructions === 'required' || (config.instructions === 'required-v1' && api === 'v1');
    if (required && task.params.comment === undefined && task.imgInstructions === undefined) {
      return fail('ERROR_BAD_PARAMETERS', api === 'v1' ? 'textinstructions or imginstructions is required' : 'comment or imgInstructions is required');
    }
    const language = parseLanguage(lang);
    if (language === null || (audio && !(AUDIO_LANGUAGES as readonly (string | undefined)[]).includes(language))) {
      return fail('ERROR_BAD_PARAMETERS', audio ? `lang must be one of ${AUDIO_LANGUAGES.join(', ')}` : 'lang must be a language code');
    }
    if (language !== undefined) task.language = language;
    return undefined;
  };

  const multi = config.multiFile ? Array.from({ length: 9 }, (_, i) => `file_${i + 1}`) : [];
  const parts = config.parts;
  const noParts = (api: Api) => fail('ERROR_BAD_PARAMETERS', `${api === 'v1' ? parts!.v1.join(', ') : `${parts!.v2} (an array of at most ${MAX_PARTS} images)`} required`);
  return {
    v1: (bag: ParamBag, task) => {
      const images = v1Names === null ? [] : config.multiFile ? [...v1Names, ...multi].map((n) => bag.file(n)).filter((f) => f !== undefined) : [v1Names.map((n) => bag.file(n)).find((f) => f !== undefined)];
      if (parts && images[0] !== undefined) {
        const given = parts.v1.map((n) => bag.file(n)).filter((f) => f !== undefined);
        if (given.length === 0) return noParts('v1');
        images.push(...given);
      }
      return finish(task, 'v1', images, bag.file('imginstructions'), bag.get('lang'));
    },
    v2: (read: Reader, task) => {
      const b64 = (value: unknown) => (typeof value === 'string' ? cleanBase64(value) : value === undefined ? undefined : '');
      const text = (names: string[]) => b64(read(names));
      const images = v1Names === null ? [] : [text([v2Name])];
      if (parts && images[0] !== undefined) {
        const given = read([parts.v2]);
        if (!Array.isArray(given) || given.length === 0 || given.length > MAX_PARTS) return noParts('v2');
        images.push(...given.map((p) => b64(p) ?? ''));
      }
      return finish(task, 'v2', images, text(['imgInstructions']), read(audio ? ['lang'] : ['languagePool']));
    },
  };
}

export function defineImageType(config: ImageTypeConfig): CaptchaTypeDef {
  const fields = config.instructions ? [COMMENT_FIELD, ...config.fields] : config.fields;
  const image = {
    v1: config.imageV1 === undefined ? ['file', 'body'] : config.imageV1,
    v2: config.imageV2 ?? 'body',
    multiFile: config.multiFile === true,
    ...(config.parts ? { parts: config.parts } : {}),
    ...(config.instructions ? { instructions: config.instructions } : {}),
    language: config.language ?? 'worker',
  };
  return defineType({ ...config, fields, kind: 'image', proxy: 'none', extras: imageExtras(config), image });
}
