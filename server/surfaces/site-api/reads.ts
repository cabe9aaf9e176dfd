import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ApiErrorBody } from '#shared/errors.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import type { UserRow } from '#server/modules/users/users.repo.ts';
import { checkAuthAccess, type AccessRule } from '#server/plugins/access.ts';
import type { Auth } from '#server/plugins/session.ts';

/** What a read handler receives: the service context, the caller's session and the validated input. */
export interface ReadCall<Q, P> {
  ctx: Ctx;
  auth: Auth | null;
  query: Q;
  params: P;
}

/**
 * A GET endpoint of the site API declared once: the Fastify route is registered from it, and the
 * page renderer calls `handler` directly (`callRead`) with the page request's session — the same
 * access rule, the same zod validation, the same JSON and the same error body, without HTTP.
 */
export interface ReadRoute<Q = unknown, P = unknown> {
  /** Under /api, e.g. `/v2/customer/prices`; `:name` segments are params. */
  path: string;
  access: AccessRule;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  /** The Cache-Control header of the HTTP answer. */
  cacheControl?: string;
  handler(call: ReadCall<Q, P>): Promise<unknown> | unknown;
}

interface Compiled {
  route: ReadRoute<unknown, unknown>;
  segments: string[];
}

/** Every declared read by its full path (`/api/v2/…`); paths with params are matched by segment. */
const exact = new Map<string, Compiled>();
const withParams: Compiled[] = [];

/** The signed-in user of a read whose access rule already passed. */
export function userOf(call: { auth: Auth | null }): UserRow {
  const user = call.auth?.user;
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  return user;
}

/** Registers the Fastify GET route of a read and puts it in the table the page renderer uses. */
export function read<Q, P>(app: FastifyInstance, route: ReadRoute<Q, P>): void {
  const full = app.prefix + route.path;
  const compiled: Compiled = { route: route as ReadRoute<unknown, unknown>, segments: full.split('/') };
  if (full.includes(':')) {
    const at = withParams.findIndex((c) => c.segments.join('/') === full);
    if (at >= 0) withParams[at] = compiled;
    else withParams.push(compiled);
  } else exact.set(full, compiled);

  const schema = { ...(route.query ? { querystring: route.query } : {}), ...(route.params ? { params: route.params } : {}) };
  app.withTypeProvider<ZodTypeProvider>().get(route.path, { config: { access: route.access }, schema }, async (req, reply) => {
    if (route.cacheControl) reply.header('cache-control', route.cacheControl);
    return route.handler({ ctx: req.ctx, auth: req.auth, query: req.query as Q, params: req.params as P });
  });
}

function match(pathname: string): { compiled: Compiled; params: Record<string, string> } | null {
  const hit = exact.get(pathname);
  if (hit) return { compiled: hit, params: {} };
  const parts = pathname.split('/');
  outer: for (const c of withParams) {
    if (c.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i++) {
      const seg = c.segments[i]!;
      if (seg.startsWith(':')) {
        try {
          params[seg.slice(1)] = decodeURIComponent(parts[i]!);
        } catch {
          continue outer;
        }
      } else if (seg !== parts[i]) continue outer;
    }
    return { compiled: c, params };
  }
  return null;
}

/** The query string as Fastify parses it: one value a string, a repeated name an array. */
function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of search) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

function errorOf(code: ApiErrorBody['error']['code'], message: string, details?: unknown): ApiErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

function validationFailed(issues: z.core.$ZodIssue[]) {
  const details = issues.map((i) => ({ path: i.path.length ? '/' + i.path.join('/') : '', message: i.message }));
  return { status: 400, body: errorOf('VALIDATION_FAILED', 'The request is not valid.', details) };
}

export interface ReadAnswer {
  status: number;
  /** The JSON the HTTP route would have sent, parsed (dates are strings, undefined fields gone). */
  body: unknown;
}

/**
 * Calls a declared read in-process: access rule, then params and query validation, then the
 * handler; failures become the site API's error body and status. Unknown paths answer 404.
 */
export async function callRead(ctx: Ctx, auth: Auth | null, pathname: string, search: URLSearchParams): Promise<ReadAnswer> {
  const found = match(pathname);
  if (!found) return { status: 404, body: errorOf('NOT_FOUND', `No API route GET ${pathname}`) };
  const { route } = found.compiled;
  try {
    checkAuthAccess(auth, route.access);
    let params: unknown = found.params;
    if (route.params) {
      const parsed = route.params.safeParse(found.params);
      if (!parsed.success) return validationFailed(parsed.error.issues);
      params = parsed.data;
    }
    let query: unknown = queryObject(search);
    if (route.query) {
      const parsed = route.query.safeParse(query);
      if (!parsed.success) return validationFailed(parsed.error.issues);
      query = parsed.data;
    }
    const data = await route.handler({ ctx, auth, query, params });
    return { status: 200, body: data === undefined ? null : JSON.parse(JSON.stringify(data)) };
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, body: errorOf(err.code, err.message, err.details) };
    ctx.log.error({ err }, 'site api failure');
    return { status: 500, body: errorOf('INTERNAL', 'Something went wrong on our side.') };
  }
}
