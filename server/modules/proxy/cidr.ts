import { isIP } from 'node:net';

/**
 * IP addresses and CIDR ranges of the proxy whitelist: parsing to a normalized form
 * (`1.2.3.4/32`, `10.0.0.0/8`, `2001:db8::/32`) and matching client addresses against them.
 */
export interface Range {
  v: 4 | 6;
  base: bigint;
  bits: number;
}

function v4ToBig(ip: string): bigint {
  return ip.split('.').reduce((acc, p) => (acc << 8n) | BigInt(Number(p)), 0n);
}

function v6ToBig(ip: string): bigint {
  let text = ip;
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = v4ToBig(v4[1]!);
    text = text.slice(0, -v4[1]!.length) + `${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined ? (tail ? tail.split(':') : []) : [];
  const groups = tail !== undefined ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g || '0', 16)), 0n);
}

function bigToV4(n: bigint): string {
  return [24n, 16n, 8n, 0n].map((s) => String((n >> s) & 255n)).join('.');
}

function bigToV6(n: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => ((n >> BigInt(112 - i * 16)) & 0xffffn).toString(16));
  // Compress the longest run of zero groups (RFC 5952).
  let best = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > bestLen && j - i > 1) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  if (best < 0) return groups.join(':');
  return `${groups.slice(0, best).join(':')}::${groups.slice(best + bestLen).join(':')}`;
}

/** `::ffff:1.2.3.4` (how a dual-stack socket reports IPv4 clients) → `1.2.3.4`. */
export function plainAddress(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1]! : address;
}

/**
 * Parses an address or a range. A range's host bits are cleared (`10.1.2.3/8` → `10.0.0.0/8`).
 * Ranges wider than /8 (IPv4) or /32 (IPv6) are refused: they would open the account to much of the internet.
 * @returns the range, or null when the text is not an address or an allowed range.
 */
export function parseRange(text: string): Range | null {
  const [addrRaw, bitsText, extra] = text.trim().split('/');
  if (extra !== undefined || !addrRaw) return null;
  const addr = plainAddress(addrRaw);
  const v = isIP(addr);
  if (v === 0) return null;
  const width = v === 4 ? 32 : 128;
  let bits = width;
  if (bitsText !== undefined) {
    if (!/^\d{1,3}$/.test(bitsText)) return null;
    bits = Number(bitsText);
    if (bits > width) return null;
  }
  if (bits < (v === 4 ? 8 : 32)) return null;
  const n = v === 4 ? v4ToBig(addr) : v6ToBig(addr);
  const mask = ((1n << BigInt(width)) - 1n) ^ ((1n << BigInt(width - bits)) - 1n);
  return { v: v as 4 | 6, base: n & mask, bits };
}

export function formatRange(r: Range): string {
  return `${r.v === 4 ? bigToV4(r.base) : bigToV6(r.base)}/${r.bits}`;
}

/** Whether a client address lies in a range. */
export function inRange(r: Range, address: string): boolean {
  const addr = plainAddress(address);
  const v = isIP(addr);
  if (v !== r.v) return false;
  const width = v === 4 ? 32 : 128;
  const n = v === 4 ? v4ToBig(addr) : v6ToBig(addr);
  return n >> BigInt(width - r.bits) === r.base >> BigInt(width - r.bits);
}

/** Whether an address is loopback, private, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const addr = plainAddress(address);
  const v = isIP(addr);
  if (v === 4) {
    const privateV4 = ['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.168.0.0/16', '224.0.0.0/8', '240.0.0.0/8'];
    return privateV4.some((c) => inRange(parseRange(c)!, addr));
  }
  if (v === 6) {
    const privateV6 = ['::/32', 'fc00::/32', 'fd00::/32', 'fe80::/32', 'ff00::/32'];
    if (addr === '::1' || addr === '::') return true;
    return privateV6.some((c) => inRange(parseRange(c)!, addr)) || /^f[cd]/i.test(addr) || /^fe[89ab]/i.test(addr);
  }
  return false;
}
