import { z } from 'zod';
import { MoneySchema } from './admin.ts';

/** GET/PUT /api/v2/customer/api-settings: how the account's API key may be used. */
export interface ApiSettings {
  allowedIps: string[];
  /** USD per 1000 captchas, or null for no limit. */
  maxBidPer1000: string | null;
  sandbox: boolean;
  pingbackHosts: string[];
}

const Ip = z.union([z.ipv4(), z.ipv6()]);
export const ApiSettingsSchema = z.object({
  allowedIps: z.array(Ip).max(50),
  maxBidPer1000: MoneySchema.nullable(),
  sandbox: z.boolean(),
});

export const SoftwareSchema = z.object({ name: z.string().trim().min(2).max(100) });
