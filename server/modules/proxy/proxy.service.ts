/**
 * The proxy product (issue 17): plans bought from the balance through the ledger, sub-users
 * (proxy logins with salted-hash passwords, traffic caps, connection limits), the IP whitelist,
 * traffic statistics, and the gateway's view of all of it (`gatewaySnapshot`, `recordUsage`).
 * The gateway itself is `server/proxy-gateway/`.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type {
  ProxyGatewayInfo,
  ProxyOverview,
  ProxyPriceList,
  ProxyPurchaseRequest,
  ProxyPurchaseView,
  ProxyStatsQuery,
  ProxyStatsView,
  ProxySubUserCreate,
  ProxySubUserSecret,
  ProxySubUserUpdate,
  ProxySubUserView,
  ProxyWhitelistAdd,
  ProxyWhitelistEntry,
  ProxyWhitelistView,
} from '#shared/contracts/proxy.ts';
import { ProxyPurchaseSchema, ProxySubUserCreateSchema, ProxyWhitelistAddSchema } from '#shared/contracts/proxy.ts';
import { formatMoney } from '#shared/money.ts';
import { BYTES_PER_GB, PROXY_OFFERS, PROXY_PLAN_TYPES, type ProxyPlanType } from '#shared/proxy/catalog.ts';
import { AppError } from '#server/lib/app-error.ts';
import { withDb, type Ctx } from '#server/lib/ctx.ts';
import { getBalance, postLedgerEntryReturningId } from '#server/modules/billing/billing.service.ts';
import { convertMicros, minorDigits } from '#server/modules/pricing/currency.ts';
import { currencyRates } from '#server/modules/pricing/price-list.service.ts';
import { formatRange, parseRange } from './cidr.ts';
import { loadProxyConfig, unitPrice, type ProxyConfig } from './proxy-config.ts';
import * as repo from './proxy.repo.ts';

export const MAX_SUB_USERS = 100;
export const MAX_WHITELIST = 50;

export function proxyConfigOf(ctx: Pick<Ctx, 'config'>): ProxyConfig {
  return loadProxyConfig(ctx.config.PROXY_CONFIG);
}

export function gatewayInfo(ctx: Pick<Ctx, 'config'>): ProxyGatewayInfo {
  return {
    host: ctx.config.PROXY_HOST ?? new URL(ctx.config.PUBLIC_URL).hostname,
    httpPort: ctx.config.PROXY_HTTP_PORT,
    socksPort: ctx.config.PROXY_SOCKS_PORT,
  };
}

/** Salted sha256 of a proxy password (passwords are generated, 20 random letters and digits). */
export function hashProxyPassword(salt: string, password: string): string {
  return createHash('sha256').update(`${salt}:${password}`).digest('hex');
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
function randomText(length: number, alphabet = ALNUM): string {
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

// ---- prices and purchases ----------------------------------------------------------------------

/**
 * GET /api/v2/proxy/prices: every offer's price per unit in `currency`, with the operator's
 * country prices, after the discount of the campaign named by `utm_campaign` (if configured).
 * @throws AppError UNSUPPORTED_CURRENCY
 */
export function proxyPrices(ctx: Ctx, currency = 'USD', utmCampaign?: string): ProxyPriceList {
  const rates = currencyRates(ctx);
  const rate = rates[currency];
  if (rate === undefined) throw new AppError('UNSUPPORTED_CURRENCY', `Prices are not available in ${currency}.`, { supported: Object.keys(rates) });
  const config = proxyConfigOf(ctx);
  const percent = utmCampaign ? (config.campaignDiscounts[utmCampaign] ?? 0) : 0;
  const digits = minorDigits(currency);
  const money = (micros: number) => convertMicros(micros, rate, digits);
  const discounted = (micros: number) => Math.round((micros * (100 - percent)) / 100);
  return {
    currency,
    campaign: percent > 0 ? { name: utmCampaign!, percent } : null,
    packageDays: config.packageDays,
    gateway: gatewayInfo(ctx),
    offers: PROXY_OFFERS.map((o) => {
      const table = config.prices[`${o.planType}:${o.unit}`] ?? {};
      const base = table.default ?? 0;
      return {
        planType: o.planType,
        unit: o.unit,
        min: o.min,
        max: o.max,
        price: money(discounted(base)),
        listPrice: money(base),
        countries: Object.fromEntries(Object.entries(table).filter(([c]) => c !== 'default').map(([c, v]) => [c, money(discounted(v))])),
      };
    }),
  };
}

function purchaseView(p: repo.PurchaseRow, now = Date.now()): ProxyPurchaseView {
  return {
    id: p.id,
    planType: p.planType,
    unit: p.unit,
    country: p.country,
    quantity: p.quantity,
    amount: formatMoney(p.amount),
    bytesTotal: p.bytesTotal,
    bytesUsed: p.bytesUsed,
    createdAt: p.createdAt.toISOString(),
    expiresAt: p.expiresAt.toISOString(),
    active: p.expiresAt.getTime() > now,
  };
}

/**
 * Buys a plan from the balance: the price (per unit, the country's or the default, exact in
 * micro-USD) leaves through one ledger entry and the plan is stored with it, in one transaction.
 * @throws AppError VALIDATION_FAILED for an offer that is not sold or a quantity out of bounds;
 *   INSUFFICIENT_FUNDS when the balance is too low (nothing written).
 */
export async function purchase(ctx: Ctx, userId: number, input: ProxyPurchaseRequest): Promise<ProxyPurchaseView> {
  const req = ProxyPurchaseSchema.parse(input);
  const offer = PROXY_OFFERS.find((o) => o.planType === req.planType && o.unit === req.unit);
  if (!offer) throw new AppError('VALIDATION_FAILED', `${req.planType} proxies are not sold by ${req.unit}.`, [{ path: '/unit', message: 'not sold in this unit' }]);
  if (req.quantity < offer.min || req.quantity > offer.max) throw new AppError('VALIDATION_FAILED', `Buy between ${offer.min} and ${offer.max}.`, [{ path: '/quantity', message: 'out of bounds' }]);
  const config = proxyConfigOf(ctx);
  const price = unitPrice(config, req.planType, req.unit, req.country);
  if (price === undefined || price <= 0) throw new AppError('VALIDATION_FAILED', 'This plan has no price.', [{ path: '/planType', message: 'not priced' }]);
  const amount = price * req.quantity;
  const expiresAt = new Date(Date.now() + config.packageDays * 86_400_000);
  const row = await ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    const label = `${req.quantity} ${req.unit === 'gb' ? 'GB' : 'IP'} ${req.planType}${req.country ? ` (${req.country.toUpperCase()})` : ''}`;
    const { entryId } = await postLedgerEntryReturningId(t, { userId, amount: -amount, kind: 'proxy_purchase', reason: `Proxy plan: ${label}` });
    return repo.insertPurchase(tx, {
      userId,
      planType: req.planType,
      unit: req.unit,
      country: req.country,
      quantity: req.quantity,
      bytesTotal: req.unit === 'gb' ? req.quantity * BYTES_PER_GB : 0,
      amount,
      ledgerEntryId: entryId,
      expiresAt,
    });
  });
  return purchaseView(row);
}

