/**
 * Where a pingback may be delivered (docs/security.md, "SSRF"). Only public unicast addresses:
 * never loopback, private, link-local, unspecified, CGNAT, multicast, broadcast, reserved, ULA,
 * nor an IPv6 form embedding one of those (IPv4-mapped, IPv4-compatible, 6to4, NAT64), nor
 * Teredo. Checked when a host is registered or named in a submission, and again at delivery,
 * where the connection goes to the very address that was checked (no DNS rebinding).
 * `PINGBACK_ALLOW_PRIVATE=true` (never in production) lifts the rule for the product's own tests.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import ipaddr from 'ipaddr.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Resolves a host name to all its addresses; the seam tests replace. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface TargetPolicy {
  allowPrivate: boolean;
  resolve: Resolver;
}

/** The IPv4 address embedded in an IPv6 one by a translation scheme, or null. */
function embeddedIpv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const b = v6.toByteArray();
  const v4 = (o: number) => new ipaddr.IPv4(b.slice(o, o + 4));
  const range = v6.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145') return v4(12);
  // 64:ff9b::/96 (well-known NAT64 prefix) carries the address in its last 32 bits.
  if (range === 'rfc6052' && v6.match(ipaddr.IPv6.parse('64:ff9b::'), 96)) return v4(12);
  if (range === '6to4') return v4(2);
  // ::a.b.c.d, the deprecated IPv4-compatible form (ipaddr.js calls it unicast).
  if (v6.match(ipaddr.IPv6.parse('::'), 96)) return v4(12);
  return null;
}

/**
 * True only for a public unicast IP address. Not an address (a name, garbage) is false; so is
 * any odd IPv4 spelling ipaddr.js would read loosely: callers pass what URL or DNS produced.
 */
export function isPublicAddress(ip: string): boolean {
  const text = ip.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(text)) return false;
  // Only dotted-quad IPv4 and proper IPv6: "0x7f.1" or "2130706433" must go through new URL() first.
  if (!text.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(text)) return false;
  const addr = ipaddr.parse(text);
  if (addr.kind() === 'ipv4') return addr.range() === 'unicast';
  const v6 = addr as ipaddr.IPv6;
  const embedded = embeddedIpv4(v6);
  if (embedded) return embedded.range() === 'unicast';
  // 'unicast' is what is left after every special range (loopback, ULA, link-local, Teredo,
  // 64:ff9b:1::/48, documentation, discard, multicast, site-local…).
  return v6.range() === 'unicast';
}

/** Names that mean this machine whatever DNS says (RFC 6761). */
const LOCAL_NAME = /(^|\.)(localhost|localdomain|local|internal|home\.arpa)$/;

export type Verdict = 'ok' | 'refused' | 'unresolved';

/**
 * Checks a URL's host name (as `new URL().hostname` gives it: odd IPv4 spellings already
 * canonical). A name must resolve to public addresses only; `unresolved` when DNS has no answer.
 */
export async function checkHostname(hostname: string, policy: TargetPolicy): Promise<{ verdict: Verdict; addresses: ResolvedAddress[] }> {
  const name = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (ipaddr.isValid(name) && (name.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(name))) {
    const family = name.includes(':') ? 6 : 4;
    return { verdict: policy.allowPrivate || isPublicAddress(name) ? 'ok' : 'refused', addresses: [{ address: name, family }] };
  }
  if (!policy.allowPrivate && (LOCAL_NAME.test(name) || !name.includes('.'))) return { verdict: 'refused', addresses: [] };
  let addresses: ResolvedAddress[];
  try {
    addresses = await policy.resolve(name);
  } catch {
    return { verdict: 'unresolved', addresses: [] };
  }
  if (addresses.length === 0) return { verdict: 'unresolved', addresses: [] };
  // Every address must be public: a name with one private answer could be steered to it.
  if (!policy.allowPrivate && !addresses.every((a) => isPublicAddress(a.address))) return { verdict: 'refused', addresses };
  return { verdict: 'ok', addresses };
}

/**
 * May a pingback host ("a.example", "a.example:8080", "[2001:db8::1]:81", as pingbackHostOf
 * gives it) be registered or used in a submission? A name nobody can resolve yet is accepted:
 * delivery checks again and refuses whatever it resolves to then, if not public.
 */
export async function pingbackHostPermitted(host: string, policy: TargetPolicy): Promise<boolean> {
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  return (await checkHostname(hostname, policy)).verdict !== 'refused';
}

/** Thrown when a delivery's destination is not public (or the URL is not http/https). */
export class DestinationRefused extends Error {
  constructor() {
    super('destination refused');
  }
}

/**
 * POSTs `body` to `url` and resolves to the response status. The host is resolved and checked
 * here, and the socket connects to the checked address through the `lookup` hook, so a second
 * DNS answer cannot swap it. Redirects are not followed.
 * @throws DestinationRefused, or the transport's own error (connection, timeout)
 */
export async function postForm(url: string, body: string, policy: TargetPolicy, timeoutMs = 5_000): Promise<number> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new DestinationRefused();
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new DestinationRefused();
  const { verdict, addresses } = await checkHostname(target.hostname, policy);
  if (verdict === 'refused') throw new DestinationRefused();
  if (verdict === 'unresolved') throw new Error('unresolved');
  const chosen = addresses[0]!;
  // Called by net.connect for names (never for IP literals, which were checked above).
  const lookup = (_host: string, opts: { all?: boolean } | number | undefined, cb: (...args: unknown[]) => void) => {
    if (typeof opts === 'object' && opts?.all) cb(null, addresses);
    else cb(null, chosen.address, chosen.family);
  };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
        lookup: lookup as never,
        signal: AbortSignal.timeout(timeoutMs),
        agent: false,
      },
      (res) => {
        res.resume(); // the body is not read
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
