/**
 * A machine-readable OpenAPI 3.1 description of the compatible API (v2 JSON methods and the v1
 * in.php/res.php endpoints), generated from the same parameter tables as the pages: one task
 * schema per registry type (its v2 fields, `type` limited to its names) and one in.php variant
 * per type. Served at GET /api/v1/api-docs/openapi.json; `openapi.test.ts` validates it and calls
 * the server through a client built from it.
 */
import { CAPTCHA_TYPES } from '#shared/captcha-types/index.ts';
import type { DocParam } from '#shared/contracts/api-docs.ts';
import { commonRows, paramRows, type ParamRow } from './params.ts';
import { docText } from './texts.ts';

type Schema = Record<string, unknown>;

function schemaOf(row: Pick<DocParam, 'type' | 'min' | 'max' | 'oneOf' | 'default'>, form: boolean): Schema {
  const base: Schema = (() => {
    switch (row.type) {
      case 'boolean': return form ? { type: ['boolean', 'integer'] } : { type: 'boolean' };
      case 'integer': return { type: 'integer', ...(row.min !== undefined ? { minimum: row.min } : {}), ...(row.max !== undefined ? { maximum: row.max } : {}) };
      case 'number': return { type: 'number', ...(row.min !== undefined ? { minimum: row.min } : {}), ...(row.max !== undefined ? { maximum: row.max } : {}) };
      case 'object': return form ? { type: 'string', description: 'JSON text' } : { type: 'object' };
      case 'integer[]': return form ? { type: 'string' } : { type: 'array', items: { type: 'integer' } };
      case 'base64[]': return { type: 'array', items: { type: 'string', contentEncoding: 'base64' } };
      case 'base64': return { type: 'string', contentEncoding: 'base64' };
      default: return { type: 'string', ...(row.max !== undefined ? { maxLength: row.max } : {}) };
    }
  })();
  if (row.oneOf && row.type !== 'integer') base.enum = row.oneOf;
  return base;
}

function objectOf(rows: Omit<ParamRow, 'source'>[], lang: string, form: boolean, extra: Schema = {}): Schema {
  const properties: Schema = { ...extra };
  const required: string[] = [];
  for (const row of rows) {
    properties[row.name] = { ...schemaOf(row, form), description: docText(lang, row.descKey, { max: row.max ?? '', bytes: row.max ? Math.round(row.max / 1024) : '' }) };
    if (row.required) required.push(row.name);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

const errorSchema = { type: 'object', required: ['errorId'], properties: { errorId: { type: 'integer' }, errorCode: { type: 'string' }, errorDescription: { type: 'string' } } };

export function openApiDocument(apiUrl: string, lang = 'en'): Schema {
  const tasks: Record<string, Schema> = {};
  const forms: Record<string, Schema> = {};
  for (const def of CAPTCHA_TYPES) {
    const name = `${def.slug}`;
    tasks[`Task_${name}`] = { title: docText(lang, `types.${def.slug}`, {}, 'pricing'), ...objectOf(paramRows(def, 'v2'), lang, false) };
    forms[`InPhp_${name}`] = { title: docText(lang, `types.${def.slug}`, {}, 'pricing'), ...objectOf([...commonRows('v1'), ...paramRows(def, 'v1')], lang, true) };
  }
  const ref = (n: string) => ({ $ref: `#/components/schemas/${n}` });
  const json = (schema: Schema) => ({ content: { 'application/json': { schema } } });
  const v2 = (summary: string, body: Schema, ok: Schema) => ({
    post: { summary, requestBody: { required: true, ...json(body) }, responses: { 200: { description: 'errorId 0 on success, else the error', ...json({ oneOf: [ok, errorSchema] }) } } },
  });
  return {
    openapi: '3.1.0',
    info: { title: 'Captcha solving API (2captcha / ruCaptcha compatible)', version: '1.0.0', description: docText(lang, 'home.lead', { count: CAPTCHA_TYPES.length }) },
    servers: [{ url: apiUrl }],
    paths: {
      '/createTask': v2('Send a captcha (API v2)', {
        type: 'object',
        required: ['clientKey', 'task'],
        properties: {
          clientKey: { type: 'string' },
          task: { oneOf: Object.keys(tasks).map(ref) },
          softId: { type: 'integer' },
          callbackUrl: { type: 'string' },
          languagePool: { type: 'string' },
        },
      }, { type: 'object', required: ['errorId', 'taskId'], properties: { errorId: { const: 0 }, taskId: { type: 'integer' } } }),
      '/getTaskResult': v2('Get the answer (API v2)', {
        type: 'object', required: ['clientKey', 'taskId'], properties: { clientKey: { type: 'string' }, taskId: { type: ['integer', 'string'] } },
      }, {
        type: 'object',
        required: ['errorId', 'status'],
        properties: {
          errorId: { const: 0 }, status: { enum: ['processing', 'ready'] }, solution: { type: 'object' }, cost: { type: 'string' },
          ip: { type: 'string' }, createTime: { type: 'integer' }, endTime: { type: 'integer' }, solveCount: { type: 'integer' },
        },
      }),
      '/getBalance': v2('Balance in USD (API v2)', { type: 'object', required: ['clientKey'], properties: { clientKey: { type: 'string' } } },
        { type: 'object', required: ['errorId', 'balance'], properties: { errorId: { const: 0 }, balance: { type: 'number' } } }),
      '/in.php': {
        post: {
          summary: 'Send a captcha (API v1)',
          requestBody: {
            required: true,
            content: {
              'application/x-www-form-urlencoded': { schema: { oneOf: Object.keys(forms).map(ref) } },
              'multipart/form-data': { schema: { oneOf: Object.keys(forms).map(ref) } },
            },
          },
          responses: { 200: { description: 'OK|id, or the error code (JSON {status, request} with json=1)', content: { 'text/plain': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'object', properties: { status: { type: 'integer' }, request: { type: 'string' }, error_text: { type: 'string' } } } } } } },
        },
      },
      '/res.php': {
        get: {
          summary: 'Answers, balance, reports, pingback hosts (API v1)',
          parameters: [
            { name: 'key', in: 'query', required: true, schema: { type: 'string' } },
            { name: 'action', in: 'query', required: true, schema: { enum: ['get', 'get2', 'getbalance', 'reportbad', 'reportgood', 'add_pingback', 'get_pingback', 'del_pingback', 'getstats'] } },
            { name: 'id', in: 'query', schema: { type: 'string' } },
            { name: 'ids', in: 'query', schema: { type: 'string' } },
            { name: 'date', in: 'query', description: 'getstats: the UTC day, YYYY-MM-DD (today when absent)', schema: { type: 'string', format: 'date' } },
            { name: 'json', in: 'query', schema: { enum: ['0', '1'] } },
          ],
          responses: {
            200: {
              description: 'OK|answer, CAPCHA_NOT_READY or an error code (JSON {status, request} with json=1); getstats answers an XML <response> of 24 hourly <stats> elements',
              content: {
                'text/plain': { schema: { type: 'string' } },
                'application/json': { schema: { type: 'object', properties: { status: { type: 'integer' }, request: {} } } },
                'text/xml': { schema: { type: 'string' } },
              },
            },
          },
        },
      },
      '/load.php': {
        get: {
          summary: 'The queue right now, as XML (legacy; no key)',
          responses: { 200: { description: '<RPM> with waiting, load (%), minbid (USD) and averageRecognitionTime (s)', content: { 'text/xml': { schema: { type: 'string' } } } } },
        },
      },
    },
    components: { schemas: { ...tasks, ...forms } },
  };
}
