// A plain list the visit tracking of every page needs, kept apart from the zod contracts (shared/contracts/tracking.ts re-exports it).
/** The nine utm fields of spec §9, in cookie order. */
export const UTM_FIELDS = [
  'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content',
  'utm_matchtype', 'utm_loc', 'utm_network', 'utm_pos',
] as const;
