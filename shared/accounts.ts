/**
 * Account types and where each lands after signing in: plain values the first page's JavaScript
 * needs (the header's account menu), kept apart from the zod contracts so that zod stays out of
 * the code every page loads (shared/contracts/user.ts re-exports them).
 */
export const USER_TYPES = ['developer', 'customer', 'worker'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const PERMISSIONS = ['admin', 'moderator'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Where a signed-in user of each type lands. */
export function homePathOf(userType: UserType | null): string {
  switch (userType) {
    case 'customer':
      return '/enterpage';
    case 'worker':
      return '/cabinet';
    case 'developer':
      return '/profile';
    default:
      return '/select-role';
  }
}
