/**
 * Crypto invoices: a top-up through BTC, BCH or USDT (TRC-20) is an invoice with its own deposit
 * address (derived from the configured xpub), the coin amount at a rate locked for its life, and
 * deposits seen by the coin's chain watcher. Rules (issue 11):
 * - exact payment: the ordered amount is credited once the deposits reach the confirmations;
 * - underpayment: once the invoice expired and what arrived in time is confirmed, what arrived is
 *   credited at the locked rate and the invoice says "underpaid";
 * - overpayment: all of it is credited at the locked rate;
 * - a deposit after expiry (or after the invoice was settled) is credited on its own, as a payment
 *   of its own, at the rate of its arrival when late, and flagged.
 * Exactly once: the invoice's payment row is locked for the whole settlement; a deposit is marked
 * credited by a conditional UPDATE and each credit is the payment's unique `topup` ledger entry.
 */
import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import type { PaymentView } from '#shared/contracts/payments.ts';
import {
  COINS,
  formatCoin,
  type CoinId,
  type CoinInfo,
  type InvoiceView,
  type SimulateRequest,
} from '#shared/contracts/crypto.ts';
import { formatMoney } from '#shared/money.ts';
import type { Config } from '#server/config.ts';
import { AppError } from '#server/lib/app-error.ts';
import { withDb, type Ctx } from '#server/lib/ctx.ts';
import { postLedgerEntry } from '#server/modules/billing/billing.service.ts';
import { creditTopUpBonus } from '#server/modules/promotions/promo-codes.service.ts';
import * as payments from '../payments.repo.ts';
import { sendReceipt } from '../receipt.ts';
import { addressDeriver, type AddressDeriver } from './addresses.ts';
import { esploraWatcher, tronGridWatcher, USDT_TRC20_CONTRACT, type ChainWatcher } from './chain.ts';
import * as repo from './crypto.repo.ts';
import { rateSource, type RateSource } from './rates.ts';
import { ChainSimulator } from './simulator.ts';

export interface CoinSetup {
  info: CoinInfo;
  deriver: AddressDeriver;
  /** Which account key addresses come from (a hash of the xpub: a new key starts at index 0). */
  keyId: string;
  watcher: ChainWatcher;
  confirmations: number;
}

export interface CryptoSetup {
  coins: ReadonlyMap<CoinId, CoinSetup>;
  rates: RateSource;
  invoiceMinutes: number;
  lateHours: number;
  /** The simulated chains, when CRYPTO_CHAIN=simulator. */
  simulators: ReadonlyMap<CoinId, ChainSimulator> | null;
  /** The last tip each coin's watcher reported (the invoice page counts confirmations with it). */
  tips: Map<CoinId, number>;
  now: () => Date;
}

const XPUB_OF: Record<CoinId, keyof Config> = {
  BTC: 'CRYPTO_BTC_XPUB',
  BCH: 'CRYPTO_BCH_XPUB',
  USDT_TRC20: 'CRYPTO_USDT_XPUB',
};
const CONFIRMATIONS_OF: Record<CoinId, keyof Config> = {
  BTC: 'CRYPTO_BTC_CONFIRMATIONS',
  BCH: 'CRYPTO_BCH_CONFIRMATIONS',
  USDT_TRC20: 'CRYPTO_USDT_CONFIRMATIONS',
};

function liveWatcher(config: Config, coin: CoinId): ChainWatcher | null {
  if (coin === 'BTC')
    {return config.CRYPTO_BTC_ESPLORA_URL ? esploraWatcher('BTC', config.CRYPTO_BTC_ESPLORA_URL) : null;}
  if (coin === 'BCH')
    {return config.CRYPTO_BCH_ESPLORA_URL ? esploraWatcher('BCH', config.CRYPTO_BCH_ESPLORA_URL) : null;}
  return config.CRYPTO_TRONGRID_URL
    ? tronGridWatcher(config.CRYPTO_TRONGRID_URL, config.CRYPTO_TRONGRID_API_KEY)
    : null;
}

/**
 * The coins this installation offers: an xpub, a chain source (an adapter URL, or the simulator)
 * and a rate for each. Null when none is. @throws BadExtendedKeyError for a key that is not an xpub
 */
