import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/app-error.ts';
import { answerTask, claimTask, sweepTasks } from '#server/modules/tasks/tasks.service.ts';
import { confirmTransfer, requestTransfer } from '#server/modules/transfers/transfers.service.ts';
import { adjustBalance } from '#server/modules/users/users.service.ts';
import { issueBatch, redeemVoucher } from '#server/modules/vouchers/vouchers.service.ts';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { findInvoice } from './crypto/crypto.repo.ts';
import { syncInvoice } from './crypto/crypto.service.ts';
import { startTopUp } from './payments.service.ts';
import { signSandboxPayload } from './providers/sandbox.ts';

/**
 * The money invariant under a random mix of everything that moves money, run with concurrency:
 * sandbox top-ups whose webhooks arrive several times and out of order (some declined),
 * submissions, solves (earnings), refunds of lapsed tasks, transfers confirmed by their link,
 * voucher redemptions (codes tried more than once), admin adjustments, and crypto invoices on the
 * simulated chain (exact, under-, over- and late payments polled concurrently). Afterwards every balance
 * equals the sum of its ledger entries, none is negative, and each paid payment is credited once.
 */
const OPERATIONS = 2_000;
const CONCURRENCY = 16;

let t: TestApp;
const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
const q = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];

/** A deterministic random source, so a failing run can be replayed (seed printed on failure). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  t = await buildTestApp({
    RATE_LIMITS: 'false',
    PAYMENTS_SANDBOX: 'true',
    CRYPTO_CHAIN: 'simulator',
    // The BIP39 test mnemonic's TRON account key (m/44'/195'/0'); USDT is 1 USD.
    CRYPTO_USDT_XPUB: 'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd',
    CRYPTO_USDT_CONFIRMATIONS: '1',
  });
});
afterAll(() => t.close());

describe('money invariants', () => {
  it(`hold after ${OPERATIONS} random concurrent money operations`, { timeout: 600_000 }, async () => {
    const seed = Number(process.env.MONEY_SEED ?? Date.now() % 1_000_000);
    const random = rng(seed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const png = makePng().toString('base64');

    const customers = await Promise.all(Array.from({ length: 6 }, () => buildUser(t, { balance: '2.00' })));
    const workers = await Promise.all(Array.from({ length: 3 }, () => buildUser(t, { userType: 'worker' })));
    for (const w of workers) await markTrainingPassed(ctx(), w.id);
    const admin = await buildUser(t, { admin: true });
    const batch = await issueBatch(ctx(), admin.id, { amount: '0.75', count: 40, expiresOn: '2099-12-31', note: 'invariants' });
    const codes = batch.codes;
    const sandbox = t.app.payments.providers.get('sandbox')!;
    const secret = t.app.payments.sandboxSecret!;
    /** One transfer at a time per sender: its confirmation link is read from the sender's newest mail. */
    const senderBusy = new Map<number, Promise<unknown>>();
    const counts: Record<string, number> = {};
    /** A refusal the product answers users with (AppError) is an outcome; anything else fails the test. */
    const refusedOnly = (err: unknown) => {
      if (!(err instanceof AppError)) throw err;
    };

    const deliver = async (ref: string, paymentId: number, cents: number, type: 'checkout.approved' | 'checkout.declined', eventId: string) => {
      const body = JSON.stringify({ id: eventId, type, data: { ref, client_reference: String(paymentId), amount_minor: cents, currency: 'USD' } });
      const res = await t.app.inject({ method: 'POST', url: '/webhooks/payments/sandbox', headers: { 'content-type': 'application/json', 'sandbox-signature': signSandboxPayload(secret, body) }, payload: body });
      expect(res.statusCode).toBe(200);
    };

    const crypto = t.app.payments.crypto!;
    const chain = crypto.simulators!.get('USDT_TRC20')!;
    let clockMs = 0;
    crypto.now = chain.now = () => new Date(Date.now() + clockMs);
    const invoices: number[] = [];
    /** Polls an invoice twice at once, as two nodes would. */
    const pollTwice = async (paymentId: number) => {
      const invoice = (await findInvoice(t.database.db, paymentId))!;
      await Promise.all([syncInvoice(ctx(), crypto, invoice), syncInvoice(ctx(), crypto, invoice)]);
    };

    const operations: Record<string, () => Promise<void>> = {
      async topup() {
        const customer = pick(customers);
        const cents = 100 + Math.floor(random() * 900);
        const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        const { paymentId } = await startTopUp(ctx(), new Map([['sandbox', sandbox]]), customer.id, { amount, provider: 'sandbox' }, { successUrl: 'http://localhost/ok', cancelUrl: 'http://localhost/error' });
        const [row] = await q<{ ref: string }>(sql`select provider_ref as ref from payments where id = ${paymentId}`);
        const approved = random() < 0.8;
        const eventId = `evt_${paymentId}`;
        const deliveries = [deliver(row!.ref, paymentId, cents, approved ? 'checkout.approved' : 'checkout.declined', eventId)];
        // The provider redelivers, and a stray event of the other kind may follow.
        for (let i = Math.floor(random() * 3); i > 0; i--) deliveries.push(deliver(row!.ref, paymentId, cents, approved ? 'checkout.approved' : 'checkout.declined', eventId));
        if (random() < 0.2) deliveries.push(deliver(row!.ref, paymentId, cents, approved ? 'checkout.declined' : 'checkout.approved', `evt_${paymentId}_late`));
        await Promise.all(deliveries);
      },
      async crypto() {
        // A USDT invoice paid 50–150% (under, exact or over), confirmed, polled concurrently.
        const customer = pick(customers);
        const cents = 100 + Math.floor(random() * 900);
        const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        const { paymentId } = await startTopUp(ctx(), t.app.payments.providers, customer.id, { amount, provider: 'usdt_trc20' }, { successUrl: 'http://localhost/ok', cancelUrl: 'http://localhost/error' });
        invoices.push(paymentId);
        const invoice = (await findInvoice(t.database.db, paymentId))!;
        const share = random() < 0.5 ? 100 : 50 + Math.floor(random() * 101);
        chain.send(invoice.address, (BigInt(invoice.amountDue) * BigInt(share)) / 100n);
        await pollTwice(paymentId);
        chain.mine(1);
        await pollTwice(paymentId);
      },
      async chain() {
        // More coins to an earlier invoice (extra, or late once the clock passed its expiry); time passes.
        if (invoices.length === 0) return;
        const paymentId = pick(invoices);
        const invoice = (await findInvoice(t.database.db, paymentId))!;
        chain.send(invoice.address, BigInt(1 + Math.floor(random() * 2_000_000)));
        if (random() < 0.3) clockMs += 31 * 60_000;
        chain.mine(1);
        await pollTwice(paymentId);
      },
      async submit() {
        await t.app.inject({ method: 'POST', url: '/in.php', payload: { key: pick(customers).apiKey, method: 'base64', body: png } });
      },
      async solve() {
        const worker = pick(workers);
        const task = await claimTask(ctx(), { id: worker.id, languages: ['en'] });
        // Another claim of the same worker may have taken the task over meanwhile: refused, nothing paid.
        if (task) await answerTask(ctx(), worker.id, task.id, { kind: 'text', text: 'ok' }).catch(refusedOnly);
      },
      async lapse() {
        await t.database.db.execute(sql`update tasks set expires_at = now() - interval '1 second' where id = (select id from tasks where state = 'queued' order by random() limit 1)`);
        await sweepTasks(ctx());
      },
      async report() {
        const customer = pick(customers);
        const [task] = await q<{ id: number }>(sql`select id from tasks where customer_id = ${customer.id} and state = 'solved' order by random() limit 1`);
        if (task) await t.app.inject({ method: 'GET', url: `/res.php?key=${customer.apiKey}&action=reportbad&id=${task.id}` });
      },
      async transfer() {
        const sender = pick([...customers, ...workers]);
        const recipient = pick(customers.filter((c) => c.id !== sender.id));
        const previous = senderBusy.get(sender.id) ?? Promise.resolve();
        const run = previous.then(async () => {
          const cents = 1 + Math.floor(random() * 150);
          const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
          try {
            await requestTransfer(ctx(), sender.id, { recipient: recipient.email, amount });
          } catch (err) {
            refusedOnly(err);
            return; // over the balance or the daily limit when asked: refused, nothing moved
          }
          const mail = t.app.mailer.outbox().find((m) => m.to === sender.email && m.text.includes('/pay/send_user_hash/'))!;
          const [, hash, userId] = /\/pay\/send_user_hash\/([^/\s]+)\/(\d+)/.exec(mail.text)!;
          await confirmTransfer(ctx(), sender.id, { hash: hash!, userId: Number(userId) }).catch(refusedOnly);
        });
        senderBusy.set(sender.id, run.catch(() => undefined));
        await run;
      },
      async voucher() {
        // Codes are tried again and again: only the first redemption of each may credit.
        await redeemVoucher(ctx(), pick(customers).id, '127.0.0.1', { code: pick(codes) }).catch(refusedOnly);
      },
      async adjust() {
        const user = pick(customers);
        const cents = 1 + Math.floor(random() * 50);
        const amount = `${random() < 0.5 ? '-' : ''}0.${String(cents).padStart(2, '0')}`;
        await adjustBalance(ctx(), user.id, { amount, reason: 'invariant test' }, admin.id).catch(refusedOnly);
      },
    };
    const weights: [string, number][] = [['topup', 3], ['submit', 6], ['solve', 4], ['lapse', 1], ['report', 1], ['transfer', 2], ['voucher', 2], ['adjust', 1], ['crypto', 1], ['chain', 1]];
    const total = weights.reduce((s, [, w]) => s + w, 0);
    const choose = () => {
      let r = random() * total;
      for (const [name, w] of weights) if ((r -= w) < 0) return name;
      return 'submit';
    };

    try {
      for (let done = 0; done < OPERATIONS; done += CONCURRENCY) {
        await Promise.all(
          Array.from({ length: Math.min(CONCURRENCY, OPERATIONS - done) }, async () => {
            const name = choose();
            counts[name] = (counts[name] ?? 0) + 1;
            await operations[name]!();
          }),
        );
      }

      const drift = await q<{ id: number; balance: number; ledger: number }>(sql`
        select u.id, u.balance::bigint as balance, coalesce(l.sum, 0)::bigint as ledger from users u
        left join (select user_id, sum(amount) as sum from ledger_entries group by user_id) l on l.user_id = u.id
        where u.balance <> coalesce(l.sum, 0)`);
      expect(drift, 'balances that differ from their ledger').toEqual([]);
      const negative = await q<{ id: number }>(sql`select id from users where balance < 0`);
      expect(negative).toEqual([]);
      // Each paid payment is credited exactly once with its amount, and nothing else is credited.
      const payments = await q<{ id: number; status: string; amount: number; credited: number; entries: number }>(sql`
        select p.id, p.status, p.amount::bigint as amount, coalesce(sum(l.amount), 0)::bigint as credited, count(l.id)::int as entries
        from payments p left join ledger_entries l on l.payment_id = p.id and l.kind = 'topup' group by p.id`);
      expect(payments.length).toBeGreaterThan(0);
      for (const p of payments) {
        if (p.status === 'succeeded') expect({ id: p.id, entries: p.entries, credited: Number(p.credited) }).toEqual({ id: p.id, entries: 1, credited: Number(p.amount) });
        else expect({ id: p.id, entries: p.entries }).toEqual({ id: p.id, entries: 0 });
      }
      // Crypto invoices were credited among them, and each deposit at most once.
      const cryptoPaid = await q<{ n: number }>(sql`select count(*)::int as n from payments where provider = 'usdt_trc20' and status = 'succeeded'`);
      expect(cryptoPaid[0]!.n).toBeGreaterThan(0);
      const deposits = await q<{ n: number }>(sql`select count(*)::int as n from crypto_deposits d where d.credited_amount is not null and d.credited_amount <> (select coalesce(sum(l.amount), 0) from ledger_entries l where l.payment_id = d.credited_payment_id and l.kind = 'topup') and (select count(*) from crypto_deposits o where o.credited_payment_id = d.credited_payment_id) = 1`);
      expect(deposits[0]!.n, 'a deposit credited on its own whose ledger entry differs').toBe(0);
      // Each voucher code credited at most once.
      const vouchers = await q<{ n: number }>(sql`select count(*)::int as n from ledger_entries where kind = 'voucher'`);
      expect(vouchers[0]!.n).toBeLessThanOrEqual(codes.length);
      // Every operation kind ran.
      expect(Object.keys(counts).sort()).toEqual(weights.map(([n]) => n).sort());
    } catch (err) {
      throw new Error(`money invariant broken with MONEY_SEED=${seed} (operations: ${JSON.stringify(counts)}): ${String(err)}${err instanceof Error && err.cause ? ` (cause: ${String(err.cause)})` : ''}`);
    }
  });
});
