import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { CoinId, InvoiceView } from '#shared/contracts/crypto.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { esploraWatcher, tronGridWatcher, type FetchFn } from './chain.ts';
import { coinAmountFor, settleInvoice, syncCoin, type CryptoSetup } from './crypto.service.ts';
import { rateSource } from './rates.ts';

const master = HDKey.fromMasterSeed(
  mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'),
);
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

let t: TestApp;
let crypto: CryptoSetup;
const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
const q = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const balanceOf = async (id: number) =>
  Number((await q<{ b: number }>(sql`select balance as b from users where id = ${id}`))[0]!.b);
const ledgerOf = async (id: number) =>
  Number(
    (
      await q<{ s: number }>(
        sql`select coalesce(sum(amount), 0)::bigint as s from ledger_entries where user_id = ${id}`,
      )
    )[0]!.s,
  );
const topupsOf = async (userId: number) =>
  q<{ payment_id: number; amount: number; reason: string }>(
    sql`select payment_id, amount::bigint as amount, reason from ledger_entries where user_id = ${userId} and kind = 'topup' order by id`,
  );

/** Moves the product's clock and the simulated chains' clocks together. */
let offsetMs = 0;
function advance(ms: number) {
  offsetMs += ms;
  const now = () => new Date(Date.now() + offsetMs);
  crypto.now = now;
  for (const sim of crypto.simulators!.values()) sim.now = now;
}

beforeAll(async () => {
  t = await buildTestApp({
    RATE_LIMITS: 'false',
    PAYMENTS_SANDBOX: 'false',
    CRYPTO_CHAIN: 'simulator',
    CRYPTO_BTC_XPUB: ZPUB,
    CRYPTO_BCH_XPUB: master.derive("m/44'/145'/0'").publicExtendedKey,
    CRYPTO_USDT_XPUB: master.derive("m/44'/195'/0'").publicExtendedKey,
    CRYPTO_RATES: 'BTC=50000,BCH=400',
    CRYPTO_BTC_CONFIRMATIONS: '2',
    CRYPTO_BCH_CONFIRMATIONS: '1',
    CRYPTO_USDT_CONFIRMATIONS: '3',
    CRYPTO_POLL_SECONDS: '3600',
  });
  crypto = t.app.payments.crypto!;
  advance(0);
});
afterAll(() => t.close());

async function customer(balance = '0') {
  const user = await buildUser(t, { balance });
  const headers = browserHeaders(t, await sessionCookieFor(t, user.id));
  return { ...user, headers };
}

