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
// the figures of 2026-11-26 (in the comments) plus 5 % headroom, rounded up. A public module not
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
  'routes/auth/change-email.tsx': 226, // 215.2
  'routes/auth/check-key.tsx': 228, // 216.9
  'routes/auth/check-remind.tsx': 228, // 216.2
  'routes/auth/confirm-email.tsx': 227, // 215.4
  'routes/auth/delete-email.tsx': 226, // 214.8
  'routes/auth/edit-purse.tsx': 226, // 215.2
  'routes/auth/login.tsx': 228, // 217.1
  'routes/auth/logout.tsx': 226, // 214.3
  'routes/auth/oauth-2fa.tsx': 227, // 216.1
  'routes/auth/register.tsx': 229, // 217.2
  'routes/auth/remind.tsx': 226, // 215.1
  'routes/auth/two-factor-error.tsx': 223, // 212.2
  'routes/content/article.tsx': 230, // 218.2
  'routes/content/list.tsx': 229, // 217.8
  'routes/demo/demo.tsx': 234, // 222.5
  'routes/demo/index.tsx': 233, // 221.6
  'routes/demo/recognition.tsx': 225, // 213.6
  'routes/docs/family.tsx': 225, // 213.6
  'routes/docs/home.tsx': 229, // 218
  'routes/docs/lang-guide.tsx': 227, // 215.7
  'routes/docs/lang-index.tsx': 227, // 215.6
  'routes/docs/rucaptcha.tsx': 224, // 213.3
  'routes/docs/type.tsx': 228, // 217.1
  'routes/extension/extension.tsx': 225, // 213.6
  'routes/extension/workaround.tsx': 227, // 215.9
  'routes/hub/bot.tsx': 222, // 211
  'routes/hub/faq.tsx': 222, // 211.4
  'routes/hub/home.tsx': 227, // 215.4
  'routes/hub/job.tsx': 223, // 211.6
  'routes/hub/jobs.tsx': 228, // 216.6
  'routes/hub/leaderboard.tsx': 228, // 216.2
  'routes/hub/make-money-online.tsx': 226, // 214.8
  'routes/hub/play.tsx': 228, // 216.5
  'routes/hub/rewards.tsx': 224, // 213.1
  'routes/hub/training.tsx': 223, // 211.5
  'routes/hub/workers-software.tsx': 224, // 212.5
  'routes/labelling/landing.tsx': 226, // 214.9
  'routes/legal/payment-policy.tsx': 222, // 211
  'routes/legal/privacy-policy.tsx': 222, // 211
  'routes/legal/terms-of-service.tsx': 222, // 211
  'routes/marketing/about.tsx': 222, // 210.8
  'routes/marketing/accessibility.tsx': 222, // 211.1
  'routes/marketing/affiliate.tsx': 223, // 211.5
  'routes/marketing/discount-campaigns.tsx': 225, // 213.6
  'routes/marketing/for-customer.tsx': 227, // 215.5
  'routes/marketing/home.tsx': 230, // 218.6
  'routes/marketing/landing.tsx': 228, // 216.8
  'routes/marketing/pricing.tsx': 227, // 215.4
  'routes/marketing/promocode.tsx': 222, // 211
  'routes/pay/sandbox-checkout.tsx': 224, // 213.2
  'routes/proxy/api.tsx': 224, // 213.1
  'routes/proxy/landing.tsx': 227, // 215.6
  'routes/software/detail.tsx': 229, // 217.7
  'routes/software/list.tsx': 229, // 217.2
  'routes/software/softlist.tsx': 225, // 213.7
  'routes/software/statistic.tsx': 228, // 216.3
  'routes/statistics/graph.tsx': 229, // 217.4
  'routes/statistics/overview.tsx': 230, // 218.3
  'routes/support/bot.tsx': 226, // 215.2
  'routes/support/enterprise.tsx': 229, // 217.9
  'routes/support/feedback.tsx': 229, // 218
  'routes/support/index.tsx': 229, // 217.6
  'routes/support/tutorials.tsx': 230, // 218.9
};
export const DEFAULT_BUDGET_KIB = 234;

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
