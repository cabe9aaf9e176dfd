/**
 * Live demos (issue 14, spec §2 and §7): our own captchas issued single-use and expiring with the
 * answer kept here, checked as a site's backend would; third-party widgets verified through their
 * providers; and the recognition examples, copied from a demo captcha's solving task at the verify
 * that proved the answer right.
 */
import { randomBytes } from 'node:crypto';
import { getCaptchaType } from '#shared/captcha-types/index.ts';
import type { DemoIssue, DemoVerifyBody, DemoVerifyResult, RecognitionExample, RecognitionList } from '#shared/contracts/demo.ts';
import { DEMO_LIFETIME_SECONDS, findDemo, type OwnDemoDef, type OwnDemoKind, type WidgetDemoDef } from '#shared/demo/catalog.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { getOrCreateSecret } from '#server/modules/settings/secrets.repo.ts';
import { check, generate, seededRandom, type Lang } from './generators.ts';
import * as repo from './demo.repo.ts';

const MESSAGES: Record<DemoVerifyResult['outcome'], string> = {
  success: 'The answer is right: the form would be accepted.',
  wrong: 'The answer is wrong. This captcha is used up; load a new one.',
  expired: 'This captcha expired before it was answered; load a new one.',
  used: 'This captcha was already answered once; a captcha is accepted only once.',
  unknown: 'No such captcha was issued.',
  provider_rejected: 'The provider did not accept this token.',
  provider_unreachable: "The provider's verification server cannot be reached from this server (no internet access), so the token could not be checked.",
  no_test_keys: 'This provider publishes no public test keys, so this demo cannot be verified without a site of your own.',
};

/** The secret each captcha's drawing is seeded with (app_secrets 'demo', made on first use). */
export const demoSecret = (ctx: Ctx) => getOrCreateSecret(ctx.db, 'demo', () => randomBytes(32).toString('hex'));

const result = (outcome: DemoVerifyResult['outcome']): DemoVerifyResult => ({ success: outcome === 'success', outcome, message: MESSAGES[outcome] });

const dataUrl = (png: Buffer | null) => (png ? `data:image/png;base64,${png.toString('base64')}` : null);

function demoOf(slug: string) {
  const demo = findDemo(slug);
  if (!demo) throw new AppError('NOT_FOUND', 'No such demo.');
  return demo;
}

/** GET /api/v1/captcha-demo/{slug}: a fresh captcha of ours, or the widget's public test keys. */
export async function issueDemo(ctx: Ctx, slug: string, language: Lang): Promise<DemoIssue> {
  const demo = demoOf(slug);
  if (!demo.own) {
    return { slug, own: false, type: demo.type, provider: demo.provider, variant: demo.variant ?? null, siteKey: demo.testKeys?.siteKey ?? null, script: demo.script };
  }
  const id = randomBytes(18).toString('base64url');
  const made = await generate(demo.slug, language, seededRandom(await demoSecret(ctx), id));
  const expiresAt = new Date(Date.now() + DEMO_LIFETIME_SECONDS * 1000);
  await repo.insertChallenge(ctx.db, { id, slug, answer: made.answer, image: made.image, question: made.question, expiresAt });
  return { slug, own: true, id, type: demo.type, image: dataUrl(made.image), width: made.width, height: made.height, question: made.question, expiresAt: expiresAt.toISOString() };
}

export type ProviderFetch = (url: string, init: { method: 'POST'; body: URLSearchParams; signal: AbortSignal }) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

/** A widget's token checked by its provider's siteverify with the public test secret. */
export async function verifyWidget(demo: WidgetDemoDef, token: string, fetcher: ProviderFetch = fetch as unknown as ProviderFetch): Promise<DemoVerifyResult> {
  if (!demo.testKeys || !demo.verifyUrl) return result('no_test_keys');
  try {
    const res = await fetcher(demo.verifyUrl, { method: 'POST', body: new URLSearchParams({ secret: demo.testKeys.secret, response: token }), signal: AbortSignal.timeout(5000) });
    if (!res.ok) return result('provider_unreachable');
    const body = (await res.json()) as { success?: unknown };
    return result(body.success === true ? 'success' : 'provider_rejected');
  } catch {
    return result('provider_unreachable');
  }
}

