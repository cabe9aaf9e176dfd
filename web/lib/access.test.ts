import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '#shared/contracts/user.ts';
import { safeReturnTo } from '#shared/return-to.ts';
import { accessRedirect } from './access.ts';

const to = (p: string) => `/ru${p === '/' ? '/' : p}`;
const user = (userType: CurrentUser['profile']['userType'], perms: Partial<CurrentUser['permissions']> = {}) =>
  ({ profile: { userType }, permissions: { admin: false, moderator: false, ...perms } }) as CurrentUser;

describe('access rules', () => {
  it('sends visitors to sign-in with return_to (path plus query)', () => {
    expect(accessRedirect({ kind: 'user' }, null, '/ru/profile?tab=2', to)).toBe('/ru/auth/login?return_to=%2Fru%2Fprofile%3Ftab%3D2');
  });
  it('sends users without a type to /select-role', () => {
    expect(accessRedirect({ kind: 'userType' }, user(null), '/ru/enterpage', to)).toBe('/ru/select-role?return_to=%2Fru%2Fenterpage');
    expect(accessRedirect({ kind: 'userType' }, user('customer'), '/x', to)).toBeNull();
  });
  it('sends users without the permission home', () => {
    const rule = { kind: 'permissions', permissions: ['admin'] } as const;
    expect(accessRedirect(rule, user('customer', { moderator: true }), '/x', to)).toBe('/ru/');
    expect(accessRedirect(rule, user('customer', { admin: true }), '/x', to)).toBeNull();
  });
  it('sends visitors of light-guarded pages to the order anchor', () => {
    expect(accessRedirect({ kind: 'light' }, null, '/x', to)).toBe('/ru/#order-captchas');
  });
  it('follows only same-site return paths', () => {
    expect(safeReturnTo('/profile?x=1')).toBe('/profile?x=1');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil', '', null]) expect(safeReturnTo(bad)).toBeNull();
  });
});
