import { z } from 'zod';
import { CONSENSUS_LIMITS, type ConsensusSettings } from '#shared/contracts/customer.ts';
import { pingbackHostOf } from '#shared/contracts/pingback.ts';
import { formatMoney, parseMoney } from '#shared/money.ts';

/** Problems of a maximum bid typed by the customer (USD per 1000), as keys under `settings.bid.errors`. */
export function bidProblem(text: string): 'required' | 'format' | 'zero' | null {
  const value = text.trim();
  if (value === '') return 'required';
  if (!/^\d{1,9}(\.\d{1,6})?$/.test(value)) return 'format';
  if (parseMoney(value) <= 0) return 'zero';
  return null;
}

export type ConsensusField = keyof ConsensusSettings;
export type ConsensusProblems = Partial<Record<ConsensusField, 'range' | 'matchesOverMin' | 'minOverMax'>>;

/** The server's rule (shared/contracts/customer.ts): 1 ≤ minMatches ≤ 5, minMatches ≤ minAttempts ≤ maxAttempts ≤ 10. */
export function consensusProblems(c: ConsensusSettings): ConsensusProblems {
  const problems: ConsensusProblems = {};
  const inRange = (v: number, max: number) => Number.isInteger(v) && v >= 1 && v <= max;
  if (!inRange(c.minAttempts, CONSENSUS_LIMITS.maxAttempts)) problems.minAttempts = 'range';
  if (!inRange(c.maxAttempts, CONSENSUS_LIMITS.maxAttempts)) problems.maxAttempts = 'range';
  if (!inRange(c.minMatches, CONSENSUS_LIMITS.maxMatches)) problems.minMatches = 'range';
  if (!problems.minMatches && !problems.minAttempts && c.minMatches > c.minAttempts) problems.minMatches = 'matchesOverMin';
  if (!problems.minAttempts && !problems.maxAttempts && c.minAttempts > c.maxAttempts) problems.minAttempts = 'minOverMax';
  return problems;
}

/**
 * What 1000 captchas cost under 100% recognition at `ratePer1000` (USD): every answer used is paid
 * at the rate, so at least minAttempts and at most maxAttempts times the rate.
 */
export function consensusCost(ratePer1000: string, c: ConsensusSettings): { least: string; most: string } {
  const rate = parseMoney(ratePer1000);
  return { least: formatMoney(rate * c.minAttempts), most: formatMoney(rate * c.maxAttempts) };
}

const Ip = z.union([z.ipv4(), z.ipv6()]);

/** An IPv4 or IPv6 address as the API compares it (exact text), or null. */
export function normalizeIp(text: string): string | null {
  const value = text.trim().toLowerCase();
  return Ip.safeParse(value).success ? value : null;
}

/** The host a pingback address registers, or null (same rule as the server). */
export { pingbackHostOf };