export async function overview(ctx: Ctx, userId: number): Promise<ProxyOverview> {
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 13 * 86_400_000).toISOString().slice(0, 10);
  const [balance, traffic, purchases, usage] = await Promise.all([getBalance(ctx, userId), repo.trafficByType(ctx.db, userId), repo.listPurchases(ctx.db, userId), repo.usageRows(ctx.db, userId, from, today)]);
  const byType = new Map(traffic.map((t) => [t.planType, t]));
  return {
    balance: formatMoney(balance),
    traffic: PROXY_PLAN_TYPES.map((planType) => {
      const t = byType.get(planType);
      return {
        planType,
        bytesLeft: t ? t.bytesTotal - t.bytesUsed : 0,
        bytesTotal: t?.bytesTotal ?? 0,
        bytesUsed: t?.bytesUsed ?? 0,
        ips: t?.ips ?? 0,
        nextExpiry: t?.nextExpiry?.toISOString() ?? null,
      };
    }),
    purchases: purchases.map((p) => purchaseView(p)),
    gateway: gatewayInfo(ctx),
    recent: dayTotals(usage, from, today),
  };
}

function dayTotals(rows: { day: string; bytesUp: number; bytesDown: number }[], from: string, to: string): { day: string; bytes: number }[] {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r.day, (sums.get(r.day) ?? 0) + r.bytesUp + r.bytesDown);
  const out: { day: string; bytes: number }[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d = new Date(d.getTime() + 86_400_000)) {
    const day = d.toISOString().slice(0, 10);
    out.push({ day, bytes: sums.get(day) ?? 0 });
  }
  return out;
}

// ---- sub-users ---------------------------------------------------------------------------------

