import { useAppSelector } from '#web/store/hooks.ts';
import { userApi } from './api.ts';

const selectUser = userApi.endpoints.getUser.select();

/** The signed-in user from the store (loaded by page loaders), or null for a visitor. */
export function useCurrentUser() {
  const hasSession = useAppSelector((s) => s.app.hasSession);
  const result = useAppSelector(selectUser);
  // Keeps the cached user subscribed while the page shows it.
  userApi.useGetUserQuery(undefined, { skip: !hasSession });
  return hasSession ? (result.data ?? null) : null;
}
