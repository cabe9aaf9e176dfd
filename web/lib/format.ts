/**
 * Display helpers shared by the console screens (profile, customer). Money arrives as a decimal
 * string in USD ("12.50", "-0.0005"); it is regrouped as text, never through floating point.
 */

const groupCache = new Map<string, string>();

/** The language's thousands separator (",", a no-break space, …). */
function groupSeparatorOf(lang: string): string {
  let found = groupCache.get(lang);
  if (found === undefined) {
    found =
      new Intl.NumberFormat(lang, { useGrouping: true }).formatToParts(12345).find((p) => p.type === 'group')?.value ??
      ',';
    groupCache.set(lang, found);
  }
  return found;
}

/**
 * "1234.5" → "$1,234.50" (en), "$1 234.50" (ru): the dollar sign first, the decimal point as in
 * the header balance and the API, the language's digit grouping, at least two decimals and every
 * decimal the server sent. Anything that is not a decimal is shown as it came.
 */
export function formatUsd(amount: string, lang = 'en'): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole, fraction = ''] = match;
  const grouped = whole!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, groupSeparatorOf(lang));
  const decimals = fraction.replace(/0+$/, '').padEnd(2, '0');
  const isZero = /^0*$/.test(whole!) && /^0*$/.test(fraction);
  return `${sign && !isZero ? '−' : ''}$${grouped}.${decimals}`;
}

/**
 * "2025-03-04T05:06:07Z" → "2025-03-04 08:06" in `timeZone`. Numeric and explicit about the zone,
 * so the server's render and the browser's hydration agree whatever the machine's clock zone.
 */
export function formatDateTime(iso: string, timeZone = 'UTC'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(date);
  } catch {
    return formatDateTime(iso, 'UTC');
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}