async function invoiceFor(
  headers: Record<string, string>,
  provider: string,
  amount: string,
  extra: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/payments',
    headers,
    payload: { amount, provider, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { paymentId, redirectUrl } = res.json<{ paymentId: number; redirectUrl: string }>();
  const view = await t.app.inject({ method: 'GET', url: `/api/v2/payments/${paymentId}/invoice`, headers });
  expect(view.statusCode, view.body).toBe(200);
  return { paymentId, redirectUrl, invoice: view.json<InvoiceView>() };
}

const sim = (coin: CoinId) => crypto.simulators!.get(coin)!;
const sync = (coin: CoinId) => syncCoin(ctx(), crypto, coin);

describe('crypto invoices', () => {
  it('lists the configured coins and opens an invoice with its own derived address, the locked amount, a BIP21 URI and a QR code', async () => {
    const providers = await t.app.inject({ method: 'GET', url: '/api/v2/payments/providers' });
    expect(
      providers
        .json<{ name: string }[]>()
        .map((p) => p.name)
        .sort(),
    ).toEqual(['bch', 'btc', 'usdt_trc20']);
    const c = await customer();
    const a = await invoiceFor(c.headers, 'btc', '25');
    const b = await invoiceFor(c.headers, 'btc', '25');
    expect(a.redirectUrl).toBe(`http://localhost:3000/pay/cryptocurrency-btc-BTC?invoice=${a.paymentId}`);
    // $25 at $50,000 per BTC = 0.0005 BTC = 50,000 sat.
    expect(a.invoice).toMatchObject({
      coin: 'BTC',
      amountDue: '50000',
      amountDueText: '0.00050000',
      usd: '25.00',
      rate: '50000.00',
      status: 'open',
      requiredConfirmations: 2,
      simulator: true,
    });
    expect(a.invoice.address).toMatch(/^bc1q/);
    expect(b.invoice.address).not.toBe(a.invoice.address);
    expect(a.invoice.uri).toBe(`bitcoin:${a.invoice.address}?amount=0.00050000`);
    expect(a.invoice.qrSvg).toContain('<svg');
    expect(new Date(a.invoice.expiresAt).getTime() - Date.now() - offsetMs).toBeGreaterThan(29 * 60_000);
    // Addresses are the configured key's: the first invoices take the first indexes.
    const idx = await q<{ i: number }>(
      sql`select derivation_index as i from crypto_invoices where payment_id = ${a.paymentId}`,
    );
    const { addressDeriver } = await import('./addresses.ts');
    expect(a.invoice.address).toBe(addressDeriver('BTC', ZPUB).addressAt(idx[0]!.i));
    // Another user cannot read it.
    const other = await customer();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/payments/${a.paymentId}/invoice`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    const bch = await invoiceFor(c.headers, 'bch', '10');
    expect(bch.invoice.address).toMatch(/^bitcoincash:q/);
    expect(bch.invoice.uri).toBe(`${bch.invoice.address}?amount=0.02500000`);
    const usdt = await invoiceFor(c.headers, 'usdt_trc20', '10');
    expect(usdt.invoice).toMatchObject({ amountDue: '10000000', amountDueText: '10.000000' });
    expect(usdt.invoice.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  });

  it('exact payment: nothing before the confirmations, then the ordered amount once, with the live balance announced', async () => {
    const c = await customer('1.00');
    const { paymentId, invoice } = await invoiceFor(c.headers, 'btc', '25');
    const announced: string[] = [];
    const unlisten = await t.database.listen('balance_changed', (p) => announced.push(p));
    sim('BTC').send(invoice.address, 50_000n);
    await sync('BTC');
    expect(await balanceOf(c.id)).toBe(1_000_000);
    sim('BTC').mine(1);
    await sync('BTC');
    expect(await balanceOf(c.id)).toBe(1_000_000); // 1 of 2 confirmations
    let view = (
      await t.app.inject({ method: 'GET', url: `/api/v2/payments/${paymentId}/invoice`, headers: c.headers })
    ).json<InvoiceView>();
    expect(view.status).toBe('confirming');
    expect(view.deposits).toMatchObject([
      { amount: '50000', confirmations: 1, required: 2, late: false, creditedUsd: null },
    ]);
    sim('BTC').mine(1);
    await sync('BTC');
    await sync('BTC'); // polled again: nothing more
    expect(await balanceOf(c.id)).toBe(26_000_000);
    expect(await ledgerOf(c.id)).toBe(26_000_000);
    expect(await topupsOf(c.id)).toMatchObject([{ payment_id: paymentId, amount: 25_000_000 }]);
    view = (
      await t.app.inject({ method: 'GET', url: `/api/v2/payments/${paymentId}/invoice`, headers: c.headers })
    ).json<InvoiceView>();
    expect(view).toMatchObject({ status: 'paid', creditedUsd: '25.00' });
    const payment = (
      await t.app.inject({ method: 'GET', url: `/api/v2/payments/${paymentId}`, headers: c.headers })
    ).json<{ status: string; amount: string }>();
    expect(payment).toMatchObject({ status: 'succeeded', amount: '25.00' });
    await new Promise((r) => setTimeout(r, 50));
    await unlisten();
    expect(announced.map((p) => JSON.parse(p) as { userId: number; balance: number })).toContainEqual({
      userId: c.id,
      balance: 26_000_000,
    });
    // And a receipt by e-mail.
    expect(t.app.mailer.outbox().some((m) => m.to === c.email && m.subject.includes('25.00'))).toBe(true);
  });

  it('underpayment: after expiry, what arrived is credited at the locked rate and the invoice says underpaid', async () => {
    const c = await customer();
    const { paymentId, invoice } = await invoiceFor(c.headers, 'bch', '10'); // 0.025 BCH at $400
    sim('BCH').send(invoice.address, 1_000_000n); // 0.01 BCH = $4
    sim('BCH').mine(1);
    await sync('BCH');
    expect(await balanceOf(c.id)).toBe(0); // still open: the payer may send the rest
    advance(31 * 60_000);
    await sync('BCH');
    expect(await balanceOf(c.id)).toBe(4_000_000);
    const view = (
      await t.app.inject({ method: 'GET', url: `/api/v2/payments/${paymentId}/invoice`, headers: c.headers })
    ).json<InvoiceView>();
    expect(view).toMatchObject({ status: 'underpaid', creditedUsd: '4.00' });
    expect((await topupsOf(c.id))[0]!.reason).toContain('underpaid');
  });

  it('overpayment in two transactions: all of it is credited at the locked rate', async () => {
    const c = await customer();
    const { paymentId, invoice } = await invoiceFor(c.headers, 'usdt_trc20', '10');
    sim('USDT_TRC20').send(invoice.address, 6_000_000n);
    sim('USDT_TRC20').send(invoice.address, 6_500_000n);
    sim('USDT_TRC20').mine(3);
    await sync('USDT_TRC20');
    expect(await balanceOf(c.id)).toBe(12_500_000);
    expect(await topupsOf(c.id)).toMatchObject([{ payment_id: paymentId, amount: 12_500_000 }]);
    const view = (
      await t.app.inject({ method: 'GET', url: `/api/v2/payments/${paymentId}/invoice`, headers: c.headers })
    ).json<InvoiceView>();
    expect(view.status).toBe('overpaid');
  });

  it('expiry with nothing paid, then a late payment: credited on its own at the rate of its arrival, and flagged', async () => {
    const c = await customer();
    const { paymentId, invoice } = await invoiceFor(c.headers, 'btc', '20'); // 40,000 sat at $50,000
    advance(31 * 60_000);
    await sync('BTC');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/payments/${paymentId}`, headers: c.headers })).json<{
        status: string;
      }>().status,
    ).toBe('expired');
    // The market moved: BTC is now $60,000.
    const rates = crypto.rates;
    crypto.rates = rateSource({ fixed: 'BTC=60000,BCH=400' });
    try {
      sim('BTC').send(invoice.address, 40_000n);
      await sync('BTC');
      sim('BTC').mine(2);
      await sync('BTC');
    } finally {
      crypto.rates = rates;
    }
    expect(await balanceOf(c.id)).toBe(24_000_000);
    const [entry] = await topupsOf(c.id);
    expect(entry!.payment_id).not.toBe(paymentId);
    expect(entry!.reason).toContain(`late payment to invoice #${paymentId}`);
    const view = (
      await t.app.inject({ method: 'GET', url: `/api/v2/payments/${paymentId}/invoice`, headers: c.headers })
    ).json<InvoiceView>();
    expect(view).toMatchObject({ status: 'expired', creditedUsd: '24.00' });
    expect(view.deposits).toMatchObject([{ late: true, creditedUsd: '24.00' }]);
    const history = (await t.app.inject({ method: 'GET', url: '/api/v2/payments', headers: c.headers })).json<
      { id: number; status: string; note: string | null }[]
    >();
    expect(history.find((p) => p.id === entry!.payment_id)).toMatchObject({ status: 'succeeded', note: 'late' });
    expect(history.find((p) => p.id === paymentId)).toMatchObject({ status: 'expired' });
  });

  it('a reorg before the confirmations puts the deposit back to unconfirmed; nothing is credited early', async () => {
    const c = await customer();
    const { invoice } = await invoiceFor(c.headers, 'btc', '5');
    sim('BTC').send(invoice.address, BigInt(invoice.amountDue));
    sim('BTC').mine(1);
    await sync('BTC');
    sim('BTC').dropTip();
    await sync('BTC');
    sim('BTC').mine(1); // back in a block: 1 confirmation again
    await sync('BTC');
    expect(await balanceOf(c.id)).toBe(0);
    sim('BTC').mine(1);
    await sync('BTC');
    expect(await balanceOf(c.id)).toBe(5_000_000);
  });

  it('exactly once: the same deposits polled and settled 10 times concurrently credit one time', async () => {
    const c = await customer();
    const { paymentId, invoice } = await invoiceFor(c.headers, 'btc', '50');
    sim('BTC').send(invoice.address, BigInt(invoice.amountDue));
    sim('BTC').mine(2);
    const tip = await sim('BTC').tipHeight();
    await Promise.all([
      ...Array.from({ length: 5 }, () => sync('BTC')),
      ...Array.from({ length: 5 }, () => settleInvoice(ctx(), crypto, paymentId, tip).catch(() => null)),
    ]);
    await Promise.all(Array.from({ length: 5 }, () => sync('BTC')));
    expect(await balanceOf(c.id)).toBe(50_000_000);
    expect(await topupsOf(c.id)).toHaveLength(1);
    expect(await ledgerOf(c.id)).toBe(50_000_000);
  });

  it('a bonus promo code goes with the invoice credit; the history shows the code', async () => {
    const admin = await buildUser(t, { admin: true });
    const adminHeaders = browserHeaders(t, await sessionCookieFor(t, admin.id));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/admin/promo-codes',
      headers: adminHeaders,
      payload: { code: 'CRYPTO10', kind: 'bonus', bonusPercent: 10, maxUses: 5 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const c = await customer();
    const { paymentId, invoice } = await invoiceFor(c.headers, 'usdt_trc20', '20', { promoCode: 'CRYPTO10' });
    sim('USDT_TRC20').send(invoice.address, 20_000_000n);
    sim('USDT_TRC20').mine(3);
    await sync('USDT_TRC20');
    expect(await balanceOf(c.id)).toBe(22_000_000);
    const history = (await t.app.inject({ method: 'GET', url: '/api/v2/payments', headers: c.headers })).json<
      { id: number; promoCode: string | null }[]
    >();
    expect(history.find((p) => p.id === paymentId)?.promoCode).toBe('CRYPTO10');
  });

  it('the simulator controls pay and mine through the invoice page API, only for the invoice owner', async () => {
    const c = await customer();
    const { paymentId } = await invoiceFor(c.headers, 'bch', '8');
    const other = await customer();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v2/payments/${paymentId}/simulate`,
          headers: other.headers,
          payload: { action: 'pay' },
        })
      ).statusCode,
    ).toBe(404);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/v2/payments/${paymentId}/simulate`,
      headers: c.headers,
      payload: { action: 'pay', percent: 100 },
    });
    expect(paid.json<InvoiceView>()).toMatchObject({ status: 'confirming', received: '2000000' });
    const mined = await t.app.inject({
      method: 'POST',
      url: `/api/v2/payments/${paymentId}/simulate`,
      headers: c.headers,
      payload: { action: 'mine' },
    });
    expect(mined.json<InvoiceView>()).toMatchObject({ status: 'paid', creditedUsd: '8.00' });
    expect(await balanceOf(c.id)).toBe(8_000_000);
    // CSRF applies as to every mutation.
    const { 'x-csrf-token': _drop, ...noCsrf } = c.headers;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v2/payments/${paymentId}/simulate`,
          headers: noCsrf,
          payload: { action: 'mine' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it("the customer's open /ws sockets hear the new balance when the invoice is credited", async () => {
    const c = await customer('2.00');
    const { paymentId } = await invoiceFor(c.headers, 'bch', '4');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie: c.headers.cookie } });
    const heard: unknown[] = [];
    socket.on('message', (raw) => heard.push(JSON.parse(String(raw))));
    await new Promise((resolve) => socket.once('open', resolve));
    await new Promise((r) => setTimeout(r, 200)); // the server registers the socket once the session is read
    await t.app.inject({
      method: 'POST',
      url: `/api/v2/payments/${paymentId}/simulate`,
      headers: c.headers,
      payload: { action: 'pay' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v2/payments/${paymentId}/simulate`,
      headers: c.headers,
      payload: { action: 'mine' },
    });
    const end = Date.now() + 3000;
    while (!heard.some((m) => (m as { type: string }).type === 'balance') && Date.now() < end)
      {await new Promise((r) => setTimeout(r, 25));}
    socket.close();
    expect(heard).toContainEqual({ type: 'balance', balance: '6.00' });
  });

  it('converts with integers: the payer never sends too little, the credit never rounds up', () => {
    expect(coinAmountFor(25_000_000, 50_000_000_000, 8)).toBe(50_000n);
    expect(coinAmountFor(1_000_000, 30_000_000_000, 8)).toBe(3_334n); // 3,333.33… rounded up
  });
});

