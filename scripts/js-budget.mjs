// The JavaScript each public page ships (issue 20 #4), measured from Vite's manifest after
// `vite build` and checked against a budget per page module; `npm run build` runs it last and fails
// when a page is over. Run alone: `node --import tsx scripts/js-budget.mjs` (after `vite build`).
//
// A page's JavaScript = the entry chunk (web/entry.client.tsx) and the page module's chunk, with
// every chunk they import statically (what the document preloads and the browser must run before
// hydrating). Dynamic imports (other pages, lazily loaded catalogues) are not counted. Sizes are
// gzip level 9 (what the server sends) and raw bytes (what the browser parses).
//
// Budgets are gzip KiB per page module (every page using the module ships the same JavaScript):
// the figures of 2026-11-26 (in the comments; zod and the dialog library have since left the
// code every page loads: 211-223 KiB before) plus 5 % headroom, rounded up. A public module not
// listed gets DEFAULT_BUDGET_KIB (the largest page's figure plus 5 %). Raise a budget only on
// purpose, in the same commit as the code that needs it; lower it when a page gets lighter.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PAGES } from '../web/routes.ts';

const CLIENT_DIR = path.resolve(process.argv[2] ?? 'dist/client');
const KIB = 1024;

/** gzip KiB per page module (web/routes.ts `module`); the comment is the measured figure. */
export const BUDGETS_KIB = {
  'routes/auth/change-email.tsx': 212, // 201.9
  'routes/auth/check-key.tsx': 214, // 203.7
  'routes/auth/check-remind.tsx': 214, // 202.9
  'routes/auth/confirm-email.tsx': 213, // 202
  'routes/auth/delete-email.tsx': 212, // 201.5
  'routes/auth/edit-purse.tsx': 212, // 201.9
  'routes/auth/login.tsx': 215, // 203.9
  'routes/auth/logout.tsx': 211, // 200.9
  'routes/auth/oauth-2fa.tsx': 213, // 202.8
  'routes/auth/register.tsx': 215, // 203.9
  'routes/auth/remind.tsx': 212, // 201.8
  'routes/auth/two-factor-error.tsx': 182, // 173.1
  'routes/content/article.tsx': 215, // 204.7
  'routes/content/list.tsx': 215, // 204.2
  'routes/demo/demo.tsx': 193, // 183.5
  'routes/demo/index.tsx': 192, // 182.6
  'routes/demo/recognition.tsx': 184, // 174.6
  'routes/docs/family.tsx': 184, // 174.5
  'routes/docs/home.tsx': 215, // 204.2
  'routes/docs/lang-guide.tsx': 212, // 201.9
  'routes/docs/lang-index.tsx': 212, // 201.8
  'routes/docs/rucaptcha.tsx': 183, // 174.2
  'routes/docs/type.tsx': 214, // 203.3
  'routes/extension/extension.tsx': 184, // 174.5
  'routes/extension/workaround.tsx': 186, // 176.9
  'routes/hub/bot.tsx': 181, // 171.8
  'routes/hub/faq.tsx': 181, // 172.2
  'routes/hub/home.tsx': 186, // 176.4
  'routes/hub/job.tsx': 182, // 172.4
  'routes/hub/jobs.tsx': 214, // 203.1
  'routes/hub/leaderboard.tsx': 213, // 202.5
  'routes/hub/make-money-online.tsx': 185, // 175.8
  'routes/hub/play.tsx': 187, // 177.5
  'routes/hub/rewards.tsx': 210, // 199.2
  'routes/hub/training.tsx': 181, // 172.3
  'routes/hub/workers-software.tsx': 183, // 173.4
  'routes/labelling/landing.tsx': 185, // 175.9
  'routes/legal/payment-policy.tsx': 181, // 171.9
  'routes/legal/privacy-policy.tsx': 181, // 171.9
  'routes/legal/terms-of-service.tsx': 181, // 171.9
  'routes/marketing/about.tsx': 181, // 171.6
  'routes/marketing/accessibility.tsx': 181, // 171.9
  'routes/marketing/affiliate.tsx': 181, // 172.3
  'routes/marketing/discount-campaigns.tsx': 184, // 174.6
  'routes/marketing/for-customer.tsx': 186, // 176.6
  'routes/marketing/home.tsx': 216, // 205.5
  'routes/marketing/landing.tsx': 214, // 203.4
  'routes/marketing/pricing.tsx': 186, // 176.4
  'routes/marketing/promocode.tsx': 181, // 171.8
  'routes/pay/sandbox-checkout.tsx': 183, // 174.1
  'routes/proxy/api.tsx': 183, // 173.9
  'routes/proxy/landing.tsx': 187, // 177.3
  'routes/software/detail.tsx': 188, // 178.8
  'routes/software/list.tsx': 214, // 203.7
  'routes/software/softlist.tsx': 184, // 174.6
  'routes/software/statistic.tsx': 187, // 177.3
  'routes/statistics/graph.tsx': 214, // 203.4
  'routes/statistics/overview.tsx': 215, // 204.5
  'routes/support/bot.tsx': 185, // 176.1
  'routes/support/enterprise.tsx': 215, // 204.3
  'routes/support/feedback.tsx': 215, // 204.4
  'routes/support/index.tsx': 215, // 204
  'routes/support/tutorials.tsx': 216, // 205.5
};
export const DEFAULT_BUDGET_KIB = 216;

const manifestFile = path.join(CLIENT_DIR, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`js-budget: ${manifestFile} not found (run vite build first)`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) {
  console.error(`js-budget: no entry chunk in ${manifestFile}`);
  process.exit(1);
}

/** The chunk's file and those of its static imports, each once. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const k of chunk.imports ?? []) closure(k, seen);
  return seen;
}

const sizes = new Map();
function size(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(path.join(CLIENT_DIR, file));
    sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return sizes.get(file);
}

const byModule = new Map();
for (const page of PAGES) {
  if (page.access.kind !== 'public') continue;
  const list = byModule.get(page.module) ?? [];
  list.push(page.path);
  byModule.set(page.module, list);
}

const rows = [];
let failed = 0;
for (const [module, paths] of [...byModule].sort(([a], [b]) => a.localeCompare(b))) {
  const key = `web/${module}`;
  if (!manifest[key]) {
    console.error(`js-budget: ${key} (public page ${paths[0]}) is not in the manifest`);
    failed++;
    continue;
  }
  const files = closure(key, closure(entryKey));
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const s = size(f);
    raw += s.raw;
    gzip += s.gzip;
  }
  const own = Object.hasOwn(BUDGETS_KIB, module);
  const budget = own ? BUDGETS_KIB[module] : DEFAULT_BUDGET_KIB;
  const over = gzip > budget * KIB;
  if (over) failed++;
  rows.push({
    module,
    pages: paths.length === 1 ? paths[0] : `${paths[0]} (+${paths.length - 1})`,
    chunks: files.size,
    'raw KiB': +(raw / KIB).toFixed(1),
    'gzip KiB': +(gzip / KIB).toFixed(1),
    'budget KiB': own ? budget : `${budget} (default)`,
    '': over ? 'OVER' : 'ok',
  });
}

const entry = closure(entryKey);
const entryGzip = [...entry].reduce((n, f) => n + size(f).gzip, 0);
console.log(`\nJavaScript per public page (entry ${manifest[entryKey].file}: ${entry.size} chunks, ${(entryGzip / KIB).toFixed(1)} KiB gzip, in every row):`);
console.table(rows);
if (failed) {
  console.error(`js-budget: ${failed} public page module(s) over budget or missing (budgets in scripts/js-budget.mjs)`);
  process.exit(1);
}
