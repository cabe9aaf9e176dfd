/**
 * Bad reports judged by a trusted worker's re-solve: the hold, the verification task, upheld and
 * rejected verdicts, the 40 % rule, and trust granted by moderators. Every test tags its tasks
 * with its own worker language, so the tests' queues never mix.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWorkerTrusted } from '#server/modules/workers/moderation.service.ts';
import { listMistakes, markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { postLedgerEntry } from '#server/modules/billing/billing.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { MAX_UNJUSTIFIED_SHARE, reportTask } from './reports.service.ts';
import { answerTask, claimTask, sweepTasks } from './tasks.service.ts';

let t: TestApp;
const png = makePng().toString('base64');
const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const balanceOf = async (id: number) => Number((await q<{ balance: number }>(sql`select balance from users where id = ${id}`))[0]!.balance);
const ledgerOf = async (id: number) => Number((await q<{ s: number }>(sql`select coalesce(sum(amount), 0)::bigint as s from ledger_entries where user_id = ${id}`))[0]!.s);
const entries = async (id: number) =>
  (await q<{ user_id: number; kind: string; amount: number }>(sql`select user_id, kind, amount from ledger_entries where task_id = ${id} order by id`)).map((r) => ({
    user: Number(r.user_id),
    kind: r.kind,
    amount: Number(r.amount),
  }));
const taskRow = async (id: number) =>
  (await q<{ state: string; price: number; reward: number; report: string | null; report_outcome: string | null; failure: string | null }>(
    sql`select state, price, reward, report, report_outcome, failure from tasks where id = ${id}`,
  ))[0]!;
const verificationOf = async (id: number) =>
  (await q<{ id: number; customer_id: number; type: string; price: number; reward: number; sandbox: boolean; state: string; image_same: boolean; payload_same: boolean }>(sql`
    select v.id, v.customer_id, v.type, v.price, v.reward, v.sandbox, v.state, v.image = o.image as image_same, v.payload = o.payload as payload_same
    from tasks v join tasks o on o.id = v.verifies_task_id where v.verifies_task_id = ${id}`))[0];
const mistakesCount = async (id: number) => Number((await q<{ m: number }>(sql`select coalesce((select mistakes from worker_profiles where user_id = ${id}), 0) as m`))[0]!.m);
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const get = (url: string) => t.app.inject({ method: 'GET', url });

async function expectLedgerExact(...ids: number[]) {
  for (const id of ids) expect(await ledgerOf(id), `ledger of user ${id}`).toBe(await balanceOf(id));
}

async function worker(language: string, opts: { trusted?: boolean } = {}) {
  const w = await buildUser(t, { userType: 'worker' });
  await markTrainingPassed(ctx(), w.id);
  if (opts.trusted) await setWorkerTrusted(ctx(), w.id, true);
  return { ...w, languages: [language] };
}
type Worker = Awaited<ReturnType<typeof worker>>;
const claim = (w: Worker) => claimTask(ctx(), { id: w.id, languages: w.languages });
async function solve(w: Worker, id: number, answer: unknown) {
  const task = await claim(w);
  expect(task?.id, `worker ${w.id} is offered task ${id}`).toBe(id);
  return answerTask(ctx(), w.id, id, answer);
}
const submit = async (key: string, lang: string) => {
  const res = await post('/in.php', { key, method: 'base64', body: png, lang });
  expect(res.body).toMatch(/^OK\|\d+$/);
  return Number(res.body.slice(3));
};

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

describe('a bad report on an image answer', () => {
  it('holds the reward, queues a re-solve for trusted workers only (never the solver), and is upheld when the answers differ', async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    // The solver is trusted too: still never offered the re-solve of their own answer.
    const [solver, untrusted, trusted] = [await worker('de', { trusted: true }), await worker('de'), await worker('de', { trusted: true })];
    const id = await submit(customer.apiKey, 'de');
    const { price, reward } = await taskRow(id).then((r) => ({ price: Number(r.price), reward: Number(r.reward) }));
    await solve(solver, id, { kind: 'text', text: 'wrong1' });
    expect(await balanceOf(solver.id)).toBe(reward);
    expect(await balanceOf(customer.id)).toBe(1_000_000 - price);

    expect((await get(`/res.php?key=${customer.apiKey}&action=reportbad&id=${id}`)).body).toBe('OK_REPORT_RECORDED');
    // Pending: no refund yet, the reward is frozen.
    expect(await taskRow(id)).toMatchObject({ report: 'bad', report_outcome: 'pending' });
    expect(await balanceOf(customer.id)).toBe(1_000_000 - price);
    expect(await balanceOf(solver.id)).toBe(0);
    const v = (await verificationOf(id))!;
    expect(v).toMatchObject({ customer_id: customer.id, type: 'normal', sandbox: false, state: 'queued', image_same: true, payload_same: true });
    expect(Number(v.price)).toBe(0);
    expect(Number(v.reward)).toBe(reward);
    // The customer never sees the re-solve.
    expect((await get(`/res.php?key=${customer.apiKey}&action=get&id=${v.id}`)).body).toBe('ERROR_WRONG_CAPTCHA_ID');
    expect((await get(`/res.php?key=${customer.apiKey}&action=reportbad&id=${v.id}`)).body).toBe('ERROR_WRONG_CAPTCHA_ID');
    // A second report of the same task is a duplicate.
    expect((await get(`/res.php?key=${customer.apiKey}&action=reportbad&id=${id}`)).body).toBe('ERROR_DUPLICATE_REPORT');

    expect(await claim(untrusted)).toBeNull();
    expect(await claim(solver)).toBeNull();
    const accepted = await solve(trusted, Number(v.id), { kind: 'text', text: 'right1' });
    expect(accepted).toMatchObject({ reward, balance: reward });

    // Upheld: the customer is refunded, the held reward stays with the platform, a mistake counts.
    expect(await taskRow(id)).toMatchObject({ report_outcome: 'upheld' });
    expect(await balanceOf(customer.id)).toBe(1_000_000);
    expect(await balanceOf(solver.id)).toBe(0);
    expect(await balanceOf(trusted.id)).toBe(reward);
    expect(await entries(id)).toEqual([
      { user: customer.id, kind: 'charge', amount: -price },
      { user: solver.id, kind: 'earning', amount: reward },
      { user: solver.id, kind: 'hold', amount: -reward },
      { user: customer.id, kind: 'refund', amount: price },
    ]);
    // The re-solve is paid by the platform: an earning, no charge.
    expect(await entries(Number(v.id))).toEqual([{ user: trusted.id, kind: 'earning', amount: reward }]);
    expect(await mistakesCount(solver.id)).toBe(1);
    expect(await listMistakes(ctx(), solver.id)).toEqual([
      { taskId: id, type: 'normal', at: expect.any(String), answer: { kind: 'text', text: 'wrong1' }, correct: { kind: 'text', text: 'right1' } },
    ]);
    await expectLedgerExact(customer.id, solver.id, untrusted.id, trusted.id);
  });

  it('is rejected when the trusted answer agrees: the hold is released, no refund, the report counts as unjustified', async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    const [solver, trusted] = [await worker('fr'), await worker('fr', { trusted: true })];
    const id = await submit(customer.apiKey, 'fr');
    const { price, reward } = await taskRow(id).then((r) => ({ price: Number(r.price), reward: Number(r.reward) }));
    await solve(solver, id, { kind: 'text', text: 'Same7' });
    expect((await post('/reportIncorrect', { clientKey: customer.apiKey, taskId: id })).json()).toEqual({ errorId: 0, status: 'success' });
    expect(await balanceOf(solver.id)).toBe(0);
    const v = (await verificationOf(id))!;
    await solve(trusted, Number(v.id), { kind: 'text', text: 'same7' });

    expect(await taskRow(id)).toMatchObject({ report_outcome: 'rejected' });
    expect(await balanceOf(customer.id)).toBe(1_000_000 - price);
    expect(await balanceOf(solver.id)).toBe(reward);
    expect(await entries(id)).toEqual([
      { user: customer.id, kind: 'charge', amount: -price },
      { user: solver.id, kind: 'earning', amount: reward },
      { user: solver.id, kind: 'hold', amount: -reward },
      { user: solver.id, kind: 'release', amount: reward },
    ]);
    expect(await mistakesCount(solver.id)).toBe(0);
    expect(await listMistakes(ctx(), solver.id)).toEqual([]);
    await expectLedgerExact(customer.id, solver.id, trusted.id);
  });

  it('holds at most what the worker still has, and releases exactly that', async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    const [solver, trusted] = [await worker('es'), await worker('es', { trusted: true })];
    const id = await submit(customer.apiKey, 'es');
    const reward = Number((await taskRow(id)).reward);
    await solve(solver, id, { kind: 'text', text: 'kept' });
    // The worker spent most of the reward already (a payout, here an admin debit).
    await postLedgerEntry(ctx(), { userId: solver.id, amount: -(reward - 100), kind: 'adjustment', reason: 'payout' });
    await reportTask(ctx(), customer.id, id, 'bad');
    expect(await balanceOf(solver.id)).toBe(0);
    const v = (await verificationOf(id))!;
    await solve(trusted, Number(v.id), { kind: 'text', text: 'KEPT' });
    expect((await entries(id)).filter((e) => e.user === solver.id)).toEqual([
      { user: solver.id, kind: 'earning', amount: reward },
      { user: solver.id, kind: 'hold', amount: -100 },
      { user: solver.id, kind: 'release', amount: 100 },
    ]);
    expect(await balanceOf(solver.id)).toBe(100);
    await expectLedgerExact(customer.id, solver.id, trusted.id);
  });

  it('is upheld when no trusted worker re-solves it in time (the customer gets the benefit of the doubt)', async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    const solver = await worker('it');
    const id = await submit(customer.apiKey, 'it');
    const price = Number((await taskRow(id)).price);
    await solve(solver, id, { kind: 'text', text: 'maybe' });
    await reportTask(ctx(), customer.id, id, 'bad');
    expect(await balanceOf(customer.id)).toBe(1_000_000 - price);
    const v = (await verificationOf(id))!;
    await t.database.db.execute(sql`update tasks set expires_at = now() - interval '1 second' where id = ${v.id}`);
    expect(await sweepTasks(ctx())).toMatchObject({ ended: 1 });

    expect(await taskRow(Number(v.id))).toMatchObject({ state: 'unsolvable', failure: 'ERROR_CAPTCHA_UNSOLVABLE' });
    expect(await entries(Number(v.id))).toEqual([]); // never charged, so never refunded
    expect(await taskRow(id)).toMatchObject({ report_outcome: 'upheld' });
    expect(await balanceOf(customer.id)).toBe(1_000_000);
    expect(await balanceOf(solver.id)).toBe(0);
    expect(await mistakesCount(solver.id)).toBe(1);
    expect(await listMistakes(ctx(), solver.id)).toEqual([{ taskId: id, type: 'normal', at: expect.any(String), answer: { kind: 'text', text: 'maybe' }, correct: null }]);
    await expectLedgerExact(customer.id, solver.id);
  });

  it('a re-solve whose lease lapses goes to another trusted worker', async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    const [solver, t1, t2] = [await worker('pt'), await worker('pt', { trusted: true }), await worker('pt', { trusted: true })];
    const id = await submit(customer.apiKey, 'pt');
    await solve(solver, id, { kind: 'text', text: 'lapse' });
    await reportTask(ctx(), customer.id, id, 'bad');
    const v = Number((await verificationOf(id))!.id);
    expect((await claim(t1))?.id).toBe(v);
    await t.database.db.execute(sql`update tasks set lease_expires_at = now() - interval '1 second' where id = ${v}`);
    expect(await sweepTasks(ctx())).toMatchObject({ requeued: 1 });
    expect(await claim(t1)).toBeNull();
    await solve(t2, v, { kind: 'text', text: 'lapse' });
    expect(await taskRow(id)).toMatchObject({ report_outcome: 'rejected' });
    await expectLedgerExact(customer.id, solver.id, t1.id, t2.id);
  });
});

describe('a bad report on a token answer', () => {
  it('is upheld at once: refund, the reward held and kept, no re-solve', async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    const solver = await worker('vi');
    const res = await post('/in.php', { key: customer.apiKey, method: 'userrecaptcha', googlekey: '6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-', pageurl: 'https://example.com/' });
    const id = Number(res.body.slice(3));
    const { price, reward } = await taskRow(id).then((r) => ({ price: Number(r.price), reward: Number(r.reward) }));
    await solve(solver, id, { kind: 'token', token: '03AFcWeA6q-report_TOKEN.8xZ2yLm4Qp7Rk1Vw9Ns3Jd5Hf0Gt6Bc' });
    expect((await get(`/res.php?key=${customer.apiKey}&action=reportbad&id=${id}`)).body).toBe('OK_REPORT_RECORDED');
    expect(await taskRow(id)).toMatchObject({ report_outcome: 'upheld' });
    expect(await verificationOf(id)).toBeUndefined();
    expect(await balanceOf(customer.id)).toBe(1_000_000);
    expect(await balanceOf(solver.id)).toBe(0);
    expect(await entries(id)).toEqual([
      { user: customer.id, kind: 'charge', amount: -price },
      { user: solver.id, kind: 'earning', amount: reward },
      { user: solver.id, kind: 'hold', amount: -reward },
      { user: customer.id, kind: 'refund', amount: price },
    ]);
    expect(await mistakesCount(solver.id)).toBe(1);
    await expectLedgerExact(customer.id, solver.id);
  });
});

describe('the 40 % rule', () => {
  it(`refuses a bad report once more than ${MAX_UNJUSTIFIED_SHARE * 100} % of at least ten judged reports were rejected; pending ones do not count`, async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    const [solver, trusted] = [await worker('uk'), await worker('uk', { trusted: true })];
    const ids: number[] = [];
    for (let i = 0; i < 13; i++) {
      ids.push(await submit(customer.apiKey, 'uk'));
      await solve(solver, ids[i]!, { kind: 'text', text: `answer${i}` });
    }
    // Ten reports judged through the real flow: 4 rejected (the re-solve agrees), 6 upheld.
    for (let i = 0; i < 10; i++) {
      await reportTask(ctx(), customer.id, ids[i]!, 'bad');
      const v = Number((await verificationOf(ids[i]!))!.id);
      await solve(trusted, v, { kind: 'text', text: i < 4 ? `answer${i}` : `other${i}` });
    }
    // 4 of 10 = 40 %: not more than the limit, so a report is still taken (and stays pending).
    await reportTask(ctx(), customer.id, ids[10]!, 'bad');
    expect((await taskRow(ids[10]!)).report_outcome).toBe('pending');
    // Its rejection makes 5 of 11 = 45 %: the next report is refused.
    await solve(trusted, Number((await verificationOf(ids[10]!))!.id), { kind: 'text', text: 'answer10' });
    expect((await get(`/res.php?key=${customer.apiKey}&action=reportbad&id=${ids[11]}`)).body).toBe('ERROR_REPORT_NOT_RECORDED');
    expect((await post('/reportIncorrect', { clientKey: customer.apiKey, taskId: ids[12] })).json()).toMatchObject({ errorId: 140, errorCode: 'ERROR_REPORT_NOT_RECORDED' });
    expect(await taskRow(ids[11]!)).toMatchObject({ report: null, report_outcome: null });
    // "Good" reports are always taken.
    expect((await get(`/res.php?key=${customer.apiKey}&action=reportgood&id=${ids[11]}`)).body).toBe('OK_REPORT_RECORDED');
    await expectLedgerExact(customer.id, solver.id, trusted.id);
  });
});

describe('trust', () => {
  it('moderators and admins trust and untrust workers; only workers can be trusted', async () => {
    const moderator = await buildUser(t, { moderator: true });
    const w = await buildUser(t, { userType: 'worker' });
    const customer = await buildUser(t);
    const headers = browserHeaders(t, await sessionCookieFor(t, moderator.id));
    const act = (id: number, action: string) => t.app.inject({ method: 'POST', url: `/api/v2/moderation/workers/${id}`, headers, payload: { action } });
    const trustedAt = async () => (await q<{ trusted_at: Date | null }>(sql`select trusted_at from worker_profiles where user_id = ${w.id}`))[0]?.trusted_at ?? null;

    expect((await act(w.id, 'trust')).json()).toEqual({ ok: true });
    expect(await trustedAt()).toBeTruthy();
    expect((await act(w.id, 'untrust')).statusCode).toBe(200);
    expect(await trustedAt()).toBeNull();
    expect((await act(customer.id, 'trust')).statusCode).toBe(404);
    expect((await act(w.id, 'promote')).statusCode).toBe(400);

    const plain = await buildUser(t, { userType: 'worker' });
    const forbidden = await t.app.inject({
      method: 'POST',
      url: `/api/v2/moderation/workers/${w.id}`,
      headers: browserHeaders(t, await sessionCookieFor(t, plain.id)),
      payload: { action: 'trust' },
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
