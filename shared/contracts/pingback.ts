import { z } from 'zod';

/** How many pingback hosts an account may register. */
export const MAX_PINGBACK_HOSTS = 50;

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The host part of a pingback address: "https://a.example/x", "a.example:8080" and "A.EXAMPLE"
 * give "a.example", "a.example:8080", "a.example"; null when there is no usable host. Only the
 * host (with its port) is registered, as 2captcha does since 2018 (api-protocol.md §4).
 */
export function pingbackHostOf(addr: string): string | null {
  const text = addr.trim();
  if (text === '' || /\s/.test(text)) return null;
  let host: string;
  try {
    host = new URL(text.includes('://') ? text : `http://${text}`).host.toLowerCase();
  } catch {
    return null;
  }
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d+$/, '');
  if (name === '') return null;
  if (host.startsWith('[')) return host; // an IPv6 literal, checked by the URL parser
  return HOSTNAME.test(name) ? host : null;
}

/** POST /api/v2/customer/pingback-hosts: a URL, a domain or an IP address. */
export const PingbackHostSchema = z.object({
  address: z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .refine((a) => pingbackHostOf(a) !== null, { message: 'Not a domain, IP address or URL' }),
});
