import { formatMoney } from '#shared/money.ts';

/** "$12.50", "−$0.0005": exact micro-USD amounts as dollars. */
export function dollars(micro: string | number): string {
  const n = Number(micro);
  return n < 0 ? `−$${formatMoney(-n)}` : `$${formatMoney(n)}`;
}

/** Audit fields holding micro-USD. */
const MONEY_FIELDS = new Set(['balance', 'amount']);

/** The fields of an audit entry that changed, before and after, money as dollars. */
export function changes(entry: { before: unknown; after: unknown }): { key: string; before: string; after: string }[] {
  const b = (entry.before ?? {}) as Record<string, unknown>;
  const a = (entry.after ?? {}) as Record<string, unknown>;
  const show = (key: string, v: unknown) =>
    v === null || v === undefined ? '—' : MONEY_FIELDS.has(key) && typeof v === 'number' ? dollars(v) : typeof v === 'string' ? v : JSON.stringify(v);
  return [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((key) => ({ key, before: show(key, b[key]), after: show(key, a[key]) }));
}