describe("chain source adapters (offline, with the sources' JSON shapes)", () => {
  const fake =
    (routes: Record<string, unknown>): FetchFn =>
    async (url) => {
      const key = Object.keys(routes).find((k) => url.includes(k));
      if (!key) return { ok: false, status: 404, json: async () => ({}), text: async () => '' };
      const body = routes[key];
      return { ok: true, status: 200, json: async () => body, text: async () => String(body) };
    };

  it('Esplora: outputs to the address with their block heights; the mempool as unconfirmed', async () => {
    const w = esploraWatcher(
      'BTC',
      'https://esplora.example/api/',
      fake({
        '/blocks/tip/height': '850010',
        '/address/bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu/txs': [
          {
            txid: 'aa',
            status: { confirmed: false },
            vout: [{ scriptpubkey_address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', value: 1000 }],
          },
          {
            txid: 'bb',
            status: { confirmed: true, block_height: 850009, block_time: 1_700_000_000 },
            vout: [
              { scriptpubkey_address: 'bc1qother', value: 5 },
              { scriptpubkey_address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', value: 2500 },
            ],
          },
        ],
      }),
    );
    expect(await w.tipHeight()).toBe(850_010);
    expect(await w.transfersTo('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toEqual([
      { txid: 'aa', vout: 0, amount: 1000n, blockHeight: null, time: null },
      { txid: 'bb', vout: 1, amount: 2500n, blockHeight: 850_009, time: new Date(1_700_000_000_000) },
    ]);
  });

  it('TronGrid: USDT transfers to the address, their blocks, the tip', async () => {
    const w = tronGridWatcher(
      'https://trongrid.example',
      'key',
      fake({
        '/wallet/getnowblock': { block_header: { raw_data: { number: 60_000_100 } } },
        '/wallet/gettransactioninfobyid': { blockNumber: 60_000_090 },
        '/v1/accounts/TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH/transactions/trc20': {
          data: [
            {
              transaction_id: 'cc',
              to: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
              value: '12500000',
              block_timestamp: 1_700_000_000_000,
              token_info: { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
            },
            {
              transaction_id: 'dd',
              to: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
              value: '1',
              token_info: { address: 'TFakeTokenAddressXXXXXXXXXXXXXXXXX' },
            },
          ],
        },
      }),
    );
    expect(await w.tipHeight()).toBe(60_000_100);
    expect(await w.transfersTo('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH')).toEqual([
      { txid: 'cc', vout: 0, amount: 12_500_000n, blockHeight: 60_000_090, time: new Date(1_700_000_000_000) },
    ]);
  });
});
