/** Lifetimes of spec §9, in seconds. */
export const DAY = 86_400;
export const YEAR = 365 * DAY;
export const COOKIE_LIFETIMES = {
  first_visited_page: 7 * DAY,
  last_visited_page: 7 * DAY,
  timezone: YEAR,
  original_referer: YEAR,
  utm: YEAR,
  reg_referrer: 3 * DAY,
  cms_utm_get: YEAR,
  foreign_banner_dismissed: YEAR,
} as const;
export type TrackedCookie = keyof typeof COOKIE_LIFETIMES;

export function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(name + '='));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

export function writeCookie(name: TrackedCookie, value: string) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${COOKIE_LIFETIMES[name]}; Path=/; SameSite=Lax${secure}`;
}
