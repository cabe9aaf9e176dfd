import { z } from 'zod';

const url = z.url({ protocol: /^https?$/ });
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), url.optional());
/**
 * "RUB=90,CNY=7.2" → { RUB: '90', CNY: '7.2' }: units of each currency per 1 USD, kept as decimal
 * strings so conversions stay exact (server/modules/pricing/currency.ts). USD is always 1.
 */
const currencyRates = z
  .string()
  .transform((value, ctx) => {
    const rates: Record<string, string> = {};
    for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
      const match = /^([A-Za-z]{3})\s*=\s*(\d{1,9}(?:\.\d{1,9})?)$/.exec(part);
      if (!match || !/[1-9]/.test(match[2]!)) {
        ctx.addIssue({ code: 'custom', message: `"${part}" is not CODE=rate with a positive decimal rate` });
        return z.NEVER;
      }
      const code = match[1]!.toUpperCase();
      if (code !== 'USD') rates[code] = match[2]!;
    }
    return rates;
  });

const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).optional());
const bool = z.preprocess((v) => (v === undefined || v === '' ? undefined : String(v) === 'true' || v === '1'), z.boolean().optional());

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().startsWith('postgres').optional()),
  BRAND_NAME: z.string().min(1).default('CaptchaHub'),
  /** The international site (English at unprefixed paths). */
  PUBLIC_URL: url.default('http://localhost:3000'),
  /** The Russian-language site; defaults to the international one with the /ru prefix. */
  RU_URL: optionalUrl,
  /** The Chinese site; pages live under /zh there too. */
  ZH_URL: optionalUrl,
  /** The host name the v2 API (createTask…) also answers on. */
  API_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  RATE_LIMITS: bool.default(true),
  TRUST_PROXY: bool.default(false),
  /** Anonymous views of public pages are served from the rendered-page cache (ssr/page-cache.ts). */
  PAGE_CACHE: bool.default(true),
  /**
   * Lets pingbacks reach loopback and private addresses (the product's own tests deliver to a
   * local server). Off by default and refused with NODE_ENV=production: it reopens SSRF.
   */
  PINGBACK_ALLOW_PRIVATE: bool.default(false),
  /** The counting window of the ERROR: 1003 and ERROR: 1005 bans (compat/limits.ts), in seconds. */
  COMPAT_BAN_WINDOW_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
  /**
   * Submissions allowed to wait for the group commit; beyond it in.php/createTask answer
   * ERROR_NO_SLOT_AVAILABLE at once (nothing written) instead of queueing without bound.
   */
  SUBMISSION_BACKLOG: z.coerce.number().int().min(1).max(100_000).default(1000),
  /**
   * Event-loop lag (ms) beyond which pages and the site API answer 503 + Retry-After at once, so
   * workers' offers and the compatible API keep the process; 0 turns shedding off.
   */
  SHED_LAG_MS: z.coerce.number().int().min(0).max(60_000).default(100),
  /**
   * Where limits and bans are shared across nodes (lib/shared-store): memory (one process; the
   * default on the embedded database), postgres (the default with DATABASE_URL), redis (the
   * default with REDIS_URL).
   */
  SHARED_STORE: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['memory', 'postgres', 'redis']).optional()),
  /** Redis for the shared limits store, e.g. redis://127.0.0.1:6379. */
  REDIS_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().startsWith('redis').optional()),
  /** Prefix of every Redis key the shared store writes. */
  REDIS_PREFIX: z.string().min(1).default('captchahub:'),
  /** How often each node adds its local limit counts to the shared store (ms): the overshoot window. */
  SHARED_STORE_FLUSH_MS: z.coerce.number().int().min(10).max(5_000).default(100),
  /** Seconds a SIGTERM waits for in-flight requests, pingbacks and workers' hand-backs before exiting. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /** Turns on GET /metrics (Prometheus), answered only to `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),
  /**
   * The sandbox payment provider (a hosted checkout that approves or declines without real money).
   * Unset: on with the embedded database, off on PostgreSQL.
   */
  PAYMENTS_SANDBOX: bool,
  /**
   * The sandbox payout provider (modules/payouts/providers.ts): admins send approved payouts through
   * it and get a reference back, without real money. Unset: on with the embedded database, off on
   * PostgreSQL (payouts are then sent by hand and marked sent with the reference).
   */
  PAYOUTS_SANDBOX: bool,
  /** Stripe Checkout: both keys turn it on (secret key sk_…, webhook signing secret whsec_…). */
  STRIPE_SECRET_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().startsWith('sk_').optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().startsWith('whsec_').optional()),
  /**
   * Crypto invoices (modules/payments/crypto). A coin is offered when its account extended PUBLIC
   * key is set and a chain source exists for it: BTC (zpub → bc1q…, xpub → 1…), BCH (xpub of
   * m/44'/145'/0'), USDT on TRON (xpub of m/44'/195'/0').
   */
  CRYPTO_BTC_XPUB: optionalText,
  CRYPTO_BCH_XPUB: optionalText,
  CRYPTO_USDT_XPUB: optionalText,
  /** Confirmations before a deposit is credited, per coin. */
  CRYPTO_BTC_CONFIRMATIONS: z.coerce.number().int().min(0).max(100).default(2),
  CRYPTO_BCH_CONFIRMATIONS: z.coerce.number().int().min(0).max(100).default(6),
  CRYPTO_USDT_CONFIRMATIONS: z.coerce.number().int().min(0).max(1000).default(19),
  /** How long an invoice's rate holds, and how long after expiry late payments are still watched for. */
  CRYPTO_INVOICE_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(30),
  CRYPTO_LATE_HOURS: z.coerce.number().int().min(0).max(24 * 30).default(72),
  /** live: the adapters below; simulator: the offline chain simulator (development and tests only, never real money). */
  CRYPTO_CHAIN: z.enum(['live', 'simulator']).default('live'),
  CRYPTO_BTC_ESPLORA_URL: optionalUrl,
  CRYPTO_BCH_ESPLORA_URL: optionalUrl,
  CRYPTO_TRONGRID_URL: optionalUrl,
  CRYPTO_TRONGRID_API_KEY: optionalText,
  /** Seconds between chain polls (every node polls; crediting is exactly once regardless). */
  CRYPTO_POLL_SECONDS: z.coerce.number().min(0.2).max(3600).default(15),
  /** Support tickets answered or waiting for the user close after this many quiet hours (issue 18). */
  SUPPORT_AUTOCLOSE_HOURS: z.coerce.number().min(1).max(8760).default(168),
  /** USD per coin, fixed ("BTC=65000,BCH=350"); USDT is 1 unless given. Ignored for a coin CRYPTO_RATES_URL quotes. */
  CRYPTO_RATES: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^\s*[A-Za-z]{3,4}\s*=\s*\d{1,9}(\.\d{1,8})?\s*(,\s*[A-Za-z]{3,4}\s*=\s*\d{1,9}(\.\d{1,8})?\s*)*$/).optional()),
  /** A spot-price API in Coinbase's shape: GET {url}/prices/BTC-USD/spot → {"data":{"amount":"65000.12"}}. */
  CRYPTO_RATES_URL: optionalUrl,
  /** A payout wallet becomes usable this long after its change was confirmed (default 48 hours). */
  PAYOUT_WALLET_HOLD_SECONDS: z.coerce.number().int().min(0).max(30 * 86_400).default(48 * 3600),
  /** Referral commissions in percent (up to two decimals): of referred workers' earnings, of referred customers' spend. */
  REFERRAL_WORKER_PERCENT: z.coerce.number().min(0).max(50).default(10),
  REFERRAL_CUSTOMER_PERCENT: z.coerce.number().min(0).max(50).default(10),
  /** For how many months after sign-up a referred customer's spend earns commission. */
  REFERRAL_CUSTOMER_MONTHS: z.coerce.number().int().min(0).max(120).default(12),
  /** Currencies prices are shown in besides USD, with their rate per 1 USD. */
  CURRENCY_RATES: currencyRates.prefault('RUB=90,CNY=7.2'),
  // ---- the proxy product (issue 17; README "Proxy gateway") ----
  /** `npm start` also runs the proxy gateway in the app's process (`npm run proxy` runs it alone). */
  PROXY_GATEWAY: bool.default(false),
  /** The host name customers connect to (shown in connection lists); default PUBLIC_URL's host. */
  PROXY_HOST: optionalText,
  /** The address the gateway listens on, its HTTP/CONNECT port and its SOCKS5 port. */
  PROXY_BIND: z.string().default('0.0.0.0'),
  PROXY_HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PROXY_SOCKS_PORT: z.coerce.number().int().min(0).max(65535).default(1080),
  /** A JSON file with the upstream pools, prices and package lifetime (modules/proxy/proxy-config.ts). */
  PROXY_CONFIG: optionalText,
  /** Lets the gateway reach loopback and private addresses: tests and benchmarks only (it reopens SSRF into the operator's network). */
  PROXY_ALLOW_PRIVATE_TARGETS: bool.default(false),
  /**
   * A gateway in its own process on the embedded database reaches the app's control channel
   * (/internal/proxy/*) with this bearer token at PROXY_CONTROL_URL (default http://127.0.0.1:PORT).
   */
  PROXY_CONTROL_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
  PROXY_CONTROL_URL: optionalUrl,
});

export type Config = z.infer<typeof schema>;

/**
 * Parses the environment once. Throws a readable message listing every bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.PINGBACK_ALLOW_PRIVATE && parsed.data.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  PINGBACK_ALLOW_PRIVATE: must not be true when NODE_ENV=production');
  }
  return parsed.data;
}

/** The sites the app serves, as the web layer needs them (no secrets). */
export interface Sites {
  intl: string;
  ru: string | null;
  zh: string | null;
  api: string | null;
}

export function sitesOf(config: Config): Sites {
  const origin = (u: string | undefined) => (u ? new URL(u).origin : null);
  return { intl: new URL(config.PUBLIC_URL).origin, ru: origin(config.RU_URL), zh: origin(config.ZH_URL), api: origin(config.API_URL) };
}
