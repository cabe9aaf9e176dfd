/** The referral link of spec §4 and field research §2.7: `?from=<id>`, optionally `&source=<label>`. */
export function referralLink(origin: string, path: string, referrerId: number, source?: string): string {
  const url = new URL(path, origin);
  url.searchParams.set('from', String(referrerId));
  const label = source?.trim();
  if (label) url.searchParams.set('source', label.slice(0, 100));
  return url.toString();
}
