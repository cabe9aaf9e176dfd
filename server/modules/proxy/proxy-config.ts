import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { PROXY_OFFERS, PROXY_PLAN_TYPES, type ProxyPlanType, type ProxyUnit } from '#shared/proxy/catalog.ts';
import { parseMoney } from '#shared/money.ts';

/**
 * The operator's proxy configuration (`PROXY_CONFIG`, a JSON file; every part optional):
 *
 * ```json
 * {
 *   "pools": [
 *     { "type": "residential", "country": "us", "upstreams": ["http://user:pass@10.0.0.5:3128"] },
 *     { "type": "datacenter", "direct": true }
 *   ],
 *   "prices": { "residential:gb": { "default": "3.00", "us": "3.50" } },
 *   "packageDays": 30,
 *   "deadUpstreamSeconds": 600,
 *   "defaultMaxConnections": 100,
 *   "campaignDiscounts": { "spring": 10 }
 * }
 * ```
 *
 * A pool serves a plan type in a country (`"*"` or absent: any country). A connection takes the
 * pool of its type and country, else its type's `"*"` pool, else direct egress when no pool of the
 * type is configured at all. Upstreams are HTTP proxies (`http://[user:pass@]host:port`).
 */
const money = z.string().regex(/^\d{1,6}(\.\d{1,6})?$/);
const FileSchema = z.object({
  pools: z
    .array(
      z.object({
        type: z.enum(PROXY_PLAN_TYPES),
        country: z.string().regex(/^([a-z]{2}|\*)$/).default('*'),
        upstreams: z.array(z.url({ protocol: /^http$/ })).default([]),
        direct: z.boolean().default(false),
      }),
    )
    .default([]),
  prices: z.record(z.string().regex(/^(residential|mobile|datacenter|isp):(gb|ip)$/), z.record(z.string(), money)).default({}),
  packageDays: z.number().int().min(1).max(3650).default(30),
  deadUpstreamSeconds: z.number().int().min(1).max(86_400).default(600),
  defaultMaxConnections: z.number().int().min(1).max(100_000).default(100),
  campaignDiscounts: z.record(z.string().min(1).max(100), z.number().int().min(1).max(90)).default({}),
});

export interface Pool {
  type: ProxyPlanType;
  country: string;
  upstreams: string[];
  direct: boolean;
}

export interface ProxyConfig {
  pools: Pool[];
  /** Micro-USD per unit: `${type}:${unit}` → country (or "default") → price. */
  prices: Record<string, Record<string, number>>;
  packageDays: number;
  deadUpstreamSeconds: number;
  defaultMaxConnections: number;
  campaignDiscounts: Record<string, number>;
}

/** Per unit (a GB or an IP for 30 days) when the operator sets nothing; in USD. */
const DEFAULT_PRICES: Record<string, Record<string, string>> = {
  'residential:gb': { default: '3.00', us: '3.50', uk: '3.50', de: '3.20', fr: '3.20', ca: '3.40' },
  'mobile:gb': { default: '4.00', us: '4.50', uk: '4.50' },
  'datacenter:gb': { default: '1.00' },
  'datacenter:ip': { default: '1.50' },
  'isp:ip': { default: '2.50', us: '3.00' },
};

export function parseProxyConfig(raw: unknown): ProxyConfig {
  const file = FileSchema.parse(raw ?? {});
  const prices: ProxyConfig['prices'] = {};
  for (const offer of PROXY_OFFERS) {
    const key = `${offer.planType}:${offer.unit}`;
    const merged = { ...DEFAULT_PRICES[key], ...file.prices[key] };
    prices[key] = Object.fromEntries(Object.entries(merged).map(([c, v]) => [c, parseMoney(v)]));
  }
  return { pools: file.pools, prices, packageDays: file.packageDays, deadUpstreamSeconds: file.deadUpstreamSeconds, defaultMaxConnections: file.defaultMaxConnections, campaignDiscounts: file.campaignDiscounts };
}

const cache = new Map<string, ProxyConfig>();

/** The configuration named by PROXY_CONFIG (read once per path), or the defaults. */
export function loadProxyConfig(path: string | undefined): ProxyConfig {
  const key = path ?? '';
  let config = cache.get(key);
  if (!config) {
    config = parseProxyConfig(path ? JSON.parse(readFileSync(path, 'utf8')) : {});
    cache.set(key, config);
  }
  return config;
}

/** Micro-USD per unit of an offer in a country (its own price, else the offer's default). */
export function unitPrice(config: ProxyConfig, planType: ProxyPlanType, unit: ProxyUnit, country: string | null | undefined): number | undefined {
  const table = config.prices[`${planType}:${unit}`];
  if (!table) return undefined;
  return (country ? table[country] : undefined) ?? table.default;
}