export function createCryptoSetup(
  config: Config,
  log: { warn: (obj: object, msg: string) => void },
): CryptoSetup | null {
  const rates = rateSource({ fixed: config.CRYPTO_RATES, url: config.CRYPTO_RATES_URL });
  const simulators = config.CRYPTO_CHAIN === 'simulator' ? new Map<CoinId, ChainSimulator>() : null;
  const coins = new Map<CoinId, CoinSetup>();
  for (const info of Object.values(COINS)) {
    const xpub = config[XPUB_OF[info.id]] as string | undefined;
    if (!xpub) continue;
    const deriver = addressDeriver(info.id, xpub);
    let watcher: ChainWatcher | null;
    if (simulators) {
      const sim = new ChainSimulator(info.id);
      simulators.set(info.id, sim);
      watcher = sim;
    } else watcher = liveWatcher(config, info.id);
    if (!watcher) {
      log.warn({ coin: info.id }, 'crypto: an xpub is set but no chain source URL: the coin is not offered');
      continue;
    }
    if (!rates.has(info.id)) {
      log.warn({ coin: info.id }, 'crypto: no rate (CRYPTO_RATES or CRYPTO_RATES_URL): the coin is not offered');
      continue;
    }
    const keyId = createHash('sha256').update(xpub.trim()).digest('hex').slice(0, 16);
    coins.set(info.id, { info, deriver, keyId, watcher, confirmations: config[CONFIRMATIONS_OF[info.id]] as number });
  }
  if (coins.size === 0) return null;
  if (simulators) {
    log.warn({ coins: [...coins.keys()] }, 'crypto: CRYPTO_CHAIN=simulator: invoices are paid by buttons on their page; never run it with real money');
  }
  return {
    coins,
    rates,
    invoiceMinutes: config.CRYPTO_INVOICE_MINUTES,
    lateHours: config.CRYPTO_LATE_HOURS,
    simulators,
    tips: new Map(),
    now: () => new Date(),
  };
}

const pow10 = (decimals: number) => 10n ** BigInt(decimals);

/** USD micro → coin base units at `rate` (micro-USD per coin), rounded up: the payer never sends too little. */
export function coinAmountFor(usdMicros: number, rate: number, decimals: number): bigint {
  const num = BigInt(usdMicros) * pow10(decimals);
  const den = BigInt(rate);
  return (num + den - 1n) / den;
}

/** Coin base units → USD micro at `rate`, rounded down. */
export function usdMicrosFor(units: bigint | number, rate: number, decimals: number): number {
  return Number((BigInt(units) * BigInt(rate)) / pow10(decimals));
}

/** Creates the invoice for a new crypto payment: its address, the amount due, the locked rate, the expiry. */
export async function createInvoice(
  ctx: Ctx,
  setup: CryptoSetup,
  coin: CoinId,
  p: { paymentId: number; usdMicros: number },
) {
  const c = setup.coins.get(coin);
  if (!c) throw new AppError('NOT_FOUND', 'This payment method is not available.');
  const rate = await setup.rates.microsPerCoin(coin);
  const amountDue = coinAmountFor(p.usdMicros, rate, c.info.decimals);
  return ctx.db.transaction(async (tx) => {
    const index = await repo.takeAddressIndex(tx, coin, c.keyId);
    return repo.insertInvoice(tx, {
      paymentId: p.paymentId,
      coin,
      keyId: c.keyId,
      derivationIndex: index,
      address: c.deriver.addressAt(index),
      amountDue: Number(amountDue),
      usdAmount: p.usdMicros,
      rate,
      expiresAt: new Date(setup.now().getTime() + setup.invoiceMinutes * 60_000),
    });
  });
}

const confirmationsOf = (blockHeight: number | null, tip: number) =>
  blockHeight === null ? 0 : Math.max(0, tip - blockHeight + 1);

export type SettleOutcome = { credited: number[]; status: repo.InvoiceRow['status'] };

