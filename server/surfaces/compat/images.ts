import { fileTypeFromBuffer } from 'file-type';
import { TaskError } from '#server/modules/tasks/task-error.ts';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);
const AUDIO_TYPES = new Set(['audio/mpeg']);

/** Strict base64 (a data: URI prefix is accepted). @throws TaskError ERROR_UPLOAD */
export function decodeBase64(value: string): Buffer {
  // Canonical base64 (nearly every upload) decodes to bytes that encode back to the same text:
  // one native round trip instead of three passes of regular expressions over the image.
  const bytes = Buffer.from(value, 'base64');
  if (value.length % 4 === 0 && value.length > 0 && bytes.toString('base64') === value) return bytes;
  const clean = value.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (clean.length === 0 || clean.length % 4 === 1 || !BASE64.test(clean)) throw new TaskError('ERROR_UPLOAD');
  return Buffer.from(clean, 'base64');
}

/**
 * Checks an uploaded captcha file: at least 100 bytes, at most `maxBytes`, and really an image
 * (or MP3 for audio) by its bytes, whatever its name says.
 * @throws TaskError ERROR_ZERO_CAPTCHA_FILESIZE, ERROR_TOO_BIG_CAPTCHA_FILESIZE, ERROR_IMAGE_TYPE_NOT_SUPPORTED
 */
export async function checkMedia(data: Buffer, maxBytes: number, audio = false): Promise<void> {
  if (data.length < 100) throw new TaskError('ERROR_ZERO_CAPTCHA_FILESIZE');
  if (data.length > maxBytes) throw new TaskError('ERROR_TOO_BIG_CAPTCHA_FILESIZE');
  const sniffed = await fileTypeFromBuffer(data);
  const allowed = audio ? AUDIO_TYPES : IMAGE_TYPES;
  if (!sniffed || !allowed.has(sniffed.mime)) throw new TaskError('ERROR_IMAGE_TYPE_NOT_SUPPORTED');
}

/** v1 multipart uploads must be named like an image. @throws TaskError ERROR_WRONG_FILE_EXTENSION */
export function checkExtension(filename: string, audio = false) {
  if (!filename) return;
  const ok = audio ? /\.mp3$/i : /\.(jpe?g|gif|png)$/i;
  if (!ok.test(filename)) throw new TaskError('ERROR_WRONG_FILE_EXTENSION');
}
