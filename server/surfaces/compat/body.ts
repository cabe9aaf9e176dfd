import Busboy from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import { TaskError } from '#server/modules/tasks/task-error.ts';
import { multipartBoundary, parseContentType } from './content-type.ts';

export type Fields = Record<string, unknown>;
export interface UploadedFile {
  filename: string;
  data: Buffer;
}
export interface Params {
  fields: Fields;
  files: Record<string, UploadedFile>;
}
const parsed = new WeakMap<FastifyRequest, Params>();

/**
 * Multipart parts, read from the buffered body. Broken multipart is the protocol's ERROR_UPLOAD.
 * `boundary` is exactly as the client sent it (case matters); busboy gets it quoted.
 */
function parseMultipart(boundary: string | null, body: Buffer): Promise<{ fields: Fields; files: Record<string, UploadedFile> }> {
  return new Promise((resolve, reject) => {
    const fields: Fields = {};
    const files: Record<string, UploadedFile> = {};
    let bb: InstanceType<typeof Busboy>;
    try {
      if (boundary === null) throw new Error('no usable boundary');
      bb = new Busboy({ headers: { 'content-type': `multipart/form-data; boundary="${boundary}"` }, limits: { files: 12, fields: 200, fieldSize: 2 * 1024 * 1024 } });
    } catch {
      reject(new TaskError('ERROR_UPLOAD'));
      return;
    }
    bb.on('field', (name: string, value: string) => (fields[name] = value));
    bb.on('file', (name: string, stream: NodeJS.ReadableStream, filename: string) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => (files[name] = { filename: filename ?? '', data: Buffer.concat(chunks) }));
    });
    bb.on('error', () => reject(new TaskError('ERROR_UPLOAD')));
    bb.on('finish', () => resolve({ fields, files }));
    bb.end(body);
  });
}

/**
 * Query and body merged (the body wins), whatever the client sent: multipart, urlencoded, or JSON
 * (recognised by a leading `{`, even when labelled text/plain).
 */
export async function readParams(req: FastifyRequest): Promise<Params> {
  const params = await parseParams(req);
  parsed.set(req, params);
  return params;
}

/** What readParams returned for this request, if it got that far (the error log reads the names). */
export function parsedParams(req: FastifyRequest): Params | undefined {
  return parsed.get(req);
}

async function parseParams(req: FastifyRequest): Promise<Params> {
  const query = (req.query ?? {}) as Fields;
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  if (raw.length === 0) return { fields: { ...query }, files: {} };
  // Parsed case-preservingly: the boundary's case must survive (issue 21, finding 3).
  const type = parseContentType(String(req.headers['content-type'] ?? ''));
  if (type.mediaType === 'multipart/form-data') {
    const { fields, files } = await parseMultipart(multipartBoundary(type), raw);
    return { fields: { ...query, ...fields }, files };
  }
  const text = raw.toString('utf8').trim();
  if (text.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new TaskError('ERROR_BAD_PARAMETERS', 'The JSON body could not be parsed.');
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new TaskError('ERROR_BAD_PARAMETERS', 'The JSON body must be an object.');
    return { fields: { ...query, ...(json as Fields) }, files: {} };
  }
  return { fields: { ...query, ...Object.fromEntries(new URLSearchParams(text)) }, files: {} };
}
