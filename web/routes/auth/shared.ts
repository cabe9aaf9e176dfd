import { redirect } from 'react-router';
import { HashLinkSchema } from '#shared/contracts/auth.ts';
import { homePathOf } from '#shared/contracts/user.ts';
import { localizedPath } from '#shared/i18n/routing.ts';
import type { HashLink } from '#web/features/auth/api.ts';
import { userApi } from '#web/features/user/api.ts';
import { safeReturnTo } from '#shared/return-to.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';

/**
 * Loader of the sign-in and sign-up pages: a signed-in user has nothing to do there and goes
 * to return_to or home. (The router has already loaded the user when the browser has a session.)
 */
export function redirectSignedIn({ store, request, lang }: PageLoaderArgs): null {
  const { hasSession, hostLanguage } = store.getState().app;
  if (!hasSession) return null;
  const user = userApi.endpoints.getUser.select()(store.getState()).data;
  if (!user) return null;
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get('return_to'));
  throw redirect(returnTo ?? localizedPath(lang, homePathOf(user.profile.userType), hostLanguage));
}

/** The `{hash}/{userId}` of an e-mailed link, or null when they cannot be one of ours. */
export function hashLinkFrom(params: { hash?: string; userId?: string }): HashLink | null {
  const parsed = HashLinkSchema.safeParse({ hash: params.hash, userId: params.userId });
  return parsed.success ? parsed.data : null;
}
