import { crc32, inflateRawSync } from 'node:zlib';

/**
 * A minimal ZIP reader for uploads (no zip library is installed or vetted in
 * docs/turn2-libraries.md): reads the central directory, stored (0) and deflate (8) entries only,
 * never more than `maxEntries` files or `maxTotalBytes` inflated in all (zip bombs stop at the
 * limit: inflation is capped by `maxOutputLength`). Directories, `__MACOSX/` and dot-files are
 * skipped. Encrypted or ZIP64 archives are refused.
 */
export class ZipError extends Error {}

export interface ZipEntry {
  name: string;
  data: Buffer;
}

export function readZip(buf: Buffer, limits: { maxEntries: number; maxTotalBytes: number }): ZipEntry[] {
  // End of central directory: 22 bytes + comment (≤ 65535), searched from the end.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('not a zip archive');
  const count = buf.readUInt16LE(eocd + 10);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw new ZipError('ZIP64 archives are not supported');
  const out: ZipEntry[] = [];
  let total = 0;
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw new ZipError('damaged central directory');
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString(flags & 0x800 ? 'utf8' : 'latin1');
    p += 46 + nameLen + extraLen + commentLen;
    const base = name.split('/').pop() ?? '';
    if (name.endsWith('/') || name.startsWith('__MACOSX/') || base.startsWith('.') || base === '') continue;
    if (flags & 1) throw new ZipError('encrypted archives are not supported');
    if (out.length >= limits.maxEntries) throw new ZipError(`more than ${limits.maxEntries} files`);
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw new ZipError('damaged entry');
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(start, start + compressed);
    if (raw.length !== compressed) throw new ZipError('damaged entry');
    const room = limits.maxTotalBytes - total;
    if (size > room) throw new ZipError('the archive unpacks to more than the limit');
    let data: Buffer;
    if (method === 0) data = Buffer.from(raw);
    else if (method === 8) {
      try {
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, room) });
      } catch {
        throw new ZipError('the archive unpacks to more than the limit or is damaged');
      }
    } else throw new ZipError('unsupported compression');
    total += data.length;
    out.push({ name: base, data });
  }
  return out;
}

/** A ZIP of the given files, stored (no compression): export downloads of several text files. */
export function writeZip(files: { name: string; content: string | Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const data = typeof f.content === 'string' ? Buffer.from(f.content, 'utf8') : f.content;
    const name = Buffer.from(f.name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x800, 8);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(data.length, 20);
    cd.writeUInt32LE(data.length, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(cd, name);
    offset += 30 + name.length + data.length;
  }
  const cdBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cdBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cdBuf, end]);
}
