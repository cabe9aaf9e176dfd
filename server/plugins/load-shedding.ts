import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How late this process's event loop runs: a timer due every `everyMs` measures how late it fires;
 * `lagMs` is the worst lateness seen in the last `windowMs`. A busy loop delays every socket it
 * serves, the workers' /ws offers included.
 */
export class LoopLag {
  private timer: NodeJS.Timeout | null = null;
  private samples: { at: number; lag: number }[] = [];

  constructor(
    private readonly everyMs = 10,
    private readonly windowMs = 250,
  ) {}

  start() {
    let expected = performance.now() + this.everyMs;
    this.timer = setInterval(() => {
      const now = performance.now();
      this.samples.push({ at: now, lag: Math.max(0, now - expected) });
      while (this.samples.length > 0 && this.samples[0]!.at < now - this.windowMs) this.samples.shift();
      expected = now + this.everyMs;
    }, this.everyMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  get lagMs(): number {
    let worst = 0;
    for (const s of this.samples) if (s.lag > worst) worst = s.lag;
    return worst;
  }
}

/**
 * Sheds the browser-facing surfaces (pages, site API) while the event loop runs later than
 * `maxLagMs`: they answer 503 with Retry-After at once instead of adding render work, so the
 * solving loop (worker offers over /ws, submissions, result polls) keeps the process. Off at 0.
 */
export const loadShedding = fp(
  async (app: FastifyInstance, opts: { maxLagMs: number; onShed?: () => void }) => {
    if (opts.maxLagMs <= 0) return;
    const lag = new LoopLag();
    lag.start();
    app.addHook('onClose', async () => lag.stop());
    app.addHook('onRequest', (req, reply, done) => {
      // In-process requests (the page renderer's loaders, app.inject) belong to a render already begun.
      // Static assets are cheap and a page already sent needs them: never shed.
      if (lag.lagMs <= opts.maxLagMs || '_lightMyRequest' in req.raw || req.url.startsWith('/assets/')) return done();
      opts.onShed?.();
      reply.code(503).header('retry-after', '1').header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Busy, retry in a second.');
    });
  },
  { name: 'load-shedding' },
);
