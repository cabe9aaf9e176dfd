/**
 * The rate-limit table states what the compat surface enforces: each counted ban is driven
 * through CompatLimits with a fake clock — no ban one request before the documented threshold, a
 * ban at it, lasting exactly the documented time, and a fresh count after the window.
 */
import { describe, expect, it } from 'vitest';
import { CompatLimits } from '#server/surfaces/compat/limits.ts';
import { COUNTED_BANS } from './bans.ts';

function limits() {
  let now = 1_000_000;
  const l = new CompatLimits(true, { now: () => now });
  return { l, advance: (ms: number) => (now += ms) };
}

type Rule = (typeof COUNTED_BANS)[keyof typeof COUNTED_BANS];
/** One counted event and the check that reports the ban. */
const drivers: Record<keyof typeof COUNTED_BANS, (l: CompatLimits) => { count(): void; banned(): boolean }> = {
  wrongKey: (l) => ({ count: () => l.wrongKey('203.0.113.9'), banned: () => l.check('203.0.113.9', null, false) === 'ERROR: 1004' }),
  zeroBalance: (l) => ({ count: () => l.submitted('k'.repeat(32), 'ERROR_ZERO_BALANCE'), banned: () => l.check('203.0.113.9', 'k'.repeat(32), false) === 'ERROR: 1002' }),
  userTurn: (l) => {
    let last: string | null = null;
    return { count: () => void (last = l.check('203.0.113.9', 'u'.repeat(32), true)), banned: () => last === 'MAX_USER_TURN' };
  },
};

describe.each(Object.entries(COUNTED_BANS) as [keyof typeof COUNTED_BANS, Rule][])('%s as documented', (name, rule) => {
  it(`bans at ${rule.threshold} within the window, for the documented time`, () => {
    const { l, advance } = limits();
    const d = drivers[name](l);
    for (let i = 1; i < rule.threshold; i++) d.count();
    expect(d.banned()).toBe(false);
    d.count();
    expect(d.banned()).toBe(true);
    if (name === 'userTurn') return; // its check is the counted call itself; the length is checked below
    advance(rule.banMs - 1);
    expect(d.banned()).toBe(true);
    advance(2);
    expect(d.banned()).toBe(false);
  });

  it('starts counting again after the window', () => {
    const { l, advance } = limits();
    const d = drivers[name](l);
    for (let i = 1; i < rule.threshold; i++) d.count();
    advance(rule.windowMs + 1);
    d.count();
    expect(d.banned()).toBe(false);
  });
});

it('MAX_USER_TURN lasts the documented time', () => {
  const { l, advance } = limits();
  const key = 'u'.repeat(32);
  const rule = COUNTED_BANS.userTurn;
  for (let i = 0; i < rule.threshold; i++) l.check('203.0.113.9', key, true);
  advance(rule.banMs - 1);
  expect(l.check('203.0.113.9', key, true)).toBe('MAX_USER_TURN');
  advance(rule.windowMs + rule.banMs);
  expect(l.check('203.0.113.9', key, true)).toBeNull();
});
