import { z } from 'zod';
import { PROXY_COUNTRIES, PROXY_PLAN_TYPES, PROXY_UNITS, type ProxyPlanType, type ProxyUnit } from '#shared/proxy/catalog.ts';

/** GET /api/v2/proxy/prices?currency=&utm_campaign= (spec §7). */
export const ProxyPricesQuerySchema = z.object({
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'a three-letter currency code')
    .transform((c) => c.toUpperCase())
    .optional(),
  utm_campaign: z.string().trim().max(100).optional(),
});
export type ProxyPricesQuery = z.infer<typeof ProxyPricesQuerySchema>;

export interface ProxyOfferPrice {
  planType: ProxyPlanType;
  unit: ProxyUnit;
  min: number;
  max: number;
  /** Per GB or per IP for the package period, in `currency` (after a campaign's discount). */
  price: string;
  /** Without the campaign discount. */
  listPrice: string;
  /** Country slug → price, for countries priced apart from `price`. */
  countries: Record<string, string>;
}

export interface ProxyPriceList {
  currency: string;
  /** The campaign whose discount applies (utm_campaign), if any. */
  campaign: { name: string; percent: number } | null;
  packageDays: number;
  offers: ProxyOfferPrice[];
  /** Where customers connect (the gateway's public host and ports). */
  gateway: ProxyGatewayInfo;
}

export const ProxyPurchaseSchema = z.object({
  planType: z.enum(PROXY_PLAN_TYPES),
  unit: z.enum(PROXY_UNITS),
  country: z.enum(PROXY_COUNTRIES).nullable().default(null),
  quantity: z.number().int().min(1).max(1000),
});
export type ProxyPurchaseRequest = z.input<typeof ProxyPurchaseSchema>;

export interface ProxyPurchaseView {
  id: number;
  planType: ProxyPlanType;
  unit: ProxyUnit;
  country: string | null;
  quantity: number;
  /** USD, as a decimal string. */
  amount: string;
  bytesTotal: number;
  bytesUsed: number;
  createdAt: string;
  expiresAt: string;
  active: boolean;
}

export interface ProxyTrafficView {
  planType: ProxyPlanType;
  /** Bytes left in unexpired traffic packages, and their total and used bytes. */
  bytesLeft: number;
  bytesTotal: number;
  bytesUsed: number;
  /** Static IPs in unexpired IP plans. */
  ips: number;
  /** When the next package of the type expires. */
  nextExpiry: string | null;
}

export interface ProxyGatewayInfo {
  host: string;
  httpPort: number;
  socksPort: number;
}

export interface ProxyOverview {
  balance: string;
  traffic: ProxyTrafficView[];
  purchases: ProxyPurchaseView[];
  gateway: ProxyGatewayInfo;
  /** Bytes per day of the last 14 days, all sub-users. */
  recent: { day: string; bytes: number }[];
}

export interface ProxySubUserView {
  id: number;
  login: string;
  label: string;
  trafficLimit: number | null;
  maxConnections: number | null;
  bytesUp: number;
  bytesDown: number;
  disabled: boolean;
  createdAt: string;
}

/** Traffic caps are entered in GB (up to three decimals); null removes the cap. */
const limitGb = z.number().positive().max(1_000_000).multipleOf(0.001).nullable();

export const ProxySubUserCreateSchema = z.object({
  label: z.string().trim().max(60).default(''),
  trafficLimitGb: limitGb.default(null),
  maxConnections: z.number().int().min(1).max(10_000).nullable().default(null),
});
export type ProxySubUserCreate = z.input<typeof ProxySubUserCreateSchema>;

export const ProxySubUserUpdateSchema = z.object({
  label: z.string().trim().max(60).optional(),
  trafficLimitGb: limitGb.optional(),
  maxConnections: z.number().int().min(1).max(10_000).nullable().optional(),
  disabled: z.boolean().optional(),
});
export type ProxySubUserUpdate = z.input<typeof ProxySubUserUpdateSchema>;

export const ProxyIdSchema = z.object({ id: z.coerce.number().int().positive() });

/** The sub-user and its password, shown once (after creation or rotation). */
export interface ProxySubUserSecret {
  subUser: ProxySubUserView;
  password: string;
}

export const ProxyWhitelistAddSchema = z.object({
  /** An IP or a CIDR range; empty is ERROR_MISSING_IP. */
  ip: z.string().max(64).default(''),
  subUserId: z.number().int().positive(),
});
export type ProxyWhitelistAdd = z.input<typeof ProxyWhitelistAddSchema>;

export interface ProxyWhitelistEntry {
  id: number;
  cidr: string;
  subUserId: number;
  login: string;
  createdAt: string;
}

export interface ProxyWhitelistView {
  entries: ProxyWhitelistEntry[];
  max: number;
}

export const ProxyStatsQuerySchema = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
});
export type ProxyStatsQuery = z.infer<typeof ProxyStatsQuerySchema>;

export interface ProxyStatsRow {
  day: string;
  subUserId: number;
  login: string;
  planType: ProxyPlanType;
  bytesUp: number;
  bytesDown: number;
  connections: number;
}

export interface ProxyStatsView {
  from: string;
  to: string;
  rows: ProxyStatsRow[];
  /** Bytes (up + down) per day over the range, zero days included. */
  days: { day: string; bytes: number }[];
}
