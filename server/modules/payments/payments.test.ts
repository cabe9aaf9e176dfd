import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, csrfFor, type TestApp } from '#server/test/app.ts';
import { buildUser, sessionCookieFor } from '#server/test/factories.ts';
import * as repo from './payments.repo.ts';
import { handleWebhookEvent, startTopUp } from './payments.service.ts';
import { signSandboxPayload, type SandboxEventBody } from './providers/sandbox.ts';
import { stripeProvider } from './providers/stripe.ts';

const STRIPE_WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
let t: TestApp;
const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
const q = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const balanceOf = async (id: number) => Number((await q<{ b: number }>(sql`select balance as b from users where id = ${id}`))[0]!.b);
const ledgerOf = async (id: number) => Number((await q<{ s: number }>(sql`select coalesce(sum(amount), 0)::bigint as s from ledger_entries where user_id = ${id}`))[0]!.s);
const topups = async (paymentId: number) => Number((await q<{ n: number }>(sql`select count(*)::int as n from ledger_entries where payment_id = ${paymentId} and kind = 'topup'`))[0]!.n);
const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false', PAYMENTS_SANDBOX: 'true', STRIPE_SECRET_KEY: 'sk_test_offline', STRIPE_WEBHOOK_SECRET });
});
afterAll(() => t.close());

/** A signed-in customer's browser: session cookie plus the CSRF pair. */
async function browserOf(userId: number) {
  const session = await sessionCookieFor(t, userId);
  const csrf = await csrfFor(t.app, session);
  return { cookie: `${csrf.cookie}; ${session}`, 'x-csrf-token': csrf.header };
}

async function startSandboxTopUp(userId: number, amount: string) {
  const headers = await browserOf(userId);
  const res = await t.app.inject({ method: 'POST', url: '/api/v2/payments', headers, payload: { amount, provider: 'sandbox' } });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ paymentId: number; redirectUrl: string }>();
  const ref = /\/pay\/sandbox\/checkout\/(sbx_[0-9a-f]+)$/.exec(body.redirectUrl)![1]!;
  return { ...body, ref, headers };
}

/** The webhook the sandbox would deliver for a checkout, signed (or not) as asked. */
function sandboxEvent(over: Partial<SandboxEventBody['data']> & { ref: string; client_reference: string }, opts: { id?: string; type?: SandboxEventBody['type']; secret?: string } = {}) {
  const body: SandboxEventBody = {
    id: opts.id ?? `evt_${Math.random().toString(16).slice(2)}`,
    type: opts.type ?? 'checkout.approved',
    data: { amount_minor: 2500, currency: 'USD', ...over },
  };
  const text = JSON.stringify(body);
  return { text, signature: signSandboxPayload(opts.secret ?? t.app.payments.sandboxSecret!, text) };
}

const deliver = (event: { text: string; signature: string }) =>
  t.app.inject({ method: 'POST', url: '/webhooks/payments/sandbox', headers: { 'content-type': 'application/json', 'sandbox-signature': event.signature }, payload: event.text });