/** Polls one coin's chain for every watched invoice, records what arrived, and settles. */
export async function syncCoin(ctx: Ctx, setup: CryptoSetup, coin: CoinId): Promise<void> {
  const c = setup.coins.get(coin);
  if (!c) return;
  const tip = await c.watcher.tipHeight();
  setup.tips.set(coin, tip);
  const now = setup.now();
  const invoices = await repo.invoicesToWatch(ctx.db, coin, new Date(now.getTime() - setup.lateHours * 3_600_000));
  for (const invoice of invoices) {
    try {
      await syncInvoice(ctx, setup, invoice, tip);
    } catch (err) {
      ctx.log.error({ err, paymentId: invoice.paymentId, coin }, 'crypto invoice sync failed');
    }
  }
}

/** Polls one invoice's address and settles it (the chain's tip as given, or asked now). */
export async function syncInvoice(ctx: Ctx, setup: CryptoSetup, invoice: repo.InvoiceRow, tip?: number): Promise<void> {
  const c = setup.coins.get(invoice.coin);
  if (!c) return;
  const height = tip ?? (await c.watcher.tipHeight());
  if (tip === undefined) setup.tips.set(invoice.coin, height);
  await recordTransfers(ctx, setup, c, invoice);
  if (
    invoice.status === 'open' ||
    invoice.status === 'confirming' ||
    invoice.status === 'expired' ||
    (await hasUncredited(ctx, invoice.paymentId))
  ) {
    await settleInvoice(ctx, setup, invoice.paymentId, height);
  }
}

async function hasUncredited(ctx: Ctx, invoiceId: number) {
  return (await repo.depositsOf(ctx.db, invoiceId)).some((d) => d.creditedAt === null);
}

/** Stores new transfers to the invoice's address (once per output) and follows their blocks. */
async function recordTransfers(ctx: Ctx, setup: CryptoSetup, c: CoinSetup, invoice: repo.InvoiceRow) {
  const transfers = await c.watcher.transfersTo(invoice.address);
  if (transfers.length === 0) return;
  const known = new Map((await repo.depositsOf(ctx.db, invoice.paymentId)).map((d) => [`${d.txid}:${d.vout}`, d]));
  const now = setup.now();
  for (const t of transfers) {
    const existing = known.get(`${t.txid}:${t.vout}`);
    if (existing) {
      if (existing.creditedAt === null && existing.blockHeight !== t.blockHeight)
        {await repo.setDepositBlock(ctx.db, existing.id, t.blockHeight);}
      continue;
    }
    const seenAt = t.time && t.time < now ? t.time : now;
    const late = seenAt > invoice.expiresAt;
    // A late payment is credited at the rate of its arrival, so that rate is taken now.
    const rate = late ? await setup.rates.microsPerCoin(invoice.coin) : invoice.rate;
    await repo.insertDeposit(ctx.db, {
      coin: invoice.coin,
      txid: t.txid,
      vout: t.vout,
      invoiceId: invoice.paymentId,
      amount: Number(t.amount),
      blockHeight: t.blockHeight,
      seenAt,
      late,
      rate,
    });
  }
}

/**
 * Applies the rules to one invoice with its payment row locked: credits what is due, exactly once.
 * Safe to run any number of times, concurrently, on any node.
 */
