import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '#shared/contracts/user.ts';
import { createAuthI18n } from '#web/features/auth/testing.tsx';
import { userApi } from '#web/features/user/api.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { findPage } from '#web/routes.ts';
import { initialAppState } from '#web/store/app-slice.ts';
import { createAppStore } from '#web/store/store.ts';
import { hashLinkFrom, redirectSignedIn } from './shared.ts';

const USER = {
  id: 7,
  email: 'ann@example.com',
  profile: { userType: 'customer' },
  permissions: { admin: false, moderator: false },
} as CurrentUser;

function args(url: string, signedIn: boolean): PageLoaderArgs {
  const store = createAppStore({ baseUrl: 'http://localhost/' }, { app: { ...initialAppState, hasSession: signedIn } });
  if (signedIn) {
    store.dispatch(userApi.util.upsertQueryEntries([{ endpointName: 'getUser', arg: undefined, value: USER }]));
  }
  const lang = url.startsWith('/ru/') ? 'ru' : 'en';
  return {
    request: new Request(`http://localhost${url}`),
    params: {},
    context: undefined,
    store,
    i18n: createAuthI18n(lang),
    lang,
    page: findPage('auth-login')!,
  } as unknown as PageLoaderArgs;
}

function redirectOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (thrown) {
    return (thrown as Response).headers.get('location');
  }
}

describe('sign-in and sign-up pages for a signed-in user', () => {
  it('stay for visitors', () => {
    expect(redirectSignedIn(args('/auth/login?return_to=%2Fprofile', false))).toBeNull();
  });

  it('send a signed-in user to return_to or the localized home', () => {
    expect(redirectOf(() => redirectSignedIn(args('/auth/login?return_to=%2Fprofile%2Fdocs', true)))).toBe(
      '/profile/docs',
    );
    expect(redirectOf(() => redirectSignedIn(args('/ru/auth/login?return_to=https%3A%2F%2Fevil.example', true)))).toBe(
      '/ru/enterpage',
    );
  });
});

describe('hashLinkFrom', () => {
  it('accepts only link parameters the server could have issued', () => {
    expect(hashLinkFrom({ hash: 'Abcdefghij_klmnopqrst-uvwxyz012', userId: '42' })).toEqual({
      hash: 'Abcdefghij_klmnopqrst-uvwxyz012',
      userId: 42,
    });
    expect(hashLinkFrom({ hash: 'short', userId: '42' })).toBeNull();
    expect(hashLinkFrom({ hash: 'Abcdefghij_klmnopqrst-uvwxyz012', userId: '-1' })).toBeNull();
    expect(hashLinkFrom({})).toBeNull();
  });
});
