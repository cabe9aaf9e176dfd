import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api.ts';
import { createAppStore } from './store.ts';

/** A mutation endpoint only for this test. */
const probe = api.injectEndpoints({
  endpoints: (build) => ({ csrfProbe: build.mutation<unknown, void>({ query: () => ({ url: 'api/v2/probe', method: 'POST' }) }) }),
});

async function sentToken(): Promise<string | null> {
  let header: string | null = null;
  const fetchFn = async (request: Request) => {
    header = request.headers.get('x-csrf-token');
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const store = createAppStore({ baseUrl: 'http://localhost/', fetchFn });
  await store.dispatch(probe.endpoints.csrfProbe.initiate());
  return header;
}

/** The page's cookies as the browser would expose them (jsdom refuses `__Host-` over http). */
const cookies = (value: string) => vi.spyOn(document, 'cookie', 'get').mockReturnValue(value);
afterEach(() => vi.restoreAllMocks());

describe('the CSRF header (shared/auth-cookies.ts names)', () => {
  it('echoes the csrf_token cookie over http', async () => {
    cookies('timezone=UTC; csrf_token=plain.token');
    expect(await sentToken()).toBe('plain.token');
  });

  it('prefers the __Host-csrf_token cookie of an https site', async () => {
    cookies('csrf_token=stale.token; __Host-csrf_token=host.token');
    expect(await sentToken()).toBe('host.token');
    cookies('__Host-csrf_token=host.token');
    expect(await sentToken()).toBe('host.token');
  });

  it('sends no header without a token cookie', async () => {
    cookies('timezone=UTC');
    expect(await sentToken()).toBeNull();
  });
});
