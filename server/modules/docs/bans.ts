/**
 * The rate limits and temporary bans the compat surface enforces (api-protocol.md §3.3), as the
 * documentation states them. The ratio bans (1003, 1005) are read from the constants
 * `server/surfaces/compat/limits.ts` itself uses; the counted bans (1002, 1004, MAX_USER_TURN)
 * are written out here and `bans.test.ts` drives `CompatLimits` to prove each figure (threshold,
 * window, ban length), so neither can change without the docs failing their test.
 */
import { NO_SLOT_BAN_MS, NO_SLOT_MIN, NO_SLOT_RATIO, POLL_BAN_MS, POLLS_FREE, POLLS_PER_UPLOAD } from '#server/surfaces/compat/limits.ts';
import { toV2Error } from '#server/surfaces/compat/errors.ts';
import type { BanRow } from '#shared/contracts/api-docs.ts';
import { docText } from './texts.ts';

/** The counted bans: the request that makes `threshold` within `windowMs` starts a ban of `banMs`. */
export const COUNTED_BANS = {
  wrongKey: { code: 'ERROR: 1004', threshold: 5, windowMs: 600_000, banMs: 600_000 },
  userTurn: { code: 'MAX_USER_TURN', threshold: 61, windowMs: 3_000, banMs: 10_000 },
  zeroBalance: { code: 'ERROR: 1002', threshold: 120, windowMs: 60_000, banMs: 300_000 },
} as const;

export const RATIO_BANS = {
  noSlot: { code: 'ERROR: 1003', min: NO_SLOT_MIN, ratio: NO_SLOT_RATIO, banMs: NO_SLOT_BAN_MS },
  polls: { code: 'ERROR: 1005', perUpload: POLLS_PER_UPLOAD, free: POLLS_FREE, banMs: POLL_BAN_MS },
} as const;

function duration(lang: string, ms: number): string {
  return ms % 60_000 === 0 ? docText(lang, 'units.minutes', { n: ms / 60_000 }) : docText(lang, 'units.seconds', { n: ms / 1000 });
}

/** The table of bans; `windowSeconds` is the configured counting window of 1003 and 1005. */
export function banRows(lang: string, windowSeconds: number): BanRow[] {
  const v2 = (code: string) => `${toV2Error(code).errorId} ${toV2Error(code).errorCode}`;
  const window = duration(lang, windowSeconds * 1000);
  const { wrongKey, userTurn, zeroBalance } = COUNTED_BANS;
  const { noSlot, polls } = RATIO_BANS;
  return [
    { code: userTurn.code, v2Code: v2(userTurn.code), trigger: docText(lang, 'bans.userTurn', { n: userTurn.threshold - 1, window: duration(lang, userTurn.windowMs) }), ban: duration(lang, userTurn.banMs) },
    { code: zeroBalance.code, v2Code: v2(zeroBalance.code), trigger: docText(lang, 'bans.zeroBalance', { n: zeroBalance.threshold, window: duration(lang, zeroBalance.windowMs) }), ban: duration(lang, zeroBalance.banMs) },
    { code: noSlot.code, v2Code: v2(noSlot.code), trigger: docText(lang, 'bans.noSlot', { min: noSlot.min, ratio: noSlot.ratio, window }), ban: duration(lang, noSlot.banMs) },
    { code: wrongKey.code, v2Code: v2(wrongKey.code), trigger: docText(lang, 'bans.wrongKey', { n: wrongKey.threshold, window: duration(lang, wrongKey.windowMs) }), ban: duration(lang, wrongKey.banMs) },
    { code: polls.code, v2Code: v2(polls.code), trigger: docText(lang, 'bans.polls', { perUpload: polls.perUpload, free: polls.free, window }), ban: duration(lang, polls.banMs) },
  ];
}
