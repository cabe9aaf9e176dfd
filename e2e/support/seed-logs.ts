/**
 * The history of e2e/customer/logs.spec.ts's customer, written before the server starts: tasks in
 * the states the logs show (unsolvable, flagged "not a captcha", reported and judged both ways,
 * 100 % recognition, a verification re-solve that must never be listed), pingback deliveries and
 * API errors. Charges and refunds go through the ledger, so the balance stays explained.
 *
 * The spec's workers read only Thai tasks (the spec submits its tasks with lang=th), so they never
 * take another spec's tasks and no other worker takes theirs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiErrors, pingbacks, taskAttempts, tasks } from '#server/db/schema/index.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { postLedgerEntry } from '#server/modules/billing/billing.service.ts';
import { setWorkerLanguages } from '#server/modules/workers/workers.service.ts';
import { textPicture } from '../compat/png.ts';
import { E2E_PORT } from './env.ts';

/** The language of every task the logs and testcaptcha specs create, and of their workers. */
export const LOGS_LANGUAGE = 'th';
export const TESTCAPTCHA_LANGUAGE = 'vi';

export interface SeededLogs {
  unsolvable: number;
  flagged: number;
  upheld: number;
  rejected: number;
  consensus: number;
  verification: number;
  delivered: number;
  failed: number;
}

export const SEEDED_API_ERRORS = [
  { code: 'ERROR_WRONG_CAPTCHA_ID', ip: '203.0.113.5', summary: 'GET /res.php action=get id' },
  { code: 'ERROR_ZERO_CAPTCHA_FILESIZE', ip: '198.51.100.7', summary: 'POST /in.php method=post file' },
] as const;

export const SEEDED_PINGBACK_URL = { delivered: 'https://hooks.example/ok', failed: 'https://hooks.example/down' } as const;

const PRICE = 500;

export async function seedLogsCustomer(ctx: Ctx, ids: { customer: number; worker: number; judge: number; testWorker: number }): Promise<SeededLogs> {
  await setWorkerLanguages(ctx, ids.worker, [LOGS_LANGUAGE]);
  await setWorkerLanguages(ctx, ids.judge, [LOGS_LANGUAGE]);
  await setWorkerLanguages(ctx, ids.testWorker, [TESTCAPTCHA_LANGUAGE]);
  const now = Date.now();
  let n = 0;
  const task = async (extra: Partial<typeof tasks.$inferInsert>) => {
    const createdAt = new Date(now - 600_000 + n++ * 1000);
    const [row] = await ctx.db
      .insert(tasks)
      .values({
        customerId: ids.customer,
        type: 'normal',
        kind: 'image',
        state: 'solved',
        payload: { type: 'normal', params: {} },
        image: textPicture(160, 60, n),
        language: LOGS_LANGUAGE,
        price: PRICE,
        reward: 300,
        apiVersion: 'v1',
        sourceIp: '127.0.0.1',
        maxAttempts: 3,
        attempts: 1,
        solvedBy: ids.worker,
        createdAt,
        endedAt: new Date(createdAt.getTime() + 9_000),
        expiresAt: new Date(createdAt.getTime() + 90_000),
        ...extra,
      })
      .returning({ id: tasks.id });
    const id = row!.id;
    if ((extra.price ?? PRICE) > 0) await postLedgerEntry(ctx, { userId: ids.customer, amount: -PRICE, kind: 'charge', reason: `captcha ${id} (normal)`, taskId: id });
    return id;
  };
  const refund = (id: number) => postLedgerEntry(ctx, { userId: ids.customer, amount: PRICE, kind: 'refund', reason: `captcha ${id}`, taskId: id });

  const unsolvable = await task({ state: 'unsolvable', attempts: 3, solvedBy: null, failure: 'ERROR_CAPTCHA_UNSOLVABLE', endedAt: new Date(now - 500_000) });
  await refund(unsolvable);
  const flagged = await task({ state: 'unsolvable', attempts: 3, solvedBy: null, failure: 'ERROR_CAPTCHA_UNSOLVABLE' });
  await refund(flagged);
  await ctx.db.insert(taskAttempts).values([
    { taskId: flagged, workerId: ids.worker, outcome: 'not_captcha' },
    { taskId: flagged, workerId: ids.judge, outcome: 'not_captcha' },
  ]);
  const upheld = await task({ answer: { kind: 'text', text: 'WR0NG' }, report: 'bad', reportOutcome: 'upheld', reportedAt: new Date(now - 400_000) });
  await refund(upheld);
  const rejected = await task({ answer: { kind: 'text', text: 'R1GHT' }, report: 'bad', reportOutcome: 'rejected', reportedAt: new Date(now - 390_000) });
  const consensus = await task({ answer: { kind: 'text', text: 'AGR33' }, consensus: { minAttempts: 2, maxAttempts: 3, minMatches: 2 } });
  const verification = await task({ price: 0, answer: { kind: 'text', text: 'V3R1F' }, verifiesTaskId: rejected, solvedBy: ids.judge });
  await ctx.db.insert(taskAttempts).values({ taskId: verification, workerId: ids.worker, outcome: 'not_captcha' });
  const delivered = await task({ answer: { kind: 'text', text: 'P1NG1' }, pingback: SEEDED_PINGBACK_URL.delivered });
  const failed = await task({ answer: { kind: 'text', text: 'P1NG2' }, pingback: SEEDED_PINGBACK_URL.failed });
  await ctx.db.insert(pingbacks).values([
    { taskId: delivered, url: SEEDED_PINGBACK_URL.delivered, body: `id=${delivered}&code=P1NG1`, attempts: 1, createdAt: new Date(now - 330_000), deliveredAt: new Date(now - 329_000) },
    { taskId: failed, url: SEEDED_PINGBACK_URL.failed, body: `id=${failed}&code=P1NG2`, attempts: 8, lastError: 'HTTP 503', createdAt: new Date(now - 320_000) },
    { taskId: verification, url: 'https://hooks.example/verification', body: 'id=0&code=x', attempts: 8, lastError: 'HTTP 500', createdAt: new Date(now - 310_000) },
  ]);
  await ctx.db.insert(apiErrors).values(SEEDED_API_ERRORS.map((e) => ({ userId: ids.customer, ...e })));
  const seeded = { unsolvable, flagged, upheld, rejected, consensus, verification, delivered, failed };
  writeFileSync(SEEDED_LOGS_FILE, JSON.stringify(seeded));
  return seeded;
}

/** Where the seed leaves the task ids for the spec (one file per e2e port, like the accounts). */
export const SEEDED_LOGS_FILE = path.join(os.tmpdir(), `captchahub-e2e-${E2E_PORT}-logs.json`);

export function readSeededLogs(): SeededLogs {
  return JSON.parse(readFileSync(SEEDED_LOGS_FILE, 'utf8')) as SeededLogs;
}
