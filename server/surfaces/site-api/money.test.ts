import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryDayView, IssuedVoucherBatchView, TransfersView } from '#shared/contracts/money.ts';
import { buildTestApp, linksInMail, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';

let t: TestApp;
const q = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const balanceOf = async (id: number) => Number((await q<{ b: number }>(sql`select balance as b from users where id = ${id}`))[0]!.b);
const ledgerOf = async (id: number) => Number((await q<{ s: number }>(sql`select coalesce(sum(amount), 0)::bigint as s from ledger_entries where user_id = ${id}`))[0]!.s);

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

/** A signed-in browser of a user: session cookie and the CSRF pair bound to it. */
async function browserOf(userId: number) {
  return browserHeaders(t, await sessionCookieFor(t, userId));
}

async function call(userId: number, method: 'GET' | 'POST', url: string, payload?: object, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method, url, headers: await browserOf(userId), remoteAddress, ...(payload ? { payload } : {}) });
}

describe('GET /api/v2/money/history_day', () => {
  it('sums the ledger per day in the account time zone, equal to independent SQL, and exports the same as CSV', async () => {
    const user = await buildUser(t);
    await t.database.db.execute(sql`update users set timezone = 'Asia/Tokyo' where id = ${user.id}`);
    // 2026-03-01 14:30 UTC is 23:30 on March 1 in Tokyo; 15:30 UTC is already 00:30 on March 2.
    const entries: [string, string, number][] = [
      ['2026-03-01T14:30:00Z', 'topup', 25_000_000],
      ['2026-03-01T14:40:00Z', 'charge', -1_500],
      ['2026-03-01T14:50:00Z', 'refund', 500],
      ['2026-03-01T15:30:00Z', 'charge', -2_000],
      ['2026-03-01T15:31:00Z', 'charge', -3_000],
      ['2026-03-01T15:32:00Z', 'transfer', -5_000_000],
      ['2026-03-01T15:33:00Z', 'transfer', 1_250_000],
      ['2026-03-01T15:34:00Z', 'voucher', 10_000_000],
      ['2026-03-01T15:35:00Z', 'adjustment', -100],
      ['2026-03-01T15:36:00Z', 'earning', 700],
      ['2026-03-01T15:37:00Z', 'commission', -70],
      ['2026-02-20T00:00:00Z', 'topup', 99_000_000], // outside the asked range
    ];
    for (const [at, kind, amount] of entries) {
      await t.database.db.execute(sql`insert into ledger_entries (user_id, amount, kind, reason, created_at) values (${user.id}, ${amount}, ${kind}, 'seed', ${at}::timestamptz)`);
    }
    const res = await call(user.id, 'GET', '/api/v2/money/history_day?from=2026-02-28&to=2026-03-03');
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<HistoryDayView>();
    expect(view.timezone).toBe('Asia/Tokyo');
    expect(view.days.map((d) => d.day)).toEqual(['2026-03-02', '2026-03-01']);
    expect(view.days[1]).toMatchObject({ topups: '25.00', spend: '0.001', refunds: '0.0005', net: '24.999' });
    expect(view.days[0]).toMatchObject({ spend: '0.005', transfersOut: '5.00', transfersIn: '1.25', vouchers: '10.00', adjustments: '-0.0001', earnings: '0.0007', other: '-0.00007' });

    // Independent reference: the raw entries per Tokyo day and kind, summed here.
    const raw = await q<{ d: string; kind: string; amount: string }>(sql`
      select to_char(created_at at time zone 'Asia/Tokyo', 'YYYY-MM-DD') as d, kind, amount::text
      from ledger_entries where user_id = ${user.id}`);
    const inRange = raw.filter((r) => r.d >= '2026-02-28' && r.d <= '2026-03-03');
    const toMicros = (s: string) => Math.round(Number(s) * 1_000_000);
    for (const day of view.days) {
      const rows = inRange.filter((r) => r.d === day.day);
      const sum = (pred: (r: { kind: string; amount: string }) => boolean) => rows.filter(pred).reduce((s, r) => s + Number(r.amount), 0);
      expect(toMicros(day.net)).toBe(sum(() => true));
      expect(toMicros(day.topups)).toBe(sum((r) => r.kind === 'topup'));
      expect(toMicros(day.spend)).toBe(0 - sum((r) => r.kind === 'charge' || r.kind === 'refund'));
      expect(toMicros(day.transfersOut)).toBe(0 - sum((r) => r.kind === 'transfer' && Number(r.amount) < 0));
      expect(toMicros(day.vouchers)).toBe(sum((r) => r.kind === 'voucher'));
    }
    expect(toMicros(view.totals.net)).toBe(inRange.reduce((s, r) => s + Number(r.amount), 0));

    const csv = await call(user.id, 'GET', '/api/v2/money/history_day.csv?from=2026-02-28&to=2026-03-03');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="balance-by-day-2026-02-28-2026-03-03.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('day,topups,spend,refunds,earnings,transfersIn,transfersOut,vouchers,adjustments,other,net');
    expect(lines[1]).toBe('2026-03-01,25.00,0.001,0.0005,0.00,0.00,0.00,0.00,0.00,0.00,24.999');
    expect(lines[3]).toMatch(/^total,/);
  });

  it('defaults to the last 30 days and refuses a range over 366 days or reversed', async () => {
    const user = await buildUser(t);
    const res = await call(user.id, 'GET', '/api/v2/money/history_day');
    const view = res.json<HistoryDayView>();
    expect((Date.parse(view.to) - Date.parse(view.from)) / 86_400_000).toBe(29);
    expect(view.days).toEqual([]);
    expect((await call(user.id, 'GET', '/api/v2/money/history_day?from=2024-01-01&to=2025-01-02')).statusCode).toBe(400);
    expect((await call(user.id, 'GET', '/api/v2/money/history_day?from=2025-01-02&to=2025-01-01')).statusCode).toBe(400);
    expect((await call(user.id, 'GET', '/api/v2/money/history_day?from=2025-02-30&to=2025-03-01')).statusCode).toBe(400);
  });
});

