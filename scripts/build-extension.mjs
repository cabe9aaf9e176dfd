/**
 * Builds the browser extension (issue 14 #4): checks `extension/` (Manifest V3, plain scripts, no
 * bundling needed; every _locales catalogue has the same keys as English), copies it to
 * `dist/extension/` — the folder a browser loads unpacked, and e2e/extension does — and packs it
 * with fflate into `dist/client/captchahub-extension.zip`, downloaded from /captcha-bypass-extension
 * (GET /api/v1/captcha-bypass-extension/download). Fixed timestamps: the same sources give the same
 * bytes. Run by `npm run build` after the Vite builds (they empty dist/client).
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'extension');
const unpacked = path.join(root, 'dist/extension');
const zipPath = path.join(root, 'dist/client/captchahub-extension.zip');
/** Sources only: the README is for this repository's readers, not for the browser. */
const SKIP = new Set(['README.md']);

const manifest = JSON.parse(readFileSync(path.join(source, 'manifest.json'), 'utf8'));
if (manifest.manifest_version !== 3) throw new Error('extension/manifest.json must be Manifest V3');

const catalogue = (lang) => JSON.parse(readFileSync(path.join(source, '_locales', lang, 'messages.json'), 'utf8'));
const english = Object.keys(catalogue(manifest.default_locale)).sort();
for (const lang of readdirSync(path.join(source, '_locales'))) {
  const keys = Object.keys(catalogue(lang)).sort();
  const missing = english.filter((k) => !keys.includes(k));
  const extra = keys.filter((k) => !english.includes(k));
  if (missing.length || extra.length) throw new Error(`extension/_locales/${lang}: missing ${missing.join(', ') || '-'}; extra ${extra.join(', ') || '-'}`);
}

function files(dir, base = '') {
  return readdirSync(dir)
    .sort()
    .filter((name) => !(base === '' && SKIP.has(name)))
    .flatMap((name) => {
      const full = path.join(dir, name);
      const rel = base ? `${base}/${name}` : name;
      return statSync(full).isDirectory() ? files(full, rel) : [{ rel, data: new Uint8Array(readFileSync(full)) }];
    });
}

const entries = files(source);
rmSync(unpacked, { recursive: true, force: true });
for (const { rel } of entries) {
  mkdirSync(path.dirname(path.join(unpacked, rel)), { recursive: true });
  cpSync(path.join(source, rel), path.join(unpacked, rel));
}

const mtime = new Date('2026-01-01T00:00:00Z');
const zipped = zipSync(Object.fromEntries(entries.map(({ rel, data }) => [rel, [data, { level: 9, mtime }]])));
mkdirSync(path.dirname(zipPath), { recursive: true });
writeFileSync(zipPath, zipped);
console.log(`extension ${manifest.version}: ${entries.length} files → dist/extension/, ${path.relative(root, zipPath)} (${zipped.length} bytes)`);