describe('sandbox provider', () => {
  it('lists the configured methods', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/payments/providers' });
    expect(res.json<{ name: string }[]>().map((p) => p.name).sort()).toEqual(['sandbox', 'stripe']);
  });

  it('approving on the hosted checkout credits the balance through the webhook, once, with a receipt', async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    const { paymentId, ref, headers } = await startSandboxTopUp(customer.id, '25');
    const page = await t.app.inject({ method: 'GET', url: `/api/v2/payments/sandbox/${ref}` });
    expect(page.json()).toMatchObject({ amount: '25.00', currency: 'USD', status: 'open' });
    // Nothing moves before the payer decides.
    expect(await balanceOf(customer.id)).toBe(1_000_000);

    const approve = await t.app.inject({ method: 'POST', url: `/api/v2/payments/sandbox/${ref}/approve`, headers });
    expect(approve.json<{ redirectUrl: string }>().redirectUrl).toBe(`http://localhost:3000/pay/ok?payment=${paymentId}`);
    await until(async () => (await balanceOf(customer.id)) === 26_000_000);
    expect(await ledgerOf(customer.id)).toBe(26_000_000);
    expect(await topups(paymentId)).toBe(1);
    const mine = await t.app.inject({ method: 'GET', url: `/api/v2/payments/${paymentId}`, headers });
    expect(mine.json()).toMatchObject({ id: paymentId, status: 'succeeded', amount: '25.00', provider: 'sandbox' });
    expect(t.app.mailer.outbox().some((m) => m.to === customer.email && m.subject.includes('25.00'))).toBe(true);

    // A second press changes nothing.
    const again = await t.app.inject({ method: 'POST', url: `/api/v2/payments/sandbox/${ref}/decline`, headers });
    expect(again.json<{ redirectUrl: string }>().redirectUrl).toContain('/pay/ok');
    await new Promise((r) => setTimeout(r, 100));
    expect(await balanceOf(customer.id)).toBe(26_000_000);
  });

  it('declining lands on the error page and moves nothing', async () => {
    const customer = await buildUser(t, { balance: '0' });
    const { paymentId, ref, headers } = await startSandboxTopUp(customer.id, '10.50');
    const decline = await t.app.inject({ method: 'POST', url: `/api/v2/payments/sandbox/${ref}/decline`, headers });
    expect(decline.json<{ redirectUrl: string }>().redirectUrl).toBe(`http://localhost:3000/pay/error?payment=${paymentId}`);
    await until(async () => (await repo.findPayment(t.database.db, customer.id, paymentId))!.status === 'failed');
    expect(await balanceOf(customer.id)).toBe(0);
    expect(await topups(paymentId)).toBe(0);
  });

  it('keeps the payer in their language: the hosted page and the return pages', async () => {
    const customer = await buildUser(t, { balance: '0' });
    const headers = await browserOf(customer.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/payments', headers, payload: { amount: '5', provider: 'sandbox', language: 'ru' } });
    const { paymentId, redirectUrl } = res.json<{ paymentId: number; redirectUrl: string }>();
    expect(redirectUrl).toMatch(/^http:\/\/localhost:3000\/ru\/pay\/sandbox\/checkout\/sbx_/);
    const ref = redirectUrl.split('/').at(-1)!;
    const back = await t.app.inject({ method: 'POST', url: `/api/v2/payments/sandbox/${ref}/decline`, headers });
    expect(back.json<{ redirectUrl: string }>().redirectUrl).toBe(`http://localhost:3000/ru/pay/error?payment=${paymentId}`);
  });

  it('refuses amounts outside $1–$10,000 and unknown methods, recording nothing', async () => {
    const customer = await buildUser(t);
    const headers = await browserOf(customer.id);
    for (const amount of ['0.99', '10000.01', '-5', '1.001', 'abc']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v2/payments', headers, payload: { amount, provider: 'sandbox' } });
      expect(res.statusCode, amount).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/payments', headers, payload: { amount: '5', provider: 'paypal' } })).statusCode).toBe(404);
    expect(await repo.listPayments(t.database.db, customer.id, 10)).toEqual([]);
  });

  it('the same webhook delivered five times concurrently, and a late decline, credit exactly once', async () => {
    const customer = await buildUser(t, { balance: '0' });
    const { paymentId, ref } = await startSandboxTopUp(customer.id, '25');
    const paid = sandboxEvent({ ref, client_reference: String(paymentId) }, { id: 'evt_same_delivery' });
    const lateDecline = sandboxEvent({ ref, client_reference: String(paymentId) }, { type: 'checkout.declined' });
    const results = await Promise.all([lateDecline, paid, paid, paid, paid, paid].map((e) => deliver(e)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const outcomes = results.slice(1).map((r) => r.json<{ outcome: string }>().outcome).sort();
    expect(outcomes).toEqual(['credited', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    // A decline that arrives after the money never takes it back.
    expect(await balanceOf(customer.id)).toBe(25_000_000);
    expect(await topups(paymentId)).toBe(1);
    expect((await repo.findPayment(t.database.db, customer.id, paymentId))!.status).toBe('succeeded');
    // And a different event id for the same payment (a provider retrying with a new id) credits nothing more.
    const other = await deliver(sandboxEvent({ ref, client_reference: String(paymentId) }));
    expect(other.json<{ outcome: string }>().outcome).toBe('ignored');
    expect(await ledgerOf(customer.id)).toBe(25_000_000);
  });

  it('a forged signature is a 400; a wrong amount or currency credits nothing', async () => {
    const customer = await buildUser(t, { balance: '0' });
    const { paymentId, ref } = await startSandboxTopUp(customer.id, '25');
    const forged = sandboxEvent({ ref, client_reference: String(paymentId) }, { secret: 'not-the-secret' });
    const bad = await deliver(forged);
    expect(bad.statusCode).toBe(400);
    expect((await q<{ n: number }>(sql`select count(*)::int as n from payment_events where payload->>'id' = ${JSON.parse(forged.text).id}`))[0]!.n).toBe(0);
    const tampered = sandboxEvent({ ref, client_reference: String(paymentId) });
    expect((await deliver({ text: tampered.text.replace('2500', '250000'), signature: tampered.signature })).statusCode).toBe(400);
    expect((await deliver(sandboxEvent({ ref, client_reference: String(paymentId), amount_minor: 2499 }))).json()).toMatchObject({ outcome: 'refused:amount' });
    expect((await deliver(sandboxEvent({ ref, client_reference: String(paymentId), currency: 'EUR' }))).json()).toMatchObject({ outcome: 'refused:currency' });
    expect((await deliver(sandboxEvent({ ref: 'sbx_000000000000000000000000', client_reference: '1' }))).json()).toMatchObject({ outcome: 'refused:unknown_payment' });
    expect(await balanceOf(customer.id)).toBe(0);
    expect(await topups(paymentId)).toBe(0);
  });

  it('history lists only the signed-in user’s payments; anonymous callers are refused', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const { paymentId } = await startSandboxTopUp(a.id, '5');
    const listA = await t.app.inject({ method: 'GET', url: '/api/v2/payments', headers: await browserOf(a.id) });
    expect(listA.json<{ id: number }[]>().map((p) => p.id)).toEqual([paymentId]);
    const headersB = await browserOf(b.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/payments', headers: headersB })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/payments/${paymentId}`, headers: headersB })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/payments' })).statusCode).toBe(401);
  });
});

