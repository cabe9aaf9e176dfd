#!/usr/bin/env node
/**
 * `npm run test:e2e` runs this first: the Playwright journeys need Debian's Chromium and the fonts
 * the screenshots use (CJK for the zh, ja and ko pages, Thai for th). When something is missing it is installed through
 * apt as root; otherwise the run stops at once with one line saying what to run. Playwright's own
 * browser download is never used (this machine reaches only the npm registry and Debian).
 * E2E_CHROMIUM points at another Chromium binary and skips the check.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const PACKAGES = ['chromium', 'fonts-liberation', 'fonts-noto-cjk', 'fonts-thai-tlwg'];

/** Whether fontconfig has a face for language `lang` (zh, th…). */
function hasFontFor(lang) {
  const r = spawnSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim().length > 0;
}

function missing() {
  const out = [];
  if (!existsSync(CHROMIUM)) out.push('chromium');
  if (!hasFontFor('zh')) out.push('fonts-noto-cjk');
  if (!hasFontFor('th')) out.push('fonts-thai-tlwg');
  return out;
}

if (process.env.E2E_CHROMIUM) {
  if (!existsSync(process.env.E2E_CHROMIUM)) {
    console.error(`E2E_CHROMIUM=${process.env.E2E_CHROMIUM} does not exist: point it at a Chromium binary or unset it.`);
    process.exit(1);
  }
  process.exit(0);
}

const need = missing();
if (need.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
const command = `apt-get install -y --no-install-recommends ${PACKAGES.join(' ')}`;
if (!isRoot || !hasApt) {
  console.error(`The end-to-end tests need ${need.join(' and ')}: run \`sudo ${hasApt ? command : 'install Chromium, a CJK font and a Thai font'}\` (or set E2E_CHROMIUM to a Chromium binary), then npm test again.`);
  process.exit(1);
}

process.stdout.write(`Installing ${PACKAGES.join(', ')} from Debian for the end-to-end tests (missing: ${need.join(', ')})\n`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
try {
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...PACKAGES], { stdio: 'inherit', env });
} catch {
  console.error(`Installing the browser failed: run \`${command}\` by hand and see what apt says.`);
  process.exit(1);
}
const still = missing();
if (still.length > 0) {
  console.error(`Still missing after apt: ${still.join(', ')}; run \`${command}\` by hand.`);
  process.exit(1);
}
process.stdout.write(execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }));
