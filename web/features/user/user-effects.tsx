import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { useAppSelector } from '#web/store/hooks.ts';
import { useReadSystemMessageMutation, useUpdateUserMutation } from './api.ts';
import { useCurrentUser } from './use-current-user.ts';
import { useLiveBalance } from './use-live-balance.ts';

// The popup (and the dialog library under it) loads only for a user who has a message to read.
const SystemMessagePopup = lazy(() => import('#web/components/system-message/system-message-popup.tsx').then((m) => ({ default: m.SystemMessagePopup })));

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/**
 * What the signed-in user brings to every page (spec §2, §4, §9): the system-message popup,
 * the interface-language sync, and the advertising data-layer push on the product's own domains.
 */
export function UserEffects() {
  const user = useCurrentUser();
  const { lang } = useCurrentPage();
  const { sites, host } = useAppSelector((s) => s.app);
  const [updateUser] = useUpdateUserMutation();
  const [readMessage] = useReadSystemMessageMutation();
  // Mounted from the first message on, so it stays for its closing animation once read.
  const [popup, setPopup] = useState(false);
  if (user?.systemMessage && !popup) setPopup(true);

  useEffect(() => {
    if (user && user.interfaceLanguage !== lang) void updateUser({ interfaceLanguage: lang });
  }, [user, lang, updateUser]);

  useEffect(() => {
    if (!user) return;
    const own = [sites.intl, sites.ru].some((o) => o !== null && new URL(o).host === host);
    if (!own) return;
    (window.dataLayer ??= []).push({
      event: 'user_data',
      role: user.profile.userType,
      balance: user.balance.amount,
      ...user.analyticsData,
    });
  }, [user?.id, sites, host]); // eslint-disable-line react-hooks/exhaustive-deps -- once per user and page load

  // A credited payment shows in the header's balance on every open page (the /ws balance event).
  useLiveBalance(user?.id ?? null);

  if (!user || !popup) return null;
  return (
    <Suspense fallback={null}>
      <SystemMessagePopup message={user.systemMessage} language={lang} onRead={(id) => readMessage({ id: Number(id) }).unwrap()} />
    </Suspense>
  );
}
