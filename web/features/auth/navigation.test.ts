import { describe, expect, it } from 'vitest';
import { afterSignIn, returnToFrom, withReturnTo } from './navigation.ts';

const ru = (path: string) => `/ru${path}`;

describe('return_to', () => {
  it('follows only paths on this site', () => {
    expect(returnToFrom(new URLSearchParams('return_to=%2Fru%2Fprofile%3Ftab%3D2'))).toBe('/ru/profile?tab=2');
    expect(returnToFrom(new URLSearchParams('return_to=https%3A%2F%2Fevil.example%2F'))).toBeNull();
    expect(returnToFrom(new URLSearchParams('return_to=%2F%2Fevil.example'))).toBeNull();
    expect(returnToFrom(new URLSearchParams('return_to=%2F%5Cevil.example'))).toBeNull();
    expect(returnToFrom(new URLSearchParams('return_to=javascript%3Aalert(1)'))).toBeNull();
    expect(returnToFrom(new URLSearchParams(''))).toBeNull();
  });

  it('goes to return_to as given, else to the localized home path', () => {
    expect(afterSignIn('/ru/profile', '/enterpage', ru)).toBe('/ru/profile');
    expect(afterSignIn(null, '/enterpage', ru)).toBe('/ru/enterpage');
    // A home path that is not a local path (it never should be) does not lead off the site.
    expect(afterSignIn(null, 'https://evil.example', ru)).toBe('/ru/');
  });

  it('carries return_to along', () => {
    expect(withReturnTo('/auth/oauth-2fa', '/profile?x=1')).toBe('/auth/oauth-2fa?return_to=%2Fprofile%3Fx%3D1');
    expect(withReturnTo('/auth/oauth-2fa', null)).toBe('/auth/oauth-2fa');
  });
});
