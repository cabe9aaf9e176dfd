import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutSummaryView, PayoutView, WalletsView } from '#shared/contracts/payouts.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { postLedgerEntry } from '#server/modules/billing/billing.service.ts';
import type { LedgerKind } from '#server/modules/billing/billing.repo.ts';
import { buildTestApp, linksInMail, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { deleteAccount } from '#server/modules/users/users.service.ts';
import { moneyPosition, WITHDRAWABLE_KINDS } from './payouts.repo.ts';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const HOLD_SECONDS = 3600;

let t: TestApp;
let ctx: Ctx;
const q = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const balanceOf = async (id: number) => Number((await q<{ b: number }>(sql`select balance as b from users where id = ${id}`))[0]!.b);
const ledgerOf = async (id: number) => Number((await q<{ s: number }>(sql`select coalesce(sum(amount), 0)::bigint as s from ledger_entries where user_id = ${id}`))[0]!.s);

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false', PAYOUT_WALLET_HOLD_SECONDS: String(HOLD_SECONDS), PAYOUTS_SANDBOX: 'true' });
  ctx = { db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer };
});
afterAll(() => t.close());

async function call(userId: number, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: browserHeaders(t, await sessionCookieFor(t, userId)), ...(payload ? { payload } : {}) });
}

const credit = (userId: number, kind: LedgerKind, amount: number) => postLedgerEntry(ctx, { userId, amount, kind, reason: 'test' });