function subUserView(s: repo.SubUserRow): ProxySubUserView {
  return {
    id: s.id,
    login: s.login,
    label: s.label,
    trafficLimit: s.trafficLimit,
    maxConnections: s.maxConnections,
    bytesUp: s.bytesUp,
    bytesDown: s.bytesDown,
    disabled: s.disabledAt !== null,
    createdAt: s.createdAt.toISOString(),
  };
}

const gbToBytes = (gb: number | null) => (gb === null ? null : Math.round(gb * BYTES_PER_GB));

export async function listSubUsers(ctx: Ctx, userId: number): Promise<ProxySubUserView[]> {
  return (await repo.listSubUsers(ctx.db, userId)).map(subUserView);
}

/**
 * A new proxy login with a generated password, shown once.
 * @throws AppError CONFLICT at MAX_SUB_USERS
 */
export async function createSubUser(ctx: Ctx, userId: number, input: ProxySubUserCreate): Promise<ProxySubUserSecret> {
  const req = ProxySubUserCreateSchema.parse(input);
  if ((await repo.countSubUsers(ctx.db, userId)) >= MAX_SUB_USERS) throw new AppError('CONFLICT', `An account has at most ${MAX_SUB_USERS} sub-users.`);
  const password = randomText(20);
  const salt = randomBytes(16).toString('hex');
  for (let attempt = 0; attempt < 5; attempt++) {
    const created = await repo.insertSubUser(ctx.db, {
      userId,
      login: `u${randomText(9, 'abcdefghijklmnopqrstuvwxyz0123456789')}`,
      label: req.label,
      passwordSalt: salt,
      passwordHash: hashProxyPassword(salt, password),
      trafficLimit: gbToBytes(req.trafficLimitGb),
      maxConnections: req.maxConnections,
    });
    if (created) return { subUser: subUserView(created), password };
  }
  throw new AppError('CONFLICT', 'Could not pick a free login; try again.');
}