export async function settleInvoice(
  ctx: Ctx,
  setup: CryptoSetup,
  paymentId: number,
  tip: number,
): Promise<SettleOutcome> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const txCtx = withDb(ctx, tx);
    const payment = await repo.lockPayment(tx, paymentId);
    const invoice = await repo.findInvoice(tx, paymentId);
    if (!payment || !invoice) throw new AppError('NOT_FOUND', 'No such invoice.');
    const c = setup.coins.get(invoice.coin);
    const info = COINS[invoice.coin];
    const required = c?.confirmations ?? 0;
    const deposits = (await repo.depositsOf(tx, paymentId)).filter((d) => d.creditedAt === null);
    // With 0 required confirmations a deposit counts from the mempool on.
    const confirmed = (d: repo.DepositRow) =>
      required === 0 || (d.blockHeight !== null && confirmationsOf(d.blockHeight, tip) >= required);
    const now = setup.now();
    const expired = now >= invoice.expiresAt;
    const credited: number[] = [];
    let status = invoice.status;

    const credit = async (target: payments.PaymentRow, list: repo.DepositRow[], reason: string) => {
      let total = 0;
      for (const d of list) {
        const micros = usdMicrosFor(d.amount, d.rate, info.decimals);
        if (!(await repo.markDepositCredited(tx, d.id, target.id, micros))) continue;
        total += micros;
      }
      if (total <= 0) return;
      await repo.setPaymentAmount(tx, target.id, total);
      await payments.markSucceeded(tx, target.id, target.userId);
      await postLedgerEntry(txCtx, {
        userId: target.userId,
        amount: total,
        kind: 'topup',
        reason,
        paymentId: target.id,
      });
      credited.push(target.id);
      return total;
    };

    if (payment.status !== 'succeeded') {
      const onTime = deposits.filter((d) => !d.late);
      const onTimeConfirmed = onTime.filter(confirmed);
      const sumConfirmed = onTimeConfirmed.reduce((s, d) => s + d.amount, 0);
      const sumSeen = onTime.reduce((s, d) => s + d.amount, 0);
      if (
        sumConfirmed >= invoice.amountDue ||
        (expired && onTime.length > 0 && onTimeConfirmed.length === onTime.length)
      ) {
        status =
          sumConfirmed > invoice.amountDue ? 'overpaid' : sumConfirmed === invoice.amountDue ? 'paid' : 'underpaid';
        const total = await credit(payment, onTimeConfirmed, `Top-up #${payment.id} (${payment.provider}, ${status})`);
        // A promo code's bonus goes with the invoice's credit (modules/promotions), on what arrived.
        if (total) await creditTopUpBonus(txCtx, { ...payment, amount: total });
        deposits.splice(0, deposits.length, ...deposits.filter((d) => !onTimeConfirmed.includes(d)));
      } else if (sumSeen >= invoice.amountDue || (expired && onTime.length > 0)) {
        status = 'confirming';
      } else if (expired) {
        status = 'expired';
        await repo.markPaymentExpired(tx, payment.id);
      } else status = 'open';
    }

    // What is left: deposits that came late, or after the invoice was settled. Each is a payment of its own.
    const settled = payment.status === 'succeeded' || credited.includes(payment.id);
    for (const d of deposits) {
      if (!confirmed(d) || (!d.late && !settled)) continue;
      const extra = await repo.insertDepositPayment(tx, {
        userId: payment.userId,
        provider: payment.provider,
        amount: Math.max(1, usdMicrosFor(d.amount, d.rate, info.decimals)),
        providerAmount: d.amount,
        currency: info.symbol,
        providerRef: `${d.txid}:${d.vout}`,
      });
      await credit(
        extra,
        [d],
        `Top-up #${extra.id} (${payment.provider}, ${d.late ? 'late payment' : 'extra payment'} to invoice #${payment.id})`,
      );
    }
    if (status !== invoice.status) await repo.setInvoiceStatus(tx, paymentId, status);
    if (credited.length > 0) await payments.notifyBalance(tx, payment.userId);
    return { credited, status, userId: payment.userId };
  });
  if (outcome.credited.length > 0)
    {ctx.log.info({ paymentId, credited: outcome.credited, status: outcome.status }, 'crypto deposit credited');}
  // A receipt per credited payment, after the commit (a mail failure never undoes a credit).
  for (const id of outcome.credited) {
    const row = await payments.findPayment(ctx.db, outcome.userId, id);
    if (row)
      {await sendReceipt(ctx, row).catch((err: unknown) => ctx.log.error({ err, paymentId: id }, 'receipt mail failed'));}
  }
  return { credited: outcome.credited, status: outcome.status };
}

/** Every coin, one after another (the job calls this). */
export async function syncAll(ctx: Ctx, setup: CryptoSetup): Promise<void> {
  for (const coin of setup.coins.keys()) {
    try {
      await syncCoin(ctx, setup, coin);
    } catch (err) {
      ctx.log.warn({ err, coin }, 'crypto chain poll failed');
    }
  }
}

function paymentUri(info: CoinInfo, address: string, amount: string): string {
  if (info.id === 'BTC') return `bitcoin:${address}?amount=${amount}`;
  if (info.id === 'BCH') return `${address}?amount=${amount}`;
  return `tron:${address}?token=${USDT_TRC20_CONTRACT}&amount=${amount}`;
}

