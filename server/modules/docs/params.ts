/**
 * Parameter tables generated from a type's declared inputs (`def.inputs`: the same field specs and
 * image options its parsers are built from) plus the proxy and selector parameters, for v1
 * (`in.php`) and v2 (`createTask` task). Descriptions are i18n keys here (`apidocs:fields.*`,
 * `apidocs:inputs.*`), resolved per language by the service. `params.test.ts` proves every name
 * in these tables is read by the parser and every name the parser reads is in them.
 */
import { AUDIO_LANGUAGES, MAX_IMG_INSTRUCTIONS_BYTES, toV2Error } from '#shared/captcha-types/index.ts';
import type { CaptchaTypeDef, ProtocolError } from '#shared/captcha-types/index.ts';
import type { Api, FieldSpec } from '#shared/captcha-types/fields.ts';
import type { ApiVersion, DocParam } from '#shared/contracts/api-docs.ts';

export interface ParamRow extends Omit<DocParam, 'description'> {
  /** i18n key of the description in `apidocs`. */
  descKey: string;
  /** What the row stands for in the parser: a field key, or one of the image/proxy/selector inputs. */
  source: { field: FieldSpec } | { input: 'selector' | 'flag' | 'image' | 'files' | 'parts' | 'imgInstructions' | 'language' | 'proxy' | 'proxyType' | 'proxyAddress' | 'proxyPort' | 'proxyLogin' | 'proxyPassword' };
}

const TYPE_NAMES: Record<FieldSpec['type'], DocParam['type']> = {
  string: 'string', bool: 'boolean', int: 'integer', number: 'number', object: 'object', cookies: 'cookies', intList: 'integer[]',
};

const unique = <T>(list: T[]) => [...new Set(list)];
const errorsFor = (api: Api, codes: ProtocolError[]) => unique(api === 'v1' ? codes : codes.map(toV2Error));

function fieldRow(spec: FieldSpec, api: Api, requiredOverride?: boolean): ParamRow | null {
  const names = api === 'v1' ? spec.v1 : spec.v2;
  if (names === null) return null;
  const [name, ...aliases] = names ?? [spec.key];
  const missing = spec.missing ?? 'ERROR_BAD_PARAMETERS';
  return {
    name: name!,
    aliases,
    type: TYPE_NAMES[spec.type],
    required: requiredOverride ?? spec.required === true,
    ...(spec.default !== undefined ? { default: JSON.stringify(spec.default) } : {}),
    ...(spec.min !== undefined ? { min: spec.min } : {}),
    ...(spec.max !== undefined ? { max: spec.max } : {}),
    ...(spec.oneOf ? { oneOf: [...spec.oneOf] } : {}),
    errors: errorsFor(api, [missing, spec.invalid ?? missing]),
    descKey: `fields.${spec.key}`,
    source: { field: spec },
  };
}

const IMAGE_ERRORS: ProtocolError[] = ['ERROR_ZERO_CAPTCHA_FILESIZE', 'ERROR_TOO_BIG_CAPTCHA_FILESIZE', 'ERROR_UPLOAD', 'ERROR_IMAGE_TYPE_NOT_SUPPORTED'];
const FLAG_PARAMS: Record<NonNullable<CaptchaTypeDef['v1']['flag']>, string> = {
  recaptcha: 'recaptcha', canvas: 'canvas', coordinatescaptcha: 'coordinatescaptcha', textcaptcha: 'textcaptcha',
};

function input(row: Omit<ParamRow, 'aliases' | 'errors' | 'source'> & Partial<Pick<ParamRow, 'aliases' | 'errors'>>, source: ParamRow['source']): ParamRow {
  return { aliases: [], errors: [], ...row, source };
}

