/** The cabinet's pages in navigation order (and the way out to payouts): path and key under `nav.` / `pages.` in the worker catalogue. */
export const CABINET_SECTIONS = [
  ['/cabinet', 'work'],
  ['/cabinet/training', 'training'],
  ['/cabinet/mistakes', 'mistakes'],
  ['/cabinet/editlang', 'languages'],
  // Earnings leave through the partner area's payout page (wallets, requests, history).
  ['/partner/payment', 'payouts'],
] as const;

export type CabinetSection = Exclude<(typeof CABINET_SECTIONS)[number][1], 'payouts'>;
