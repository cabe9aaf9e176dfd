/** A date and time in the reader's language, in UTC with the zone named (server and readers agree). */
export function formatWhen(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC', timeZoneName: 'short' }).format(new Date(iso));
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
