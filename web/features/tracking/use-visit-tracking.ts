import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { UTM_FIELDS } from '#shared/utm.ts';
import type { SiteOrigins } from '#shared/i18n/routing.ts';
import { readCookie, writeCookie } from '#web/lib/cookies.ts';
import { useTrackEventMutation } from './api.ts';

function guessTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function isOwnHost(sites: SiteOrigins, referrer: string): boolean {
  try {
    const host = new URL(referrer).host;
    return [sites.intl, sites.ru, sites.zh].some((o) => o !== null && new URL(o).host === host) || host === location.host;
  } catch {
    return true;
  }
}

/**
 * The visit cookies and tracking events of spec §2, §4, §9: first and last visited page
 * (the last one not on sign-up, sign-in, recovery, confirmation and 2FA pages), timezone,
 * original referrer from foreign sites, utm fields, and the referral and campaign events.
 */
export function useVisitTracking(sites: SiteOrigins, trackLastVisit: boolean) {
  const location = useLocation();
  const [trackEvent] = useTrackEventMutation();
  const referralSent = useRef<string | null>(null);

  useEffect(() => {
    if (!readCookie('timezone')) writeCookie('timezone', guessTimezone());
    if (!readCookie('original_referer') && document.referrer && !isOwnHost(sites, document.referrer)) {
      writeCookie('original_referer', document.referrer);
    }
  }, [sites]);

  useEffect(() => {
    const page = location.pathname + location.search;
    if (!readCookie('first_visited_page')) writeCookie('first_visited_page', page);
    if (trackLastVisit) writeCookie('last_visited_page', page);

    const query = new URLSearchParams(location.search);
    const utm = Object.fromEntries(UTM_FIELDS.flatMap((f) => (query.get(f) ? [[f, query.get(f)!]] : [])));
    if (Object.keys(utm).length > 0) writeCookie('utm', JSON.stringify(utm));

    const from = query.get('from');
    if (from && referralSent.current !== from) {
      referralSent.current = from;
      const source = query.get('source') ?? undefined;
      trackEvent({ type: 'referral', data: { from, source, unique: !readCookie('reg_referrer') } })
        .unwrap()
        .then(() => writeCookie('reg_referrer', from))
        .catch(() => {
          /* spec §8: a failed referral event is only logged (by the server) */
        });
    }

    const utmSource = query.get('utm_source');
    const signature = JSON.stringify(utm);
    if (utmSource && readCookie('cms_utm_get') !== signature) {
      const utmId = query.get('utm_id') ?? undefined;
      trackEvent({ type: 'campaign', data: { ...utm, utm_id: utmId } })
        .unwrap()
        .then(() => writeCookie('cms_utm_get', signature))
        .catch(() => {});
    }
  }, [location.pathname, location.search, trackLastVisit, trackEvent]);
}
