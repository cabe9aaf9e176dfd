import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isRussianSpeaking } from '#shared/i18n/languages.ts';
import { anonymousCsrfSetCookie } from '#server/plugins/csrf.ts';
import { cookieNamesOf } from '#server/plugins/session.ts';

/**
 * The rendered-page cache of anonymous views of public pages (docs/ARCHITECTURE.md "Page cache").
 * - Key: build id, protocol, host, path and query (they fix the language and so the currency),
 *   the foreign-speaker bit (accept-language) and the foreign-banner-dismissed cookie.
 * - Invalidation: `clear()` on every captcha-type switch (this node's own or another node's
 *   NOTIFY); other live data (load-driven prices, statistics) is at most FRESH_MS old.
 * - Memory: LRU by bytes (body plus its br and gzip variants), at most MAX_BYTES.
 */
export const FRESH_MS = 5_000;
/** After this age one request re-renders while the others are still served the entry. */
const REFRESH_AFTER_MS = 4_000;
export const MAX_BYTES = 32 * 1024 * 1024;
/** The longest a request waits for another request's render of the same page before rendering itself. */
const RENDER_WAIT_MS = 5_000;

/** One encoding of a page: its body and every header of a 200 answer (content-encoding, length, ETag). */
interface Variant {
  body: Buffer;
  headers: Record<string, string | number>;
  /** The same headers as name, value, name, value…: writeHead takes them in one pass. */
  flat: string[];
}

export interface CachedPage {
  /** Headers sent with every variant (CSP with the script hash, helmet's headers, Vary). */
  headers: Record<string, string>;
  hash: string;
  identity: Variant;
  br: Variant;
  gzip: Variant;
  bytes: number;
  storedAt: number;
  refreshing: boolean;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export class PageCache {
  private entries = new Map<string, CachedPage>();
  /** Renders in progress by key: concurrent misses of one page wait for one render. */
  private rendering = new Map<string, Promise<CachedPage | null>>();
  private bytes = 0;
  /** Bumped by clear(): a render that started before a change is not stored after it. */
  generation = 0;

  constructor(
    private readonly maxBytes = MAX_BYTES,
    private readonly freshMs = FRESH_MS,
    private readonly refreshAfterMs = REFRESH_AFTER_MS,
  ) {}

  get size() {
    return this.entries.size;
  }

  get usedBytes() {
    return this.bytes;
  }

  /** The entry to serve, or null when this request should render (and store) the page. */
  get(key: string, now = Date.now()): CachedPage | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const age = now - entry.storedAt;
    if (age >= this.freshMs) {
      this.delete(key);
      return null;
    }
    if (age >= this.refreshAfterMs && !entry.refreshing) {
      entry.refreshing = true;
      return null;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedPage, generation: number): void {
    if (generation !== this.generation || entry.bytes > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [k] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(k);
    }
  }

  /**
   * Called on a miss: null when this request is to render the page (call `settle` when done),
   * else the render in progress to wait for (its entry, or null when it stored nothing).
   */
  joinRender(key: string): { wait: Promise<CachedPage | null> } | { settle: (entry: CachedPage | null) => void } {
    const running = this.rendering.get(key);
    if (running) return { wait: running };
    let resolve!: (entry: CachedPage | null) => void;
    const promise = new Promise<CachedPage | null>((r) => (resolve = r));
    this.rendering.set(key, promise);
    // A render that never reports (the request failed before the handler) frees its waiters.
    const timer = setTimeout(() => settle(null), RENDER_WAIT_MS);
    timer.unref();
    const settle = (entry: CachedPage | null) => {
      clearTimeout(timer);
      if (this.rendering.get(key) === promise) this.rendering.delete(key);
      resolve(entry);
    };
    return { settle };
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.generation++;
  }

  private delete(key: string) {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.bytes;
  }
}

/** Reads the few cookies the key needs from the raw header (the hit path runs before the cookie plugin). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const at = header.indexOf(name + '=');
  if (at < 0) return undefined;
  if (at > 0 && header[at - 1] !== ' ' && header[at - 1] !== ';') return cookieValue(header.slice(at + name.length), name);
  const end = header.indexOf(';', at);
  return header.slice(at + name.length + 1, end < 0 ? undefined : end).trim();
}

/** A request that may be answered from (or stored into) the cache: a GET or HEAD without a session. */
export function isAnonymous(req: FastifyRequest): boolean {
  return !cookieValue(req.headers.cookie, cookieNamesOf(req).session);
}

/** Everything besides the route that changes the rendered bytes. */
export function pageKey(req: FastifyRequest, buildId: string): string {
  const cookie = req.headers.cookie;
  const dismissed = cookieValue(cookie, 'foreign_banner_dismissed') === '1' ? 1 : 0;
  const foreign = isRussianSpeaking(req.headers['accept-language']) ? 0 : 1;
  return `${buildId} ${req.protocol} ${req.headers.host ?? ''} ${foreign}${dismissed} ${req.url}`;
}

/** sha256 of every inline script of the document, as CSP source expressions. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  // Executable inline scripts only: JSON-LD data blocks are never run, so the policy need not allow them.
  for (const m of html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)) {
    out.push(`'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`);
  }
  return out;
}

const VARY = 'Accept-Encoding, Accept-Language, Cookie';

/** A page entry: the body, its br and gzip variants, and the headers every answer carries. */
export async function buildEntry(html: string, headers: Record<string, string>): Promise<CachedPage> {
  const identity = Buffer.from(html, 'utf8');
  const [br, gzipped] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gz(identity, { level: 9 }),
  ]);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 32);
  const all = { ...headers, vary: VARY, 'cache-control': `public, max-age=0, s-maxage=${FRESH_MS / 1000}` };
  // Each variant's headers are put together once here, not on every hit.
  const variant = (body: Buffer, encoding: string | null, suffix: string): Variant => {
    const headers = { ...all, etag: `"${hash}${suffix}"`, ...(encoding && { 'content-encoding': encoding }), 'content-length': body.length };
    return { body, headers, flat: Object.entries(headers).flatMap(([k, v]) => [k, String(v)]) };
  };
  const bytes = identity.length + br.length + gzipped.length + 1024;
  return {
    headers: all,
    hash,
    identity: variant(identity, null, ''),
    br: variant(br, 'br', '-br'),
    gzip: variant(gzipped, 'gzip', '-gz'),
    bytes,
    storedAt: Date.now(),
    refreshing: false,
  };
}