/** Adds a wallet through the API and confirms it with the mailed link; the hold is then `holdLeft` seconds. */
async function confirmedWallet(user: { id: number; email: string }, address = TRON, holdLeft = 0) {
  const res = await call(user.id, 'POST', '/api/v2/payouts/wallets', { method: 'usdt-trc20', address });
  expect(res.statusCode, res.body).toBe(200);
  const link = linksInMail(t, user.email).find((l) => l.includes('/auth/edit_purse/'))!;
  const [, hash, userId] = /\/auth\/edit_purse\/([^/]+)\/(\d+)/.exec(link)!;
  const confirm = await t.app.inject({ method: 'POST', url: '/api/v2/auth/edit-purse', headers: browserHeaders(t), payload: { hash, userId: Number(userId) } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  if (holdLeft === 0) await t.database.db.execute(sql`update payout_wallets set usable_at = now() - interval '1 second' where user_id = ${user.id} and status = 'active'`);
  return { hash: hash!, userId: Number(userId) };
}

/**
 * The reference: a fold over the entries with two buckets. W-kinds move the withdrawable bucket by
 * their amount; other credits fill the non-withdrawable bucket; other debits empty it first.
 */
function reference(entries: { kind: string; amount: number }[]) {
  let w = 0;
  let n = 0;
  for (const e of entries) {
    if ((WITHDRAWABLE_KINDS as readonly string[]).includes(e.kind)) w += e.amount;
    else if (e.amount >= 0) n += e.amount;
    else {
      const fromN = Math.min(n, -e.amount);
      n -= fromN;
      w -= -e.amount - fromN;
    }
  }
  return { withdrawable: w, balance: w + n };
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('withdrawable money', () => {
  it('equals an independent two-bucket computation over random sequences of money movements', async () => {
    const seeds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    for (const seed of seeds) {
      const rand = rng(seed);
      const user = await buildUser(t, { userType: 'worker', balance: '0' });
      const applied: { kind: string; amount: number }[] = [];
      const cents = (max: number) => 1 + Math.floor(rand() * max) * 10_000;
      for (let i = 0; i < 60; i++) {
        const balance = applied.reduce((s, e) => s + e.amount, 0);
        const w = reference(applied).withdrawable;
        const roll = rand();
        let kind: LedgerKind;
        let amount: number;
        if (roll < 0.12) [kind, amount] = ['topup', cents(2000)];
        else if (roll < 0.18) [kind, amount] = ['voucher', cents(1000)];
        else if (roll < 0.24) [kind, amount] = ['promo', cents(500)];
        else if (roll < 0.28) [kind, amount] = ['adjustment', cents(300)];
        else if (roll < 0.45) [kind, amount] = ['earning', cents(300)];
        else if (roll < 0.5) [kind, amount] = ['commission', cents(200)];
        else if (roll < 0.55) [kind, amount] = ['referral_commission', cents(200)];
        else if (roll < 0.72) [kind, amount] = ['charge', -Math.min(balance, cents(900))];
        else if (roll < 0.77) [kind, amount] = ['transfer', -Math.min(balance, cents(700))];
        else if (roll < 0.81) [kind, amount] = ['refund', cents(100)];
        else if (roll < 0.87) [kind, amount] = ['payout', -Math.min(Math.max(0, w), cents(800))];
        else if (roll < 0.9) [kind, amount] = ['payout_return', cents(300)];
        else if (roll < 0.94) [kind, amount] = ['hold', -Math.min(balance, cents(100))];
        else if (roll < 0.97) [kind, amount] = ['release', cents(100)];
        else [kind, amount] = ['referral_reversal', -Math.min(balance, cents(50))];
        if (amount === 0) continue;
        await credit(user.id, kind, amount);
        applied.push({ kind, amount });
      }
      const expected = reference(applied);
      const position = await moneyPosition(t.database.db, user.id);
      expect(position.balance, `seed ${seed}`).toBe(expected.balance);
      expect(position.withdrawable, `seed ${seed}`).toBe(expected.withdrawable);
      expect(position.balance).toBe(await balanceOf(user.id));
      expect(position.deposited).toBe(applied.some((e) => e.kind === 'topup' || e.kind === 'voucher'));
    }
  });

  it('spends non-withdrawable money first and shows depositors "return funds" instead of a payout', async () => {
    const worker = await buildUser(t, { userType: 'worker', balance: '0' });
    await credit(worker.id, 'earning', 8_000_000);
    await credit(worker.id, 'promo', 3_000_000);
    await credit(worker.id, 'charge', -4_000_000); // $3 promo first, then $1 of earnings
    const summary = (await call(worker.id, 'GET', '/api/v2/payouts/summary')).json<PayoutSummaryView>();
    expect(summary).toMatchObject({ balance: '7.00', withdrawable: '7.00', nonWithdrawable: '0.00', mode: 'payout' });

    const customer = await buildUser(t, { userType: 'customer', balance: '0' });
    await credit(customer.id, 'earning', 6_000_000);
    await credit(customer.id, 'topup', 10_000_000);
    const asCustomer = (await call(customer.id, 'GET', '/api/v2/payouts/summary')).json<PayoutSummaryView>();
    expect(asCustomer.mode).toBe('return_funds');
    await confirmedWallet(customer);
    const refused = await call(customer.id, 'POST', '/api/v2/payouts', { method: 'usdt-trc20', amount: '5' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details.reason).toBe('deposited');
    const ret = await call(customer.id, 'POST', '/api/v2/payouts/return-funds', { amount: '10', details: 'Refund to the card that paid, please.' });
    expect(ret.statusCode, ret.body).toBe(200);
    expect(await balanceOf(customer.id)).toBe(16_000_000); // staff handle it; nothing moves by itself
  });
});

describe('wallets', () => {
  it('a wallet change cannot be used before it is confirmed, nor during the hold after it', async () => {
    const worker = await buildUser(t, { userType: 'worker', balance: '0' });
    await credit(worker.id, 'earning', 30_000_000);

    const bad = await call(worker.id, 'POST', '/api/v2/payouts/wallets', { method: 'usdt-trc20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.reason).toBe('address');

    const asked = await call(worker.id, 'POST', '/api/v2/payouts/wallets', { method: 'usdt-trc20', address: TRON });
    expect(asked.statusCode, asked.body).toBe(200);
    let payout = await call(worker.id, 'POST', '/api/v2/payouts', { method: 'usdt-trc20', amount: '10' });
    expect(payout.statusCode).toBe(409);
    expect(payout.json().error.details.reason).toBe('no_wallet');

    const link = linksInMail(t, worker.email).find((l) => l.includes('/auth/edit_purse/'))!;
    const [, hash] = /\/auth\/edit_purse\/([^/]+)\//.exec(link)!;
    // Another account cannot use the link; the owner can, once.
    const other = await t.app.inject({ method: 'POST', url: '/api/v2/auth/edit-purse', headers: browserHeaders(t), payload: { hash, userId: worker.id + 1000 } });
    expect(other.statusCode).toBe(410);
    const ok = await t.app.inject({ method: 'POST', url: '/api/v2/auth/edit-purse', headers: browserHeaders(t), payload: { hash, userId: worker.id } });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/v2/auth/edit-purse', headers: browserHeaders(t), payload: { hash, userId: worker.id } });
    expect(again.statusCode).toBe(410);

    payout = await call(worker.id, 'POST', '/api/v2/payouts', { method: 'usdt-trc20', amount: '10' });
    expect(payout.statusCode).toBe(409);
    expect(payout.json().error.details.reason).toBe('wallet_hold');
    const wallets = (await call(worker.id, 'GET', '/api/v2/payouts/wallets')).json<WalletsView>();
    const active = wallets.wallets.find((w) => w.status === 'active')!;
    expect(active.usable).toBe(false);
    expect(new Date(active.usableAt!).getTime() - new Date(active.confirmedAt!).getTime()).toBe(HOLD_SECONDS * 1000);
    expect(wallets.events.map((e) => e.event)).toEqual(['confirmed', 'requested']);

    // The hold runs out (the test moves the clock of this row): the wallet is used.
    await t.database.db.execute(sql`update payout_wallets set usable_at = now() - interval '1 second' where id = ${active.id}`);
    payout = await call(worker.id, 'POST', '/api/v2/payouts', { method: 'usdt-trc20', amount: '10' });
    expect(payout.statusCode, payout.body).toBe(200);
    expect(payout.json<PayoutView>()).toMatchObject({ amount: '10.00', fee: '1.00', net: '9.00', status: 'requested', address: TRON });

    // A change: while pending the old wallet is still the one in use; once confirmed the new one is on hold.
    const newAddress = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';
    const change = await call(worker.id, 'POST', '/api/v2/payouts/wallets', { method: 'usdt-trc20', address: newAddress });
    expect(change.statusCode, change.body).toBe(200);
    payout = await call(worker.id, 'POST', '/api/v2/payouts', { method: 'usdt-trc20', amount: '5' });
    expect(payout.json<PayoutView>().address).toBe(TRON);
    const changeLink = linksInMail(t, worker.email).find((l) => l.includes('/auth/edit_purse/'))!;
    const [, changeHash] = /\/auth\/edit_purse\/([^/]+)\//.exec(changeLink)!;
    expect(changeHash).not.toBe(hash);
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/auth/edit-purse', headers: browserHeaders(t), payload: { hash: changeHash, userId: worker.id } })).statusCode).toBe(200);
    payout = await call(worker.id, 'POST', '/api/v2/payouts', { method: 'usdt-trc20', amount: '5' });
    expect(payout.statusCode).toBe(409);
    expect(payout.json().error.details.reason).toBe('wallet_hold');

    // A cancelled change's link no longer works.
    const third = await call(worker.id, 'POST', '/api/v2/payouts/wallets', { method: 'paypal', address: 'worker@example.com' });
    const cancel = await call(worker.id, 'POST', `/api/v2/payouts/wallets/${third.json<{ id: number }>().id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const paypalLink = linksInMail(t, worker.email).find((l) => l.includes('/auth/edit_purse/'))!;
    const [, paypalHash] = /\/auth\/edit_purse\/([^/]+)\//.exec(paypalLink)!;
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/auth/edit-purse', headers: browserHeaders(t), payload: { hash: paypalHash, userId: worker.id } })).statusCode).toBe(410);
  });
});

describe('payouts', () => {
  it('20 concurrent requests never take more than the withdrawable amount', async () => {
    const worker = await buildUser(t, { userType: 'worker', balance: '0' });
    await credit(worker.id, 'earning', 50_000_000);
    await credit(worker.id, 'promo', 20_000_000); // on the balance, not withdrawable
    await confirmedWallet(worker);
    const results = await Promise.all(Array.from({ length: 20 }, () => call(worker.id, 'POST', '/api/v2/payouts', { method: 'usdt-trc20', amount: '7' })));
    const accepted = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(accepted).toHaveLength(7); // 7 × $7 = $49 of the $50
    for (const r of refused) expect(r.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(worker.id)).toBe(21_000_000);
    expect(await ledgerOf(worker.id)).toBe(21_000_000);
    expect((await moneyPosition(t.database.db, worker.id)).withdrawable).toBe(1_000_000);
    const held = await q<{ n: number; s: string }>(sql`select count(*)::int as n, sum(amount)::text as s from payouts where user_id = ${worker.id}`);
    expect(held[0]).toEqual({ n: 7, s: '49000000' });
  });

  it('is approved then sent once, or rejected with the money returned once; the minimum holds', async () => {
    const admin = await buildUser(t, { admin: true });
    const worker = await buildUser(t, { userType: 'worker', balance: '0' });
    await credit(worker.id, 'earning', 30_000_000);
    await confirmedWallet(worker);
    const small = await call(worker.id, 'POST', '/api/v2/payouts', { method: 'usdt-trc20', amount: '4.99' });
    expect(small.statusCode).toBe(400);
    expect(small.json().error.details).toMatchObject({ reason: 'minimum', minimum: '5.00' });

    const a = (await call(worker.id, 'POST', '/api/v2/payouts', { method: 'usdt-trc20', amount: '12' })).json<PayoutView>();
    const b = (await call(worker.id, 'POST', '/api/v2/payouts', { method: 'usdt-trc20', amount: '8' })).json<PayoutView>();
    expect(await balanceOf(worker.id)).toBe(10_000_000);

    expect((await call(admin.id, 'POST', `/api/v2/admin/payouts/${a.id}/sent`, { reference: 'tx-early' })).statusCode).toBe(409); // approve first
    expect((await call(admin.id, 'POST', `/api/v2/admin/payouts/${a.id}/approve`)).statusCode).toBe(200);
    const csv = await call(admin.id, 'GET', '/api/v2/admin/payouts.csv');
    expect(csv.body).toContain(`${a.id},usdt-trc20,${TRON},11.00,USD,payout-${a.id}`);
    const sent = await call(admin.id, 'POST', `/api/v2/admin/payouts/${a.id}/sent`, { reference: 'a1b2c3d4e5' });
    expect(sent.json<PayoutView>()).toMatchObject({ status: 'sent', reference: 'a1b2c3d4e5' });
    // Sent is final: no rejection, no money back.
    expect((await call(admin.id, 'POST', `/api/v2/admin/payouts/${a.id}/reject`, { reason: 'too late' })).statusCode).toBe(409);

    // Two admins reject at once: the money comes back once.
    const rejects = await Promise.all([0, 1, 2].map(() => call(admin.id, 'POST', `/api/v2/admin/payouts/${b.id}/reject`, { reason: 'Wallet flagged by the exchange' })));
    expect(rejects.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await balanceOf(worker.id)).toBe(18_000_000);
    expect(await ledgerOf(worker.id)).toBe(18_000_000);
    const kinds = await q<{ kind: string; s: string }>(sql`select kind, sum(amount)::text as s from ledger_entries where user_id = ${worker.id} group by kind order by kind`);
    expect(kinds).toEqual([
      { kind: 'earning', s: '30000000' },
      { kind: 'payout', s: '-20000000' },
      { kind: 'payout_return', s: '8000000' },
    ]);
    const history = (await call(worker.id, 'GET', '/api/v2/payouts/history')).json<{ payouts: PayoutView[] }>();
    expect(history.payouts.map((p) => [p.id, p.status, p.reference ?? p.rejectReason])).toEqual([
      [b.id, 'rejected', 'Wallet flagged by the exchange'],
      [a.id, 'sent', 'a1b2c3d4e5'],
    ]);
    const mails = t.app.mailer.outbox().filter((m) => m.to === worker.email).map((m) => m.subject);
    expect(mails).toEqual(expect.arrayContaining([`Payout #${a.id} sent`, `Payout #${b.id} rejected`]));
  });

  it('is sent through the sandbox provider once under concurrent sends; a refusal leaves it approved', async () => {
    const admin = await buildUser(t, { admin: true });
    const worker = await buildUser(t, { userType: 'worker', balance: '0' });
    await credit(worker.id, 'earning', 30_000_000);
    await confirmedWallet(worker);
    const p = (await call(worker.id, 'POST', '/api/v2/payouts', { method: 'usdt-trc20', amount: '10' })).json<PayoutView>();
    expect((await call(admin.id, 'POST', `/api/v2/admin/payouts/${p.id}/send`)).json().error.details).toMatchObject({ reason: 'status' }); // approve first
    const queue = (await call(admin.id, 'GET', '/api/v2/admin/payouts')).json<{ providers: Record<string, string> }>();
    expect(queue.providers).toMatchObject({ 'usdt-trc20': 'sandbox', paypal: 'sandbox' });
    await call(admin.id, 'POST', `/api/v2/admin/payouts/${p.id}/approve`);

    const sends = await Promise.all([0, 1, 2].map(() => call(admin.id, 'POST', `/api/v2/admin/payouts/${p.id}/send`)));
    const ok = sends.filter((r) => r.statusCode === 200).map((r) => r.json<PayoutView>());
    expect(ok).toHaveLength(1);
    expect(sends.filter((r) => r.statusCode === 409)).toHaveLength(2);
    expect(ok[0]).toMatchObject({ status: 'sent', reference: expect.stringMatching(/^sandbox-[0-9a-f]{20}$/) });
    expect(await balanceOf(worker.id)).toBe(20_000_000); // the payout's debit only, once
    expect(t.app.mailer.outbox().filter((m) => m.to === worker.email && m.subject === `Payout #${p.id} sent`)).toHaveLength(1);

    // A destination the sandbox declines: nothing is sent, the payout stays approved and can still be paid by hand.
    await t.database.db.execute(sql`update payout_wallets set address = 'decline-me' where user_id = ${worker.id} and status = 'active'`);
    const d = (await call(worker.id, 'POST', '/api/v2/payouts', { method: 'usdt-trc20', amount: '6' })).json<PayoutView>();
    await t.database.db.execute(sql`update payouts set address = 'decline-me' where id = ${d.id}`);
    await call(admin.id, 'POST', `/api/v2/admin/payouts/${d.id}/approve`);
    const declined = await call(admin.id, 'POST', `/api/v2/admin/payouts/${d.id}/send`);
    expect(declined.statusCode).toBe(409);
    expect(declined.json().error.details).toMatchObject({ reason: 'provider_declined', provider: 'sandbox' });
    expect((await q<{ status: string }>(sql`select status from payouts where id = ${d.id}`))[0]!.status).toBe('approved');
  });

  it('a method without a provider cannot be sent, only marked sent by hand', async () => {
    const admin = await buildUser(t, { admin: true });
    const worker = await buildUser(t, { userType: 'worker', balance: '0' });
    await credit(worker.id, 'earning', 30_000_000);
    await confirmedWallet(worker);
    const p = (await call(worker.id, 'POST', '/api/v2/payouts', { method: 'usdt-trc20', amount: '10' })).json<PayoutView>();
    await call(admin.id, 'POST', `/api/v2/admin/payouts/${p.id}/approve`);
    const config = t.config as { PAYOUTS_SANDBOX?: boolean };
    config.PAYOUTS_SANDBOX = false; // read per call, as on an installation without the sandbox
    try {
      expect((await call(admin.id, 'GET', '/api/v2/admin/payouts')).json().providers).toEqual({});
      const res = await call(admin.id, 'POST', `/api/v2/admin/payouts/${p.id}/send`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.details).toMatchObject({ reason: 'no_provider' });
      expect((await call(admin.id, 'POST', `/api/v2/admin/payouts/${p.id}/sent`, { reference: 'bank-ref-42' })).json()).toMatchObject({ status: 'sent', reference: 'bank-ref-42' });
    } finally {
      config.PAYOUTS_SANDBOX = true;
    }
  });

  it('a deleted account forgets wallets no payout went to, and keeps the ones that were paid', async () => {
    const worker = await buildUser(t, { userType: 'worker', balance: '0' });
    await credit(worker.id, 'earning', 9_000_000);
    await confirmedWallet(worker);
    expect((await call(worker.id, 'POST', '/api/v2/payouts', { method: 'usdt-trc20', amount: '5' })).statusCode).toBe(200);
    await call(worker.id, 'POST', '/api/v2/payouts/wallets', { method: 'paypal', address: 'private@example.com' });
    await deleteAccount(ctx, worker.id, worker.password);
    const rows = await q<{ method: string; address: string }>(sql`select method, address from payout_wallets where user_id = ${worker.id} order by id`);
    expect(rows).toEqual([
      { method: 'usdt-trc20', address: TRON },
      { method: 'paypal', address: '(deleted)' },
    ]);
  });
});