/** @throws AppError NOT_FOUND for another account's or an unknown sub-user */
export async function updateSubUser(ctx: Ctx, userId: number, id: number, patch: ProxySubUserUpdate): Promise<ProxySubUserView> {
  const changes = {
    ...(patch.label !== undefined ? { label: patch.label } : {}),
    ...(patch.trafficLimitGb !== undefined ? { trafficLimit: gbToBytes(patch.trafficLimitGb) } : {}),
    ...(patch.maxConnections !== undefined ? { maxConnections: patch.maxConnections } : {}),
    ...(patch.disabled !== undefined ? { disabledAt: patch.disabled ? new Date() : null } : {}),
  };
  // Nothing to change: the sub-user as it is.
  const row = Object.keys(changes).length ? await repo.updateSubUser(ctx.db, userId, id, changes) : await repo.findSubUser(ctx.db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such sub-user.');
  return subUserView(row);
}

/** A new password (the old one stops working at the gateway's next refresh, within a second). */
export async function rotatePassword(ctx: Ctx, userId: number, id: number): Promise<ProxySubUserSecret> {
  const password = randomText(20);
  const salt = randomBytes(16).toString('hex');
  const row = await repo.updateSubUser(ctx.db, userId, id, { passwordSalt: salt, passwordHash: hashProxyPassword(salt, password) });
  if (!row) throw new AppError('NOT_FOUND', 'No such sub-user.');
  return { subUser: subUserView(row), password };
}

// ---- whitelist ---------------------------------------------------------------------------------

function whitelistEntry(r: repo.WhitelistRow & { login: string }): ProxyWhitelistEntry {
  return { id: r.id, cidr: r.cidr, subUserId: r.subUserId, login: r.login, createdAt: r.createdAt.toISOString() };
}

export async function listWhitelist(ctx: Ctx, userId: number): Promise<ProxyWhitelistView> {
  return { entries: (await repo.listWhitelist(ctx.db, userId)).map(whitelistEntry), max: MAX_WHITELIST };
}

/**
 * Adds an IP or a CIDR range, counted to one of the account's sub-users.
 * @throws AppError ERROR_MISSING_IP (empty), ERROR_INVALID_IP (not an address or an allowed
 *   range), ERROR_IP_ALREADY_WHITELISTED (on this or another account), NOT_FOUND (sub-user),
 *   CONFLICT at MAX_WHITELIST
 */
export async function addWhitelist(ctx: Ctx, userId: number, input: ProxyWhitelistAdd): Promise<ProxyWhitelistEntry> {
  const req = ProxyWhitelistAddSchema.parse(input);
  const text = req.ip.trim();
  if (!text) throw new AppError('ERROR_MISSING_IP', 'Enter an IP address or a CIDR range.');
  const range = parseRange(text);
  if (!range) throw new AppError('ERROR_INVALID_IP', `"${text}" is not an IP address or a CIDR range of at least /8 (IPv4) or /32 (IPv6).`);
  const sub = await repo.findSubUser(ctx.db, userId, req.subUserId);
  if (!sub) throw new AppError('NOT_FOUND', 'No such sub-user.');
  if ((await repo.countWhitelist(ctx.db, userId)) >= MAX_WHITELIST) throw new AppError('CONFLICT', `The whitelist holds at most ${MAX_WHITELIST} entries.`);
  const cidr = formatRange(range);
  const created = await repo.insertWhitelist(ctx.db, { userId, subUserId: sub.id, cidr });
  if (!created) throw new AppError('ERROR_IP_ALREADY_WHITELISTED', `${cidr} is already whitelisted.`);
  return whitelistEntry({ ...created, login: sub.login });
}

export async function removeWhitelist(ctx: Ctx, userId: number, id: number): Promise<{ ok: true }> {
  if (!(await repo.deleteWhitelist(ctx.db, userId, id))) throw new AppError('NOT_FOUND', 'No such whitelist entry.');
  return { ok: true };
}

// ---- statistics --------------------------------------------------------------------------------

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Traffic per day, sub-user and type; 30 days up to today (UTC) by default, at most 366. */
export async function statistics(ctx: Ctx, userId: number, query: ProxyStatsQuery): Promise<ProxyStatsView> {
  const to = query.to ?? new Date().toISOString().slice(0, 10);
  const from = query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (!DAY.test(from) || !DAY.test(to) || Number.isNaN(span) || span < 0 || span > 365) {
    throw new AppError('VALIDATION_FAILED', 'The date range must be at most a year, from before to.', [{ path: '/from', message: 'bad range' }]);
  }
  const rows = await repo.usageRows(ctx.db, userId, from, to);
  return { from, to, rows, days: dayTotals(rows, from, to) };
}

export async function statisticsCsv(ctx: Ctx, userId: number, query: ProxyStatsQuery): Promise<string> {
  const view = await statistics(ctx, userId, query);
  const lines = ['day,login,type,bytes_up,bytes_down,bytes_total,connections'];
  for (const r of view.rows) lines.push([r.day, r.login, r.planType, r.bytesUp, r.bytesDown, r.bytesUp + r.bytesDown, r.connections].join(','));
  return lines.join('\n') + '\n';
}

// ---- the gateway's view ------------------------------------------------------------------------

export interface GatewaySnapshot {
  subUsers: {
    id: number;
    userId: number;
    login: string;
    salt: string;
    hash: string;
    trafficLimit: number | null;
    maxConnections: number;
    bytesUsed: number;
    disabled: boolean;
  }[];
  whitelist: { cidr: string; subUserId: number }[];
  /** Per account and type: bytes left (traffic packages) and whether an IP plan runs. */
  allowances: { userId: number; planType: ProxyPlanType; bytesLeft: number; ips: number }[];
}

/** What the gateway needs to decide on connections, read in one go (it refreshes it every second). */
export async function gatewaySnapshot(ctx: Ctx): Promise<GatewaySnapshot> {
  const config = proxyConfigOf(ctx);
  const [subUsers, whitelist, allowances] = await Promise.all([repo.gatewaySubUsers(ctx.db), repo.gatewayWhitelist(ctx.db), repo.gatewayAllowances(ctx.db)]);
  return {
    subUsers: subUsers.map((s) => ({
      id: s.id,
      userId: s.userId,
      login: s.login,
      salt: s.passwordSalt,
      hash: s.passwordHash,
      trafficLimit: s.trafficLimit,
      maxConnections: s.maxConnections ?? config.defaultMaxConnections,
      bytesUsed: s.bytesUp + s.bytesDown,
      disabled: s.disabledAt !== null,
    })),
    whitelist,
    allowances,
  };
}

/** One flush of the gateway's counters, in one transaction. */
export async function recordUsage(ctx: Ctx, items: repo.UsageItem[]): Promise<void> {
  if (items.length === 0) return;
  const sorted = [...items].sort((a, b) => a.userId - b.userId || a.subUserId - b.subUserId);
  await ctx.db.transaction(async (tx) => {
    for (const item of sorted) await repo.applyUsage(tx, item);
  });
}