/** What the invoice page shows. @throws AppError NOT_FOUND (not this user's crypto payment) */
export async function invoiceView(
  ctx: Ctx,
  setup: CryptoSetup | null,
  userId: number,
  paymentId: number,
): Promise<InvoiceView> {
  const payment = await payments.findPayment(ctx.db, userId, paymentId);
  const invoice = payment && (await repo.findInvoice(ctx.db, paymentId));
  if (!payment || !invoice) throw new AppError('NOT_FOUND', 'No such invoice.');
  const info = COINS[invoice.coin];
  const c = setup?.coins.get(invoice.coin);
  const required = c?.confirmations ?? 0;
  const tip = setup?.tips.get(invoice.coin) ?? (c ? await c.watcher.tipHeight().catch(() => 0) : 0);
  const deposits = await repo.depositsOf(ctx.db, paymentId);
  const due = formatCoin(BigInt(invoice.amountDue), info.decimals);
  const uri = paymentUri(info, invoice.address, due);
  return {
    paymentId,
    coin: invoice.coin,
    address: invoice.address,
    amountDue: String(invoice.amountDue),
    amountDueText: due,
    usd: formatMoney(invoice.usdAmount),
    rate: formatMoney(invoice.rate),
    uri,
    qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    expiresAt: invoice.expiresAt.toISOString(),
    status: invoice.status,
    received: String(deposits.reduce((s, d) => s + d.amount, 0)),
    creditedUsd: formatMoney(deposits.reduce((s, d) => s + (d.creditedAmount ?? 0), 0)),
    requiredConfirmations: required,
    deposits: deposits.map((d) => ({
      txid: d.txid,
      amount: String(d.amount),
      confirmations: d.blockHeight === null ? 0 : confirmationsOf(d.blockHeight, tip),
      required,
      late: d.late,
      creditedUsd: d.creditedAmount === null ? null : formatMoney(d.creditedAmount),
      seenAt: d.seenAt.toISOString(),
    })),
    simulator: Boolean(setup?.simulators),
  };
}

/**
 * The simulator's controls on the invoice page (CRYPTO_CHAIN=simulator only): send a share of the
 * amount due to the invoice's address, or mine a block; then the chain is polled at once.
 * @throws AppError NOT_FOUND
 */
export async function simulate(
  ctx: Ctx,
  setup: CryptoSetup | null,
  userId: number,
  paymentId: number,
  req: SimulateRequest,
): Promise<InvoiceView> {
  const payment = await payments.findPayment(ctx.db, userId, paymentId);
  const invoice = payment && (await repo.findInvoice(ctx.db, paymentId));
  const sim = invoice && setup?.simulators?.get(invoice.coin);
  if (!payment || !invoice || !sim || !setup) throw new AppError('NOT_FOUND', 'No such invoice on a simulated chain.');
  if (req.action === 'pay') sim.send(invoice.address, (BigInt(invoice.amountDue) * BigInt(req.percent)) / 100n);
  else sim.mine(req.blocks);
  await syncInvoice(ctx, setup, invoice);
  return invoiceView(ctx, setup, userId, paymentId);
}

/** For the payment history: how each crypto payment among these ended (see PaymentView.note). */
export async function cryptoNotesFor(
  db: Ctx['db'],
  paymentIds: number[],
): Promise<Map<number, Pick<PaymentView, 'note' | 'invoiceId'>>> {
  const { invoices, deposits } = await repo.cryptoNotesFor(db, paymentIds);
  const notes = new Map<number, Pick<PaymentView, 'note' | 'invoiceId'>>();
  for (const i of invoices)
    {notes.set(i.paymentId, {
      invoiceId: i.paymentId,
      note: i.status === 'underpaid' || i.status === 'overpaid' ? i.status : null,
    });}
  for (const d of deposits)
    {if (d.paymentId !== null && d.paymentId !== d.invoiceId)
      {notes.set(d.paymentId, { invoiceId: d.invoiceId, note: d.late ? 'late' : 'extra' });}}
  return notes;
}