/** The rows of one type in one API version, in the order a client fills them in. */
export function paramRows(def: CaptchaTypeDef, version: ApiVersion): ParamRow[] {
  const api: Api = version;
  const rows: ParamRow[] = [];
  const { fields, image } = def.inputs;
  if (api === 'v1') {
    rows.push(input({ name: 'method', type: 'string', required: def.v1.flag !== 'textcaptcha', oneOf: [...def.v1.methods], descKey: 'inputs.method' }, { input: 'selector' }));
    if (def.v1.flag && def.v1.flag !== 'textcaptcha') {
      rows.push(input({ name: FLAG_PARAMS[def.v1.flag], type: 'integer', required: true, oneOf: ['1'], descKey: `inputs.flag` }, { input: 'flag' }));
    }
    if (def.v1.when) rows.push(input({ name: 'version', type: 'string', required: true, oneOf: ['v3'], descKey: 'inputs.version' }, { input: 'flag' }));
  } else {
    rows.push(input({ name: 'type', type: 'string', required: true, oneOf: [...def.v2Types], descKey: 'inputs.type' }, { input: 'selector' }));
  }
  if (image && image.v1 !== null) {
    const [name, ...aliases] = api === 'v1' ? image.v1 : [image.v2];
    rows.push(input({ name: name!, aliases, type: 'base64', required: true, ...(def.maxImageBytes ? { max: def.maxImageBytes } : {}), errors: errorsFor(api, IMAGE_ERRORS), descKey: api === 'v1' ? 'inputs.imageV1' : 'inputs.image' }, { input: 'image' }));
    if (image.multiFile && api === 'v1') {
      rows.push(input({ name: 'file_1', aliases: Array.from({ length: 8 }, (_, i) => `file_${i + 2}`), type: 'base64', required: false, errors: errorsFor(api, IMAGE_ERRORS), descKey: 'inputs.files' }, { input: 'files' }));
    }
    if (image.parts) {
      const [partName, ...partAliases] = api === 'v1' ? image.parts.v1 : [image.parts.v2];
      rows.push(input({ name: partName!, aliases: partAliases, type: api === 'v1' ? 'base64' : 'base64[]', required: true, max: 9, errors: errorsFor(api, ['ERROR_BAD_PARAMETERS', ...IMAGE_ERRORS]), descKey: 'inputs.parts' }, { input: 'parts' }));
    }
  }
  const instructionsRequired = image?.instructions === 'required' || (image?.instructions === 'required-v1' && api === 'v1');
  for (const spec of fields) {
    // comment / textinstructions: one of it and the hint image is required for some kinds.
    const row = fieldRow(spec, api, spec.key === 'comment' && instructionsRequired ? false : undefined);
    if (row && spec.key === 'comment' && instructionsRequired) row.descKey = 'inputs.commentOrImage';
    if (row) rows.push(row);
  }
  // The hint image is read for every image kind, whether or not it declares instructions.
  if (image) {
    rows.push(input({ name: api === 'v1' ? 'imginstructions' : 'imgInstructions', type: 'base64', required: false, max: MAX_IMG_INSTRUCTIONS_BYTES, errors: errorsFor(api, ['ERROR_BAD_IMGINSTRUCTIONS']), descKey: 'inputs.imgInstructions' }, { input: 'imgInstructions' }));
  }
  if (image) {
    const audio = image.language === 'audio';
    rows.push(input({
      name: api === 'v1' || audio ? 'lang' : 'languagePool', type: 'string', required: audio,
      ...(audio ? { oneOf: [...AUDIO_LANGUAGES] } : {}), errors: errorsFor(api, ['ERROR_BAD_PARAMETERS']), descKey: audio ? 'inputs.audioLanguage' : 'inputs.language',
    }, { input: 'language' }));
  }
  if (def.proxy !== 'none') {
    const required = def.proxy === 'required';
    if (api === 'v1') {
      rows.push(input({ name: 'proxy', type: 'proxy', required, errors: ['ERROR_PROXY_FORMAT', 'ERROR_BAD_PROXY'], descKey: 'inputs.proxy' }, { input: 'proxy' }));
      rows.push(input({ name: 'proxytype', type: 'string', required: false, default: '"HTTP"', oneOf: ['HTTP', 'HTTPS', 'SOCKS4', 'SOCKS5'], errors: ['ERROR_PROXY_FORMAT'], descKey: 'inputs.proxytype' }, { input: 'proxyType' }));
    } else {
      const proxyRow = (name: string, type: DocParam['type'], req: boolean, source: 'proxyType' | 'proxyAddress' | 'proxyPort' | 'proxyLogin' | 'proxyPassword', extra: Partial<ParamRow> = {}) =>
        input({ name, type, required: req, errors: ['ERROR_BAD_PROXY'], descKey: `inputs.${source}`, ...extra }, { input: source });
      rows.push(proxyRow('proxyType', 'string', required, 'proxyType', { oneOf: ['http', 'https', 'socks4', 'socks5'] }));
      rows.push(proxyRow('proxyAddress', 'string', required, 'proxyAddress'));
      rows.push(proxyRow('proxyPort', 'integer', required, 'proxyPort', { min: 1, max: 65535 }));
      rows.push(proxyRow('proxyLogin', 'string', false, 'proxyLogin'));
      rows.push(proxyRow('proxyPassword', 'string', false, 'proxyPassword'));
    }
  }
  return rows;
}

/** Every name a row accepts (the API compares them ignoring case, `_` and `-`). */
export const rowNames = (row: Pick<ParamRow, 'name' | 'aliases'>) => [row.name, ...row.aliases];

/** Parameters every in.php call or createTask body takes besides the task's own (compat surface). */
export function commonRows(version: ApiVersion): Omit<ParamRow, 'source'>[] {
  const row = (name: string, type: DocParam['type'], required: boolean, descKey: string, extra: Partial<ParamRow> = {}) => ({ name, aliases: [], type, required, errors: [], descKey, ...extra });
  if (version === 'v1') {
    return [
      row('key', 'string', true, 'common.key', { errors: ['ERROR_WRONG_USER_KEY', 'ERROR_KEY_DOES_NOT_EXIST'] }),
      row('json', 'integer', false, 'common.json', { default: '0', oneOf: ['0', '1'] }),
      row('soft_id', 'integer', false, 'common.softId'),
      row('pingback', 'string', false, 'common.pingback'),
      row('header_acao', 'integer', false, 'common.headerAcao', { default: '0', oneOf: ['0', '1'] }),
    ];
  }
  return [
    row('clientKey', 'string', true, 'common.key', { errors: ['ERROR_KEY_DOES_NOT_EXIST'] }),
    row('task', 'object', true, 'common.task', { errors: ['ERROR_TASK_ABSENT', 'ERROR_TASK_NOT_SUPPORTED'] }),
    row('softId', 'integer', false, 'common.softId'),
    row('callbackUrl', 'string', false, 'common.pingback'),
    row('languagePool', 'string', false, 'common.languagePool', { default: '"en"' }),
  ];
}