/** A new anonymous CSRF token's cookie unless the visitor already has a valid one (csrf.ts). */
function csrfCookie(req: FastifyRequest): string | null {
  return anonymousCsrfSetCookie(req, cookieValue(req.headers.cookie, cookieNamesOf(req).csrf));
}

/**
 * Answers from an entry, written straight to the socket: the variant the client accepts, 304 for a
 * matching If-None-Match. A visitor without a valid CSRF cookie gets one (ensureCsrfToken's cookie),
 * never stored in the entry; that answer is then private, so no shared cache keeps the cookie.
 */
export function sendEntry(req: FastifyRequest, reply: FastifyReply, entry: CachedPage): void {
  reply.hijack();
  const res = reply.raw;
  const accept = req.headers['accept-encoding'] ?? '';
  const variant = /\bbr\b/.test(accept) ? entry.br : /\bgzip\b/.test(accept) ? entry.gzip : entry.identity;
  const cookie = csrfCookie(req);
  const notModified = req.headers['if-none-match']?.includes(`"${entry.hash}`) ?? false;
  if (!cookie && !notModified) {
    // The common hit: a returning visitor's request for a page it does not hold. (One array and
    // no setHeader: a header set before writeHead sends every header through setHeader again.)
    res.writeHead(200, variant.flat.concat('x-request-id', req.id));
    res.end(req.method === 'HEAD' ? undefined : variant.body);
    return;
  }
  const headers: Record<string, string | number> = { ...variant.headers, 'x-request-id': req.id };
  if (cookie) {
    headers['set-cookie'] = cookie;
    headers['cache-control'] = 'private, no-cache';
  }
  if (notModified) {
    delete headers['content-type'];
    delete headers['content-encoding'];
    delete headers['content-length'];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : variant.body);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route renders pages the page cache may hold (the SSR catch-all). */
    pageCache?: boolean;
  }
  interface FastifyRequest {
    /** Set by the hit path on a miss: the key to store this render under, and the cache generation. */
    pageCacheKey?: { key: string; generation: number; settle: (entry: CachedPage | null) => void };
  }
}

/** The hit path, an onRequest hook at the root: before cookies, sessions, helmet and compression. */
export function pageCacheHook(cache: PageCache, buildId: string) {
  return (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (!req.routeOptions.config.pageCache || (req.method !== 'GET' && req.method !== 'HEAD') || !isAnonymous(req)) return done();
    const key = pageKey(req, buildId);
    const entry = cache.get(key);
    if (entry) return sendEntry(req, reply, entry);
    const generation = cache.generation;
    const joined = cache.joinRender(key);
    if ('settle' in joined) {
      req.pageCacheKey = { key, generation, settle: joined.settle };
      return done();
    }
    void joined.wait.then((rendered) => (rendered ? sendEntry(req, reply, rendered) : done()));
  };
}
