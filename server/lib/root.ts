import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (where package.json lives), the same from sources and from dist/. */
export const APP_ROOT = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
})();

/** Where `vite build` puts the browser bundle. */
export const CLIENT_DIR = path.join(APP_ROOT, 'dist/client');
