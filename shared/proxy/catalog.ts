/**
 * The proxy product's fixed vocabulary (issue 17), shared by the server, the gateway and the pages:
 * plan types and units, the ten type landings and ten local-proxy countries, default prices, and the
 * proxy username syntax (targeting carried in the username, as residential providers do).
 */

export const PROXY_PLAN_TYPES = ['residential', 'mobile', 'datacenter', 'isp'] as const;
export type ProxyPlanType = (typeof PROXY_PLAN_TYPES)[number];

/** Traffic packages are sold by the gigabyte; static plans by the number of IPs. */
export const PROXY_UNITS = ['gb', 'ip'] as const;
export type ProxyUnit = (typeof PROXY_UNITS)[number];

export const PROXY_PROTOCOLS = ['http', 'https', 'socks5'] as const;
export type ProxyProtocol = (typeof PROXY_PROTOCOLS)[number];

/** 1 GB of traffic is 10^9 bytes (what providers sell and meters show). */
export const BYTES_PER_GB = 1_000_000_000;

/** Local-proxy countries (`/proxy/local-proxies/{slug}`); the slug is also the username's country code. */
export const PROXY_COUNTRIES = ['us', 'mx', 'de', 'fr', 'ru', 'ca', 'br', 'uk', 'es', 'pt'] as const;
export type ProxyCountry = (typeof PROXY_COUNTRIES)[number];

/**
 * The ten type landings, `/proxy/{slug}` (spec §2: residential, mobile, …). Each names the plan type its prices come from and, for
 * the protocol landings, the protocol the connection example uses.
 */
export const PROXY_LANDINGS = [
  { slug: 'residential', key: 'residential', planType: 'residential', protocol: 'http' },
  { slug: 'mobile', key: 'mobile', planType: 'mobile', protocol: 'http' },
  { slug: 'datacenter', key: 'datacenter', planType: 'datacenter', protocol: 'http' },
  { slug: 'isp', key: 'isp', planType: 'isp', protocol: 'http' },
  { slug: 'socks5', key: 'socks5', planType: 'residential', protocol: 'socks5' },
  { slug: 'https', key: 'https', planType: 'residential', protocol: 'https' },
  { slug: 'premium', key: 'premium', planType: 'isp', protocol: 'http' },
  { slug: 'rotating', key: 'rotating', planType: 'residential', protocol: 'http' },
  { slug: 'elite', key: 'elite', planType: 'datacenter', protocol: 'http' },
  { slug: 'anonymous', key: 'anonymous', planType: 'mobile', protocol: 'socks5' },
] as const satisfies readonly { slug: string; key: string; planType: ProxyPlanType; protocol: ProxyProtocol }[];
export type ProxyLanding = (typeof PROXY_LANDINGS)[number];

export function landingBySlug(slug: string): ProxyLanding | undefined {
  return PROXY_LANDINGS.find((l) => l.slug === slug);
}

/** What can be bought: a plan type in a unit, with bounds on the quantity. */
export const PROXY_OFFERS = [
  { planType: 'residential', unit: 'gb', min: 1, max: 1000 },
  { planType: 'mobile', unit: 'gb', min: 1, max: 1000 },
  { planType: 'datacenter', unit: 'gb', min: 1, max: 1000 },
  { planType: 'datacenter', unit: 'ip', min: 1, max: 1000 },
  { planType: 'isp', unit: 'ip', min: 1, max: 1000 },
] as const satisfies readonly { planType: ProxyPlanType; unit: ProxyUnit; min: number; max: number }[];

/** Sticky sessions: the lifetime in minutes a username may ask for, and the default. */
export const SESSION_LIFETIME = { min: 1, max: 120, default: 30 } as const;

export interface ProxyTarget {
  /** The sub-user's login (letters and digits only). */
  login: string;
  planType?: ProxyPlanType;
  /** A country slug, or undefined for any country ("mixed"). */
  country?: string;
  /** A sticky session id; without one every connection may take another IP. */
  session?: string;
  /** Sticky session lifetime in minutes. */
  lifetime?: number;
}

export const LOGIN_RE = /^[a-z0-9]{4,32}$/;
const SESSION_RE = /^[A-Za-z0-9]{1,32}$/;

/**
 * Parses a proxy username: `login[-type-T][-country-CC][-session-ID][-lifetime-MIN]`, keys in any
 * order, each at most once. `country-mixed` is the same as no country.
 * @returns the target, or null for a malformed username (the gateway answers ERROR_BAD_USERNAME).
 */
export function parseProxyUsername(username: string): ProxyTarget | null {
  const parts = username.split('-');
  const login = parts[0]!.toLowerCase();
  if (!LOGIN_RE.test(login) || parts.length % 2 !== 1) return null;
  const target: ProxyTarget = { login };
  const seen = new Set<string>();
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i]!.toLowerCase();
    const value = parts[i + 1]!;
    if (seen.has(key)) return null;
    seen.add(key);
    if (key === 'type') {
      const t = value.toLowerCase();
      if (!(PROXY_PLAN_TYPES as readonly string[]).includes(t)) return null;
      target.planType = t as ProxyPlanType;
    } else if (key === 'country') {
      const c = value.toLowerCase();
      if (c === 'mixed') continue;
      if (!/^[a-z]{2}$/.test(c)) return null;
      target.country = c;
    } else if (key === 'session') {
      if (!SESSION_RE.test(value)) return null;
      target.session = value;
    } else if (key === 'lifetime') {
      if (!/^\d{1,3}$/.test(value)) return null;
      const n = Number(value);
      if (n < SESSION_LIFETIME.min || n > SESSION_LIFETIME.max) return null;
      target.lifetime = n;
    } else return null;
  }
  if (target.lifetime !== undefined && target.session === undefined) return null;
  return target;
}

/** The username for a target (what the connection generator writes). */
export function formatProxyUsername(t: ProxyTarget): string {
  let s = t.login;
  if (t.planType) s += `-type-${t.planType}`;
  s += `-country-${t.country ?? 'mixed'}`;
  if (t.session) {
    s += `-session-${t.session}`;
    if (t.lifetime !== undefined) s += `-lifetime-${t.lifetime}`;
  }
  return s;
}

/** Errors the gateway answers (HTTP status line text / 407 body; SOCKS5 reply code). Documented on /proxy/api. */
export const GATEWAY_ERRORS = {
  ERROR_IP_NOT_WHITELISTED: { http: 407, socks: 'CONNECTION_NOT_ALLOWED (2)' },
  ERROR_BAD_USERNAME: { http: 407, socks: 'auth failure' },
  ERROR_WRONG_CREDENTIALS: { http: 407, socks: 'auth failure' },
  ERROR_SUB_USER_DISABLED: { http: 403, socks: 'auth failure' },
  ERROR_TRAFFIC_EXHAUSTED: { http: 402, socks: 'auth failure' },
  ERROR_SUB_USER_LIMIT_REACHED: { http: 402, socks: 'auth failure' },
  ERROR_TOO_MANY_CONNECTIONS: { http: 429, socks: 'auth failure' },
  ERROR_NO_PLAN: { http: 402, socks: 'auth failure' },
  ERROR_TARGET_NOT_ALLOWED: { http: 403, socks: 'CONNECTION_NOT_ALLOWED (2)' },
  ERROR_NO_UPSTREAM: { http: 502, socks: 'GENERAL_FAILURE (1)' },
} as const;
export type GatewayError = keyof typeof GATEWAY_ERRORS;
