/** The cabinet's pages in navigation order: path and key under `nav.` / `pages.` in the worker catalogue. */
export const CABINET_SECTIONS = [
  ['/cabinet', 'work'],
  ['/cabinet/training', 'training'],
  ['/cabinet/mistakes', 'mistakes'],
  ['/cabinet/editlang', 'languages'],
] as const;

export type CabinetSection = (typeof CABINET_SECTIONS)[number][1];
