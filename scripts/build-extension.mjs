/**
 * Builds the browser extension (issue 14): copies `extension/` (Manifest V3, plain scripts, no
 * bundling needed) to `dist/extension/` — the folder a browser loads unpacked, and the e2e spec
 * does — and packs it into `dist/client/captchahub-extension.zip`, served on
 * /captcha-bypass-extension. The zip is written here (deflate + CRC-32 from node:zlib) so the
 * build needs no zip program. Run by `npm run build` after the Vite builds (they empty dist/client).
 */
import { Buffer } from 'node:buffer';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'extension');
const unpacked = path.join(root, 'dist/extension');
const zipPath = path.join(root, 'dist/client/captchahub-extension.zip');

const manifest = JSON.parse(readFileSync(path.join(source, 'manifest.json'), 'utf8'));
if (manifest.manifest_version !== 3) throw new Error('extension/manifest.json must be Manifest V3');

rmSync(unpacked, { recursive: true, force: true });
cpSync(source, unpacked, { recursive: true });

function files(dir, base = '') {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      const rel = base ? `${base}/${name}` : name;
      return statSync(full).isDirectory() ? files(full, rel) : [{ rel, data: readFileSync(full) }];
    });
}

/** A zip archive (deflate), with a fixed timestamp so the same sources give the same bytes. */
function zip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  const time = 0; // 00:00:00
  const date = ((2026 - 1980) << 9) | (1 << 5) | 1; // 2026-01-01
  for (const { rel, data } of entries) {
    const name = Buffer.from(rel, 'utf8');
    const packed = deflateRawSync(data, { level: 9 });
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

mkdirSync(path.dirname(zipPath), { recursive: true });
const entries = files(unpacked);
writeFileSync(zipPath, zip(entries));
console.log(`extension ${manifest.version}: ${entries.length} files → dist/extension/, ${path.relative(root, zipPath)}`);
