/** Joins truthy class names; keeps component markup free of string juggling. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