/** Asks for a transfer and returns the confirmation link's hash and user id from the mail. */
async function askTransfer(senderId: number, senderEmail: string, recipient: string, amount: string) {
  const res = await call(senderId, 'POST', '/api/v2/transfers', { recipient, amount });
  expect(res.statusCode, res.body).toBe(200);
  const link = linksInMail(t, senderEmail).find((l) => l.includes('/pay/send_user_hash/'))!;
  const [, hash, userId] = /\/pay\/send_user_hash\/([^/]+)\/(\d+)$/.exec(link)!;
  return { id: res.json<{ id: number }>().id, hash: hash!, userId: Number(userId), body: res.json<object>() };
}

describe('transfers', () => {
  it('moves the money both ways in one transaction when the mailed link is confirmed, once', async () => {
    const sender = await buildUser(t, { balance: '100' });
    const recipient = await buildUser(t, { balance: '1' });
    const link = await askTransfer(sender.id, sender.email, recipient.email.toUpperCase(), '30.50');
    expect(link.userId).toBe(sender.id);
    // Nothing moves before the link is confirmed.
    expect(await balanceOf(sender.id)).toBe(100_000_000);
    const preview = await call(sender.id, 'GET', `/api/v2/transfers/link/${link.hash}/${link.userId}`);
    expect(preview.json()).toMatchObject({ amount: '30.50', status: 'pending', counterparty: recipient.email });
    // Another account cannot use the link.
    expect((await call(recipient.id, 'POST', '/api/v2/transfers/confirm', { hash: link.hash, userId: link.userId })).statusCode).toBe(410);

    const ok = await call(sender.id, 'POST', '/api/v2/transfers/confirm', { hash: link.hash, userId: link.userId });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await balanceOf(sender.id)).toBe(69_500_000);
    expect(await balanceOf(recipient.id)).toBe(31_500_000);
    expect(await ledgerOf(sender.id)).toBe(69_500_000);
    const rows = await q<{ user_id: string; amount: string; created_at: string }>(sql`
      select user_id::text, amount::text, created_at::text from ledger_entries where kind = 'transfer' and user_id in (${sender.id}, ${recipient.id}) order by amount`);
    expect(rows.map((r) => [Number(r.user_id), Number(r.amount)])).toEqual([[sender.id, -30_500_000], [recipient.id, 30_500_000]]);
    // now() is the transaction's start: equal timestamps mean one transaction.
    expect(rows[0]!.created_at).toBe(rows[1]!.created_at);
    expect(t.app.mailer.outbox().some((m) => m.to === recipient.email && m.subject.includes('30.50'))).toBe(true);

    const again = await call(sender.id, 'POST', '/api/v2/transfers/confirm', { hash: link.hash, userId: link.userId });
    expect(again.statusCode).toBe(410);
    expect(await balanceOf(sender.id)).toBe(69_500_000);

    const sent = (await call(sender.id, 'GET', '/api/v2/transfers')).json<TransfersView>();
    expect(sent.transfers[0]).toMatchObject({ direction: 'sent', status: 'confirmed', amount: '30.50' });
    expect(sent.remainingToday).toBe('969.50');
    const received = (await call(recipient.id, 'GET', '/api/v2/transfers')).json<TransfersView>();
    expect(received.transfers[0]).toMatchObject({ direction: 'received', counterparty: `#${sender.id}`, status: 'confirmed' });
  });

  it('refuses an expired link and moves nothing', async () => {
    const sender = await buildUser(t, { balance: '10' });
    const recipient = await buildUser(t);
    const link = await askTransfer(sender.id, sender.email, String(recipient.id), '5');
    await t.database.db.execute(sql`update auth_tokens set expires_at = now() - interval '1 minute' where purpose = 'send_user' and user_id = ${sender.id}`);
    await t.database.db.execute(sql`update money_transfers set expires_at = now() - interval '1 minute' where id = ${link.id}`);
    expect((await call(sender.id, 'GET', `/api/v2/transfers/link/${link.hash}/${link.userId}`)).statusCode).toBe(410);
    const res = await call(sender.id, 'POST', '/api/v2/transfers/confirm', { hash: link.hash, userId: link.userId });
    expect(res.statusCode).toBe(410);
    expect(await balanceOf(sender.id)).toBe(10_000_000);
    expect(await balanceOf(recipient.id)).toBe(0);
    expect((await call(sender.id, 'GET', '/api/v2/transfers')).json<TransfersView>().transfers[0]!.status).toBe('expired');
  });

  it('refuses at confirmation a transfer over the balance, moving nothing, and the link still works after a top-up', async () => {
    const sender = await buildUser(t, { balance: '60' });
    const recipient = await buildUser(t);
    const link = await askTransfer(sender.id, sender.email, recipient.email, '50');
    await t.database.db.execute(sql`update users set balance = balance - 20000000 where id = ${sender.id}`);
    const res = await call(sender.id, 'POST', '/api/v2/transfers/confirm', { hash: link.hash, userId: link.userId });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'INSUFFICIENT_FUNDS' } });
    expect(await balanceOf(sender.id)).toBe(40_000_000);
    expect(await balanceOf(recipient.id)).toBe(0);
    expect(Number((await q<{ n: number }>(sql`select count(*)::int as n from ledger_entries where kind = 'transfer' and user_id in (${sender.id}, ${recipient.id})`))[0]!.n)).toBe(0);
    await t.database.db.execute(sql`update users set balance = balance + 20000000 where id = ${sender.id}`);
    expect((await call(sender.id, 'POST', '/api/v2/transfers/confirm', { hash: link.hash, userId: link.userId })).statusCode).toBe(200);
    expect(await balanceOf(recipient.id)).toBe(50_000_000);
  });

  it('holds a sender to $1,000 in 24 hours, when asking and when confirming', async () => {
    const sender = await buildUser(t, { balance: '3000' });
    const recipient = await buildUser(t);
    const first = await askTransfer(sender.id, sender.email, recipient.email, '600');
    expect((await call(sender.id, 'POST', '/api/v2/transfers/confirm', { hash: first.hash, userId: first.userId })).statusCode).toBe(200);
    const over = await call(sender.id, 'POST', '/api/v2/transfers', { recipient: recipient.email, amount: '400.01' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: { code: 'CONFLICT', details: { reason: 'daily_limit' } } });
    const a = await askTransfer(sender.id, sender.email, recipient.email, '300');
    const b = await askTransfer(sender.id, sender.email, recipient.email, '300');
    expect((await call(sender.id, 'POST', '/api/v2/transfers/confirm', { hash: a.hash, userId: a.userId })).statusCode).toBe(200);
    const refused = await call(sender.id, 'POST', '/api/v2/transfers/confirm', { hash: b.hash, userId: b.userId });
    expect(refused.json()).toMatchObject({ error: { code: 'CONFLICT', details: { reason: 'daily_limit' } } });
    expect(await balanceOf(recipient.id)).toBe(900_000_000);
    expect(await balanceOf(sender.id)).toBe(2_100_000_000);
  });

  it('refuses self-transfers; an unknown recipient gets the same answer and nothing moves', async () => {
    const sender = await buildUser(t, { balance: '10' });
    const self = await call(sender.id, 'POST', '/api/v2/transfers', { recipient: sender.email, amount: '1' });
    expect(self.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: { reason: 'self' } } });
    expect((await call(sender.id, 'POST', '/api/v2/transfers', { recipient: `#${sender.id}`, amount: '1' })).statusCode).toBe(400);

    const known = await buildUser(t);
    const a = await askTransfer(sender.id, sender.email, known.email, '1');
    const b = await askTransfer(sender.id, sender.email, 'nobody-here@example.test', '1');
    expect(Object.keys(b.body).sort()).toEqual(Object.keys(a.body).sort());
    const res = await call(sender.id, 'POST', '/api/v2/transfers/confirm', { hash: b.hash, userId: b.userId });
    expect(res.json()).toMatchObject({ error: { code: 'CONFLICT', details: { reason: 'recipient' } } });
    expect(await balanceOf(sender.id)).toBe(10_000_000);
    expect((await call(sender.id, 'POST', '/api/v2/transfers', { recipient: known.email, amount: '10.01' })).json()).toMatchObject({ error: { code: 'INSUFFICIENT_FUNDS' } });
  });
});

