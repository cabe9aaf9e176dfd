// Brotli (quality 11) and gzip (level 9) copies of the browser build's text assets, made once by
// `npm run build` and served as they are by @fastify/static (`preCompressed`, server/app.ts): smaller
// than the streaming compression of each request (the stylesheet: 34 KB instead of 40 KB) and no
// compression work per request. Fonts and images are compressed formats already and are skipped.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const DIR = path.resolve(process.argv[2] ?? 'dist/client/assets');
const TEXT = new Set(['.js', '.css', '.svg', '.json', '.txt', '.html', '.map']);
const MIN_BYTES = 1024;
const br = promisify(brotliCompress);
const gz = promisify(gzip);

const files = [];
for (const name of await readdir(DIR)) {
  const file = path.join(DIR, name);
  if (TEXT.has(path.extname(name)) && (await stat(file)).size >= MIN_BYTES) files.push(file);
}
let before = 0;
let after = 0;
// A few at a time: brotli 11 is CPU-bound and the machine may be shared.
for (let i = 0; i < files.length; i += 4) {
  await Promise.all(
    files.slice(i, i + 4).map(async (file) => {
      const body = await readFile(file);
      const [b, g] = await Promise.all([
        br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gz(body, { level: 9 }),
      ]);
      await Promise.all([writeFile(file + '.br', b), writeFile(file + '.gz', g)]);
      before += body.length;
      after += b.length;
    }),
  );
}
console.log(`precompress: ${files.length} assets, ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB brotli`);