describe('admin payments', () => {
  it('finds payments by user, method and status, shows their webhook events, and writes credits and refunds as adjustments', async () => {
    const admin = await buildUser(t, { admin: true });
    const customer = await buildUser(t, { balance: '0' });
    const { paymentId, ref } = await startSandboxTopUp(customer.id, '25');
    await deliver(sandboxEvent({ ref, client_reference: String(paymentId) }, { id: 'evt_admin_view' }));
    await deliver(sandboxEvent({ ref, client_reference: String(paymentId), amount_minor: 1 }, { id: 'evt_admin_wrong_amount' }));
    const headers = await browserOf(admin.id);

    const byEmail = await t.app.inject({ method: 'GET', url: `/api/v2/admin/payments?q=${encodeURIComponent(customer.email.slice(0, 12))}&status=succeeded&provider=sandbox`, headers });
    expect(byEmail.json<{ id: number }[]>().map((p) => p.id)).toEqual([paymentId]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/admin/payments?q=${customer.id}&status=failed`, headers })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/admin/payments?q=%23${paymentId}`, headers })).json<{ email: string }[]>()[0]!.email).toBe(customer.email);

    const detail = await t.app.inject({ method: 'GET', url: `/api/v2/admin/payments/${paymentId}`, headers });
    expect(detail.json<{ events: { eventId: string; outcome: string }[] }>().events.map((e) => [e.eventId, e.outcome])).toEqual([
      ['evt_admin_view', 'credited'],
      ['evt_admin_wrong_amount', 'refused:amount'],
    ]);

    // A refund of part of it, then a refund beyond the balance (refused, nothing written).
    const refund = await t.app.inject({ method: 'POST', url: `/api/v2/admin/payments/${paymentId}/adjustments`, headers, payload: { amount: '-5', reason: 'customer asked for part back' } });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json<{ adjustments: { amount: string; reason: string; actorId: number }[] }>().adjustments).toEqual([
      expect.objectContaining({ amount: '-5.00', reason: 'customer asked for part back', actorId: admin.id }),
    ]);
    expect((await t.app.inject({ method: 'POST', url: `/api/v2/admin/payments/${paymentId}/adjustments`, headers, payload: { amount: '-100', reason: 'too much' } })).statusCode).toBe(409);
    expect(await balanceOf(customer.id)).toBe(20_000_000);
    expect(await ledgerOf(customer.id)).toBe(20_000_000);
    // Not for customers.
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/admin/payments/${paymentId}`, headers: await browserOf(customer.id) })).statusCode).toBe(403);
  });
});

describe('stripe provider', () => {
  let fake: Server;
  let sessionsCreated: URLSearchParams[] = [];
  beforeAll(async () => {
    // The two Stripe endpoints the product calls, answered the way Stripe answers them.
    fake = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        sessionsCreated.push(form);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id: 'cs_test_fake1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_fake1', amount_total: Number(form.get('line_items[0][price_data][unit_amount]')) }));
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => fake.close(() => r())));

  const sign = (event: object) => {
    const payload = JSON.stringify(event);
    return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }) };
  };

  it('creates a Checkout Session, and a checkout.session.completed signed with the SDK credits once', async () => {
    sessionsCreated = [];
    const client = new Stripe('sk_test_offline', { host: '127.0.0.1', port: (fake.address() as AddressInfo).port, protocol: 'http' });
    const stripe = stripeProvider({ secretKey: 'sk_test_offline', webhookSecret: STRIPE_WEBHOOK_SECRET, client });
    const customer = await buildUser(t, { balance: '0' });
    const started = await startTopUp(ctx(), new Map([['stripe', stripe]]), customer.id, { amount: '12.34', provider: 'stripe' }, { successUrl: 'http://localhost:3000/pay/ok?payment={PAYMENT_ID}', cancelUrl: 'http://localhost:3000/pay/error' });
    expect(started.redirectUrl).toBe('https://checkout.stripe.com/c/pay/cs_test_fake1');
    expect(sessionsCreated[0]!.get('line_items[0][price_data][unit_amount]')).toBe('1234');
    expect(sessionsCreated[0]!.get('client_reference_id')).toBe(String(started.paymentId));
    expect(sessionsCreated[0]!.get('success_url')).toBe(`http://localhost:3000/pay/ok?payment=${started.paymentId}`);

    const event = {
      id: 'evt_test_completed_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_fake1', object: 'checkout.session', payment_status: 'paid', amount_total: 1234, currency: 'usd', client_reference_id: String(started.paymentId), metadata: {} } },
    };
    const { payload, header } = sign(event);
    const post = () => t.app.inject({ method: 'POST', url: '/webhooks/payments/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
    const results = await Promise.all([post(), post(), post()]);
    expect(results.map((r) => r.json<{ outcome: string }>().outcome).sort()).toEqual(['credited', 'duplicate', 'duplicate']);
    expect(await balanceOf(customer.id)).toBe(12_340_000);
    expect(await topups(started.paymentId)).toBe(1);

    // The same event signed with another secret is refused before anything is read.
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    expect((await t.app.inject({ method: 'POST', url: '/webhooks/payments/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': forged }, payload })).statusCode).toBe(400);
  });

  it('an unpaid completion (a delayed method) waits for async_payment_succeeded', async () => {
    const customer = await buildUser(t, { balance: '0' });
    const payment = await repo.insertPayment(t.database.db, { userId: customer.id, provider: 'stripe', amount: 5_000_000, providerAmount: 500, currency: 'USD' });
    await repo.markPending(t.database.db, payment.id, 'cs_test_delayed');
    const stripe = t.app.payments.providers.get('stripe')!;
    const session = { id: 'cs_test_delayed', object: 'checkout.session', amount_total: 500, currency: 'usd', client_reference_id: String(payment.id) };
    const feed = (id: string, type: string, status: string) => {
      const { payload, header } = sign({ id, object: 'event', type, data: { object: { ...session, payment_status: status } } });
      return handleWebhookEvent(ctx(), stripe, stripe.parseWebhook(Buffer.from(payload), { 'stripe-signature': header }));
    };
    expect(await feed('evt_delayed_1', 'checkout.session.completed', 'unpaid')).toBe('ignored');
    expect(await balanceOf(customer.id)).toBe(0);
    expect(await feed('evt_delayed_2', 'checkout.session.async_payment_succeeded', 'paid')).toBe('credited');
    expect(await balanceOf(customer.id)).toBe(5_000_000);
  });
});