describe('vouchers', () => {
  let admin: { id: number };
  beforeAll(async () => {
    admin = await buildUser(t, { admin: true });
  });
  const issue = async (body: object) => {
    const res = await call(admin.id, 'POST', '/api/v2/admin/voucher-batches', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<IssuedVoucherBatchView>();
  };
  const future = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

  it('issues batches to admins only, with unambiguous codes stored hashed', async () => {
    const customer = await buildUser(t);
    expect((await call(customer.id, 'POST', '/api/v2/admin/voucher-batches', { amount: '5', count: 3, expiresOn: future })).statusCode).toBe(403);
    expect((await call(customer.id, 'GET', '/api/v2/admin/voucher-batches')).statusCode).toBe(403);
    const batch = await issue({ amount: '5', count: 3, expiresOn: future, note: 'spring' });
    expect(batch.codes).toHaveLength(3);
    for (const code of batch.codes) expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}(-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}){3}$/);
    const stored = await q<{ code_hash: string }>(sql`select code_hash from vouchers where batch_id = ${batch.id}`);
    expect(stored.map((s) => s.code_hash)).not.toContain(batch.codes[0]!.replace(/-/g, ''));
    const list = (await call(admin.id, 'GET', '/api/v2/admin/voucher-batches')).json<{ id: number; redeemed: number }[]>();
    expect(list.find((b) => b.id === batch.id)).toMatchObject({ redeemed: 0, count: 3, amount: '5.00' });
  });

  it('50 concurrent redemptions of one code credit exactly once', async () => {
    const batch = await issue({ amount: '7.25', count: 1, expiresOn: future });
    const users = await Promise.all(Array.from({ length: 50 }, () => buildUser(t)));
    const results = await Promise.all(users.map((u, i) => call(u.id, 'POST', '/api/v2/vouchers/redeem', { code: batch.codes[0]!.toLowerCase() }, `10.1.${Math.floor(i / 200)}.${i % 200}`)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
    const credited = await q<{ n: number; s: string }>(sql`select count(*)::int as n, sum(amount)::text as s from ledger_entries where kind = 'voucher' and user_id in (${sql.join(users.map((u) => sql`${u.id}`), sql`, `)})`);
    expect(credited[0]).toMatchObject({ n: 1, s: '7250000' });
  });

  it('a user redeems a code once; an expired code is refused', async () => {
    const user = await buildUser(t);
    const batch = await issue({ amount: '3', count: 2, expiresOn: future });
    const first = await call(user.id, 'POST', '/api/v2/vouchers/redeem', { code: batch.codes[0]! }, '10.2.0.1');
    expect(first.statusCode, first.body).toBe(200);
    expect(await balanceOf(user.id)).toBe(3_000_000);
    const second = await call(user.id, 'POST', '/api/v2/vouchers/redeem', { code: batch.codes[0]! }, '10.2.0.1');
    expect(second.json()).toMatchObject({ error: { code: 'CONFLICT', details: { reason: 'used' } } });
    await t.database.db.execute(sql`update voucher_batches set expires_at = now() - interval '1 second' where id = ${batch.id}`);
    const expired = await call(user.id, 'POST', '/api/v2/vouchers/redeem', { code: batch.codes[1]! }, '10.2.0.1');
    expect(expired.json()).toMatchObject({ error: { code: 'CONFLICT', details: { reason: 'expired' } } });
    expect(await balanceOf(user.id)).toBe(3_000_000);
    expect((await call(user.id, 'GET', '/api/v2/vouchers')).json()).toEqual([expect.objectContaining({ amount: '3.00', hint: batch.codes[0]!.slice(-4) })]);
  });

  it('throttles guessing per user and per IP', async () => {
    const guesser = await buildUser(t);
    const batch = await issue({ amount: '1', count: 1, expiresOn: future });
    for (let i = 0; i < 10; i++) expect((await call(guesser.id, 'POST', '/api/v2/vouchers/redeem', { code: `WRONG${i}` }, '10.3.0.1')).statusCode).toBe(404);
    // Locked even for a real code, and from another address.
    expect((await call(guesser.id, 'POST', '/api/v2/vouchers/redeem', { code: batch.codes[0]! }, '10.3.0.2')).statusCode).toBe(429);
    // Per IP: 30 failures from one address lock it for every account.
    const many = await Promise.all(Array.from({ length: 6 }, () => buildUser(t)));
    for (const u of many) for (let i = 0; i < 5; i++) await call(u.id, 'POST', '/api/v2/vouchers/redeem', { code: `NOPE${i}` }, '10.3.0.9');
    const fresh = await buildUser(t);
    expect((await call(fresh.id, 'POST', '/api/v2/vouchers/redeem', { code: batch.codes[0]! }, '10.3.0.9')).statusCode).toBe(429);
    expect((await call(fresh.id, 'POST', '/api/v2/vouchers/redeem', { code: batch.codes[0]! }, '10.3.0.10')).statusCode).toBe(200);
  });
});
