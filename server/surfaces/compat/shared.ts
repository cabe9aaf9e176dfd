import { pingbackHostOf } from '#server/modules/tasks/pingback.service.ts';

/** A pingback URL is used only when its host was registered (protocol §4); `hosts` from the account's API settings. */
export function pingbackAllowed(hosts: readonly string[], url: string): boolean {
  const host = pingbackHostOf(url);
  if (!host || !/^https?:\/\//i.test(url)) return false;
  return hosts.includes(host);
}

/** soft_id / softId: an integer; anything else is ignored (unknown ids never cause errors). */
export function softIdOf(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
