import type { CurrentUser } from '#shared/contracts/user.ts';
import type { Access } from '#web/routes.ts';

/**
 * Where the access rule of a page sends this visitor (spec §2 Access rules), or null to stay.
 * `here` is the current path plus query; `to` localizes an unprefixed path.
 */
export function accessRedirect(access: Access, user: CurrentUser | null, here: string, to: (path: string) => string): string | null {
  const returnTo = `return_to=${encodeURIComponent(here)}`;
  switch (access.kind) {
    case 'public':
      return null;
    case 'light':
      return user ? null : to('/') + '#order-captchas';
    case 'user':
      return user ? null : `${to('/auth/login')}?${returnTo}`;
    case 'userType':
      if (!user) return `${to('/auth/login')}?${returnTo}`;
      return user.profile.userType ? null : `${to('/select-role')}?${returnTo}`;
    case 'permissions':
      if (!user) return `${to('/auth/login')}?${returnTo}`;
      return access.permissions.some((p) => user.permissions[p]) ? null : to('/');
  }
}
