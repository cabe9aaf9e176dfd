import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { MoneySchema } from './admin.ts';

/**
 * 100% recognition: each image task goes to different workers until `minMatches` answers agree
 * (after at least `minAttempts` answers, at most `maxAttempts`). Image tasks only; the customer
 * pays the rate per answer used, and reports are refused for such tasks.
 */
export interface ConsensusSettings {
  minAttempts: number;
  maxAttempts: number;
  minMatches: number;
}

/** GET/PUT /api/v2/customer/api-settings: how the account's API key may be used. */
export interface ApiSettings {
  allowedIps: string[];
  /** USD per 1000 captchas, or null for no limit. */
  maxBidPer1000: string | null;
  sandbox: boolean;
  pingbackHosts: string[];
  /** 100% recognition, or null when off. Submissions are refused while sandbox is on too. */
  consensus: ConsensusSettings | null;
  /** A worker language code (see WorkerLanguagesSchema) given to image tasks that name none; null: any worker. */
  defaultLanguage: string | null;
}

export const CONSENSUS_LIMITS = { maxMatches: 5, maxAttempts: 10 } as const;

export const ConsensusSchema = z
  .object({
    minAttempts: z.number().int().min(1).max(CONSENSUS_LIMITS.maxAttempts),
    maxAttempts: z.number().int().min(1).max(CONSENSUS_LIMITS.maxAttempts),
    minMatches: z.number().int().min(1).max(CONSENSUS_LIMITS.maxMatches),
  })
  .refine((c) => c.minMatches <= c.minAttempts, { message: 'minMatches must not exceed minAttempts', path: ['minMatches'] })
  .refine((c) => c.minAttempts <= c.maxAttempts, { message: 'minAttempts must not exceed maxAttempts', path: ['minAttempts'] });

const Ip = z.union([z.ipv4(), z.ipv6()]);
/** PUT body. `consensus` and `defaultLanguage` may be left out: absent means unchanged. */
export const ApiSettingsSchema = z.object({
  allowedIps: z.array(Ip).max(50),
  maxBidPer1000: MoneySchema.nullable(),
  sandbox: z.boolean(),
  consensus: ConsensusSchema.nullable().optional(),
  defaultLanguage: z.enum(LANGUAGES).nullable().optional(),
});

export const SoftwareSchema = z.object({ name: z.string().trim().min(2).max(100) });