/** POST /api/v1/captcha-demo/{slug}/verify. */
export async function verifyDemo(ctx: Ctx, slug: string, body: DemoVerifyBody, fetcher?: ProviderFetch): Promise<DemoVerifyResult> {
  const demo = demoOf(slug);
  if (!demo.own) {
    if (!('token' in body)) throw new AppError('VALIDATION_FAILED', 'This demo is verified with the widget token: { "token": "…" }.');
    return verifyWidget(demo, body.token, fetcher);
  }
  if (!('id' in body)) throw new AppError('VALIDATION_FAILED', 'Send the captcha id and the answer: { "id": "…", "answer": "…" }.');
  const row = await repo.findChallenge(ctx.db, body.id);
  if (!row || row.slug !== slug) return result('unknown');
  if (row.usedAt) return result('used');
  if (row.expiresAt.getTime() <= Date.now()) return result('expired');
  const right = check(demo.slug, row.answer, body.answer);
  const won = await repo.useChallenge(ctx.db, row.id, right ? 'success' : 'wrong');
  if (!won) {
    const again = await repo.findChallenge(ctx.db, row.id);
    return result(again?.usedAt ? 'used' : 'expired');
  }
  if (right) await recordExample(ctx, demo, row);
  return result(right ? 'success' : 'wrong');
}

/** When the right answer came from a task solved through the API, that solve becomes an example. */
async function recordExample(ctx: Ctx, demo: OwnDemoDef, row: repo.ChallengeRow): Promise<void> {
  const task = await repo.findSolvingTask(ctx.db, { type: demo.type, issuedAt: row.createdAt, image: row.image, question: row.image ? null : row.question });
  if (!task) return;
  const def = getCaptchaType(task.type);
  let answer: string;
  try {
    answer = def ? def.toV1Plain(task.answer as never, task.payload as never) : JSON.stringify(task.answer);
  } catch {
    answer = JSON.stringify(task.answer);
  }
  await repo.insertExample(ctx.db, {
    slug: demo.slug,
    challengeId: row.id,
    taskId: task.id,
    type: task.type,
    image: row.image,
    question: row.question,
    params: task.payload,
    answer,
    solveMs: Math.max(0, task.endedAt.getTime() - task.createdAt.getTime()),
  });
}

function exampleOf(row: repo.ExampleRow): RecognitionExample {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    image: dataUrl(row.image),
    question: row.question,
    params: row.params,
    answer: row.answer,
    solveSeconds: Math.round(row.solveMs / 100) / 10,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/v1/captcha-recognition: the latest examples (or those asked for by id) and counts per demo. */
export async function listRecognition(ctx: Ctx, query: { ids?: number[] | undefined }): Promise<RecognitionList> {
  const [rows, counts] = await Promise.all([repo.listExamples(ctx.db, { ...(query.ids ? { ids: query.ids } : {}), limit: 24 }), repo.countExamples(ctx.db)]);
  return { examples: rows.map(exampleOf), counts };
}

/** GET /api/v1/captcha-recognition/{slug}: the examples of one demo of ours. */
export async function recognitionOf(ctx: Ctx, slug: string): Promise<RecognitionList> {
  const demo = findDemo(slug);
  if (!demo?.own) throw new AppError('NOT_FOUND', 'No recognition examples for this slug: examples come from our own demos.');
  const rows = await repo.listExamples(ctx.db, { slug, limit: 24 });
  return { examples: rows.map(exampleOf), counts: { [slug]: rows.length } };
}

export const pruneDemoChallenges = (ctx: Ctx) => repo.pruneChallenges(ctx.db);
export type { OwnDemoKind };
