/**
 * A separate process that loads the app while the dispatch bench measures offers:
 *   `load.ts pages <base> <pagesPerSecond> <pollUrl> <pollsPerSecond>` — anonymous page views of `/`
 *   and res.php polls at fixed rates (autocannon overallRate) until killed; prints the achieved rates;
 *   `load.ts burn` — one core's busy loop.
 */
import autocannon from 'autocannon';

const [mode, base, pagesRps, pollUrl, pollsRps] = process.argv.slice(2);

if (mode === 'burn') {
  process.send?.('ready');
  for (;;) {
    /* one core, busy */
  }
}

if (mode === 'pages') {
  const run = (url: string, rate: number, headers: Record<string, string> = {}) => {
    // With a callback autocannon returns the instance, whose responses are counted below.
    return autocannon({ url, connections: 16, overallRate: rate, duration: 3600, headers }, () => {});
  };
  const pages = run(`${base}/`, Number(pagesRps), { 'accept-language': 'en' });
  const polls = run(pollUrl!, Number(pollsRps));
  const count = { pages: 0, polls: 0, errors: 0 };
  pages.on('response', (_c: unknown, status: number) => (status === 200 ? count.pages++ : count.errors++));
  polls.on('response', (_c: unknown, status: number) => (status === 200 ? count.polls++ : count.errors++));
  let started = Date.now();
  process.on('message', (msg) => {
    if (msg === 'reset') {
      started = Date.now();
      Object.assign(count, { pages: 0, polls: 0, errors: 0 });
    }
    if (msg !== 'report') return;
    const s = (Date.now() - started) / 1000;
    process.send?.({ pagesPerSecond: Math.round(count.pages / s), pollsPerSecond: Math.round(count.polls / s), errors: count.errors });
  });
  process.send?.('ready');
}
