/** A date and time in the reader's language, in UTC with the zone named (server and readers agree). */
export function formatWhen(iso: string, lang: string): string {
  // dateStyle cannot be combined with timeZoneName: the fields are spelled out.
  return new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(new Date(iso));
}

/** `datetime-local` input value (UTC) → ISO string, or null when empty or invalid. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const ms = Date.parse(value.length === 16 ? `${value}:00Z` : `${value}Z`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** ISO → `datetime-local` value in UTC (minutes). */
export function isoToLocalInput(iso: string): string {
  return iso.slice(0, 16);
}
