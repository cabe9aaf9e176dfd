/**
 * Proxy parameters: v1 `proxy=[login:password@]host:port` + `proxytype` (§1.8), v2 `proxyType`,
 * `proxyAddress`, `proxyPort`, `proxyLogin`, `proxyPassword` (§2.3).
 * Whether a proxy is reachable or banned (`ERROR_BAD_PROXY` in v1) is the server's business.
 */
import type { ParseFailure, Proxy } from './types.ts';
import { fail } from './types.ts';
import { lookup } from './fields.ts';

export type ProxyOutcome = { ok: true; proxy?: Proxy } | ParseFailure;

const TYPES = ['http', 'https', 'socks4', 'socks5'] as const;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const IPV6 = /^[0-9a-f:.]+$/i;

function proxyType(value: unknown): Proxy['type'] | undefined {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (TYPES as readonly string[]).includes(text) ? (text as Proxy['type']) : undefined;
}

/** Hostnames are accepted as well as IPs (❓ in the protocol; workers resolve them either way). */
function address(value: string): string | undefined {
  const host = value.trim().replace(/^\[(.*)\]$/, '$1');
  if (IPV4.test(host) || HOSTNAME.test(host)) return host.toLowerCase();
  if (host.includes(':') && IPV6.test(host)) return host.toLowerCase();
  return undefined;
}

function port(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= 65535 ? n : undefined;
}

function build(type: Proxy['type'], host: string, portValue: number, login?: string, password?: string): Proxy {
  const proxy: Proxy = { type, address: host, port: portValue };
  if (login) proxy.login = login;
  if (password) proxy.password = password;
  return proxy;
}

/**
 * v1. `proxytype` defaults to HTTP when absent (clients that only ever use HTTP proxies omit it);
 * a `scheme://` prefix on `proxy` is tolerated and names the type when `proxytype` is absent.
 */
export function parseProxyV1(proxy: string | undefined, proxytype: string | undefined): ProxyOutcome {
  if (proxy === undefined || proxy.trim() === '') return { ok: true };
  const bad = fail('ERROR_PROXY_FORMAT', 'proxy must be [login:password@]host:port with proxytype HTTP, HTTPS, SOCKS4 or SOCKS5');
  let rest = proxy.trim();
  let scheme: string | undefined;
  const schemeMatch = /^([a-z0-9]+):\/\//i.exec(rest);
  if (schemeMatch) {
    scheme = schemeMatch[1];
    rest = rest.slice(schemeMatch[0].length);
  }
  const type = proxyType(proxytype ?? scheme ?? 'http');
  if (!type) return bad;
  // Split on the last `@`: passwords may contain one, host:port never does.
  const at = rest.lastIndexOf('@');
  let login: string | undefined;
  let password: string | undefined;
  if (at >= 0) {
    const credentials = rest.slice(0, at);
    const colon = credentials.indexOf(':');
    login = colon >= 0 ? credentials.slice(0, colon) : credentials;
    password = colon >= 0 ? credentials.slice(colon + 1) : undefined;
    if (!login) return bad;
    rest = rest.slice(at + 1);
  }
  const colon = rest.lastIndexOf(':');
  if (colon < 0) return bad;
  const host = address(rest.slice(0, colon));
  const portValue = port(rest.slice(colon + 1));
  if (!host || portValue === undefined) return bad;
  return { ok: true, proxy: build(type, host, portValue, login, password) };
}

/**
 * v2. No proxy field at all → no proxy (the caller decides whether one was required); any field
 * present but incomplete or malformed → ERROR_BAD_PROXY (130), the only proxy error v2 has.
 * `proxyPort` may be a string (captcha_oxide serialises it so).
 */
export function parseProxyV2(task: Record<string, unknown>): ProxyOutcome {
  const get = lookup(task);
  const fields = ['proxyType', 'proxyAddress', 'proxyPort', 'proxyLogin', 'proxyPassword'].map((n) => get([n]));
  const [typeValue, addressValue, portValue, login, password] = fields;
  if (fields.every((v) => v === undefined)) return { ok: true };
  const bad = fail('ERROR_BAD_PROXY', 'proxyType (http, https, socks4, socks5), proxyAddress and proxyPort (1-65535) are required together');
  const type = proxyType(typeValue);
  const host = typeof addressValue === 'string' ? address(addressValue) : undefined;
  const p = port(portValue);
  if (!type || !host || p === undefined) return bad;
  if ((login !== undefined && typeof login !== 'string') || (password !== undefined && typeof password !== 'string')) return bad;
  return { ok: true, proxy: build(type, host, p, login, password) };
}
