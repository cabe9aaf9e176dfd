/**
 * Issue 21, finding 4: the worker exam could be passed by a script (SVG pictures carried their
 * answers as text and shapes). Pictures are now PNGs behind opaque per-attempt tokens, sets are
 * drawn per attempt, exams are limited per day, and inhumanly fast exams are flagged and refused.
 * Test setup reads the stored answers and moves issue times back in the database, as a seed would.
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockedWorker, FlaggedExam } from '#shared/contracts/moderation.ts';
import type { ExamResult, TrainingState } from '#shared/contracts/worker.ts';
import type { StoredTrainingItem } from '#server/db/schema/index.ts';
import { getWorkerState } from '#server/modules/workers/workers.service.ts';
import { drawItem } from '#server/modules/workers/training-items.ts';
import { EXAMS_PER_DAY, FAIL_COOLDOWN_MINUTES, MIN_SECONDS_PER_ITEM } from '#server/modules/workers/training.ts';
import { findUserById } from '#server/modules/users/users.repo.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { seedPausedWorker } from '#server/test/seed-moderation.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });

async function newWorker() {
  const user = await buildUser(t, { userType: 'worker' });
  return { id: user.id, headers: browserHeaders(t, await sessionCookieFor(t, user.id)) };
}
type Worker = Awaited<ReturnType<typeof newWorker>>;

const training = async (w: Worker) => (await t.app.inject({ method: 'GET', url: '/api/v2/worker/training', headers: w.headers })).json() as TrainingState;
const submit = (w: Worker, attempt: number, answers: Record<string, unknown>, timings?: Record<string, number>) =>
  t.app.inject({ method: 'POST', url: '/api/v2/worker/training/exam', headers: w.headers, payload: { attempt, answers, ...(timings ? { timings } : {}) } });
/** Loads every exam picture, as the worker's browser does when the page opens. */
async function look(w: Worker, state: TrainingState) {
  for (const item of state.exam) expect((await t.app.inject({ method: 'GET', url: item.image, headers: w.headers })).statusCode).toBe(200);
}
/** Moves the worker's submitted exams back past the cooldown after a failure. */
async function coolDown(userId: number) {
  await t.database.db.execute(sql`update training_attempts set answered_at = answered_at - make_interval(mins => ${FAIL_COOLDOWN_MINUTES}) where user_id = ${userId} and answered_at is not null`);
}
async function moderatorHeaders() {
  const moderator = await buildUser(t, { moderator: true });
  return browserHeaders(t, await sessionCookieFor(t, moderator.id));
}
const flaggedExams = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/v2/moderation/exams', headers })).json() as FlaggedExam[];
const restart = async (w: Worker) => (await t.app.inject({ method: 'POST', url: '/api/v2/worker/training/restart', headers: w.headers, payload: {} })).json() as TrainingState;

/** The stored items of an attempt (answers included): what an e2e seed may read. */
async function storedItems(userId: number, attempt: number): Promise<StoredTrainingItem[]> {
  const rows = await t.database.db.execute(sql`select items from training_attempts where user_id = ${userId} and attempt = ${attempt}`);
  return rows.rows[0]!.items as StoredTrainingItem[];
}
async function storedAnswers(userId: number, attempt: number): Promise<Record<string, unknown>> {
  const exam = (await storedItems(userId, attempt)).filter((i) => i.section === 'exam');
  return Object.fromEntries(exam.map((item, i) => [`e${i}`, item.answer]));
}
/** Moves an attempt's issue time back, as if the worker had spent `seconds` on it. */
async function age(userId: number, attempt: number, seconds: number) {
  await t.database.db.execute(sql`update training_attempts set issued_at = now() - make_interval(secs => ${seconds}) where user_id = ${userId} and attempt = ${attempt}`);
}
async function qualified(userId: number) {
  return (await getWorkerState(ctx(), (await findUserById(t.database.db, userId))!)).qualified;
}

/** Every way an answer could be spelled in bytes or JSON. */
function answerNeedles(item: StoredTrainingItem): string[] {
  if (item.ui === 'text') return [String(item.answer), String(item.answer).toLowerCase()];
  if (item.ui === 'grid') return [JSON.stringify(item.answer), (item.answer as number[]).join(',')];
  const points = item.answer as { x: number; y: number }[];
  return [JSON.stringify(points), ...points.map((p) => `${p.x},${p.y}`), ...points.map((p) => `"x":${p.x},"y":${p.y}`)];
}

/** The chunk types of a PNG file. */
function pngChunks(png: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at + 8 <= png.length; ) {
    const length = png.readUInt32BE(at);
    types.push(png.toString('latin1', at + 4, at + 8));
    at += 12 + length;
  }
  return types;
}

describe('training pictures carry no machine-readable answer', () => {
  it('serves exam pictures as bare PNGs behind opaque ids, and the exam JSON holds no answer', async () => {
    const w = await newWorker();
    const state = await training(w);
    const items = await storedItems(w.id, state.attempt);
    const exam = items.filter((i) => i.section === 'exam');
    expect(state.exam).toHaveLength(6);
    expect(new Set(exam.map((i) => i.ui))).toEqual(new Set(['text', 'grid', 'points']));

    const json = JSON.stringify(state.exam);
    expect(json).not.toMatch(/svg|data:|<text|answer/i);
    for (const [i, view] of state.exam.entries()) {
      const stored = exam[i]!;
      expect(view).not.toHaveProperty('answer');
      expect(Object.keys(view).sort()).toEqual(['height', 'id', 'image', 'instruction', 'ui', 'width', ...(view.ui === 'grid' ? ['columns', 'rows'] : [])].sort());
      expect(view.image).toMatch(/^\/api\/v2\/worker\/training\/images\/[A-Za-z0-9_-]{24}$/);
      for (const needle of answerNeedles(stored)) expect(json).not.toContain(needle);

      const res = await t.app.inject({ method: 'GET', url: view.image, headers: w.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const png = res.rawPayload;
      expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
      // Pixels only: no tEXt/iTXt/zTXt, EXIF or other metadata chunks (pHYs is the pixel density).
      for (const chunk of pngChunks(png)) expect(['IHDR', 'pHYs', 'IDAT', 'IEND']).toContain(chunk);
      const bytes = png.toString('latin1');
      expect(bytes).not.toMatch(/<svg|<text|polygon|circle/i);
      for (const needle of answerNeedles(stored)) expect(bytes).not.toContain(needle);
      expect(png.readUInt32BE(16)).toBe(view.width);
      expect(png.readUInt32BE(20)).toBe(view.height);
      // A decoder finds pixels and nothing else: no EXIF, XMP, IPTC, ICC profile or comments.
      const meta = await sharp(png).metadata();
      expect(meta).toMatchObject({ format: 'png', width: view.width, height: view.height });
      for (const key of ['exif', 'xmp', 'iptc', 'icc', 'comments'] as const) expect(meta[key], key).toBeUndefined();
    }
    // Nor does the grading answer carry them back: a wrong exam learns which items were wrong, not their answers.
    await age(w.id, state.attempt, 60);
    const graded = (await submit(w, state.attempt, {})).body;
    for (const stored of exam) for (const needle of answerNeedles(stored)) expect(graded).not.toContain(needle);
  });

  it('shows a picture only to the worker it was issued to', async () => {
    const [a, b] = [await newWorker(), await newWorker()];
    const image = (await training(a)).exam[0]!.image;
    expect((await t.app.inject({ method: 'GET', url: image, headers: b.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: image })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/worker/training/images/not-a-token-at-all-000', headers: a.headers })).statusCode).toBe(404);
  });

  it('draws a new set per attempt and per worker, from a large pool', async () => {
    const [a, b] = [await newWorker(), await newWorker()];
    const first = await training(a);
    expect(await training(a)).toEqual(first); // the same attempt, the same set
    const again = await restart(a);
    const texts = async (w: Worker, attempt: number) => (await storedItems(w.id, attempt)).filter((i) => i.ui === 'text').map((i) => i.answer);
    const [x, y, z] = [await texts(a, first.attempt), await texts(a, again.attempt), await texts(b, (await training(b)).attempt)];
    expect(new Set([...x, ...y, ...z]).size).toBe(9);
    expect(new Set([...first.exam, ...again.exam].map((i) => i.image)).size).toBe(12);
    // Many variants per kind: 200 seeds give 200 different pictures of each kind.
    for (const ui of ['text', 'grid', 'points'] as const) {
      const drawn = Array.from({ length: 200 }, (_, n) => drawItem(ui, `pool-${n}`));
      expect(new Set(drawn.map((d) => d.svg)).size).toBe(200);
      expect(new Set(drawn.map((d) => JSON.stringify(d.answer))).size).toBeGreaterThan(ui === 'grid' ? 60 : 190);
    }
  });
});

describe('exam rules', () => {
  it('flags an exam answered faster than a person: not qualified, it waits for a moderator, who sees its timing and may approve it', async () => {
    const w = await newWorker();
    const state = await training(w);
    await look(w, state);
    const res = await submit(w, state.attempt, await storedAnswers(w.id, state.attempt), { e0: 900, e1: 400 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ passed: false, correct: 6, total: 6, wrong: [], tooFast: true, flagged: true, awaitingReview: true } satisfies ExamResult);
    expect(await qualified(w.id)).toBe(false);
    const [row] = (await t.database.db.execute(sql`select too_fast, passed, correct, unseen, review, answered_at is not null as answered from training_attempts where user_id = ${w.id}`)).rows;
    expect(row).toEqual({ too_fast: true, passed: false, correct: 6, unseen: 0, review: 'pending', answered: true });
    expect((await training(w)).reviewPending).toBe(true);

    // The moderator's list of flagged exams shows it with each question's timing.
    const headers = await moderatorHeaders();
    const flagged = (await flaggedExams(headers)).find((e) => e.userId === w.id)!;
    expect(flagged).toMatchObject({ correct: 6, total: 6, tooFast: true, unseen: 0, trainingPassed: false });
    expect(flagged.elapsedMs).toBeLessThan(6 * MIN_SECONDS_PER_ITEM * 1000);
    expect(flagged.questions).toHaveLength(6);
    expect(flagged.questions.map((q) => q.clientMs)).toEqual([900, 400, null, null, null, null]);
    for (const q of flagged.questions) expect(q.seenAfterMs).toEqual(expect.any(Number));
    // …and the paused-worker card counts the flag.
    const customer = await buildUser(t, { balance: '1.00' });
    await seedPausedWorker(t.database.db, { workerId: w.id, customerId: customer.id });
    const queue = (await t.app.inject({ method: 'GET', url: '/api/v2/moderation/workers', headers })).json() as BlockedWorker[];
    expect(queue.find((q) => q.userId === w.id)?.flaggedExams).toBe(1);

    // Approving qualifies the worker (once); the exam leaves the list.
    const approve = () => t.app.inject({ method: 'POST', url: `/api/v2/moderation/exams/${flagged.id}`, headers, payload: { action: 'approve' } });
    expect((await approve()).statusCode).toBe(200);
    expect((await t.database.db.execute(sql`select training_passed_at is not null as passed from worker_profiles where user_id = ${w.id}`)).rows[0]).toEqual({ passed: true });
    expect((await flaggedExams(headers)).some((e) => e.id === flagged.id)).toBe(false);
    expect((await approve()).statusCode).toBe(404);
    // Workers cannot decide their own review.
    expect((await t.app.inject({ method: 'POST', url: `/api/v2/moderation/exams/${flagged.id}`, headers: w.headers, payload: { action: 'approve' } })).statusCode).toBe(403);
  });

  it('flags correct answers to pictures never loaded, even at a human pace; a rejected review leaves the worker unqualified', async () => {
    const w = await newWorker();
    const state = await training(w);
    await age(w.id, state.attempt, 120);
    const res = await submit(w, state.attempt, await storedAnswers(w.id, state.attempt));
    expect(res.json()).toEqual({ passed: false, correct: 6, total: 6, wrong: [], tooFast: false, flagged: true, awaitingReview: true } satisfies ExamResult);
    const headers = await moderatorHeaders();
    const flagged = (await flaggedExams(headers)).find((e) => e.userId === w.id)!;
    expect(flagged).toMatchObject({ tooFast: false, unseen: 6 });
    expect(flagged.questions.every((q) => q.seenAfterMs === null)).toBe(true);
    const reject = await t.app.inject({ method: 'POST', url: `/api/v2/moderation/exams/${flagged.id}`, headers, payload: { action: 'reject' } });
    expect(reject.statusCode).toBe(200);
    expect(await qualified(w.id)).toBe(false);
    expect((await training(w)).reviewPending).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: `/api/v2/moderation/exams/${flagged.id}`, headers, payload: { action: 'maybe' } })).statusCode).toBe(400);
  });

  it('takes one submission per attempt; a human-paced correct exam qualifies after the cooldown of a failed one', async () => {
    const w = await newWorker();
    const first = await training(w);
    await age(w.id, first.attempt, 60);
    const wrong = await submit(w, first.attempt, {});
    expect(wrong.json()).toMatchObject({ passed: false, correct: 0, tooFast: false, flagged: false, awaitingReview: false });
    // Trying again with the answers of the same pictures is refused.
    expect((await submit(w, first.attempt, await storedAnswers(w.id, first.attempt))).statusCode).toBe(409);
    expect((await training(w)).examSubmitted).toBe(true);

    const next = await restart(w);
    expect(next.examSubmitted).toBe(false);
    expect(next.examsLeft).toBe(EXAMS_PER_DAY - 1);
    // The failed exam's cooldown: the page says when, and a submission meanwhile is refused.
    const [failedAt] = (await t.database.db.execute(sql`select answered_at as at from training_attempts where user_id = ${w.id} and attempt = ${first.attempt}`)).rows;
    const opens = new Date(new Date(failedAt!.at as string).getTime() + FAIL_COOLDOWN_MINUTES * 60_000).toISOString();
    expect(next.nextExamAt).toBe(opens);
    await look(w, next);
    await age(w.id, next.attempt, 6 * MIN_SECONDS_PER_ITEM + 1);
    const early = await submit(w, next.attempt, await storedAnswers(w.id, next.attempt));
    expect(early.statusCode).toBe(429);
    expect((early.json() as { error: { details: { nextExamAt: string } } }).error.details.nextExamAt).toBe(opens);

    await coolDown(w.id);
    expect((await training(w)).nextExamAt).toBeNull();
    const passed = await submit(w, next.attempt, await storedAnswers(w.id, next.attempt), { e0: 4000, e1: 3000, e2: 5000, e3: 2500, e4: 6000, e5: 3500 });
    expect(passed.json()).toEqual({ passed: true, correct: 6, total: 6, wrong: [], tooFast: false, flagged: false, awaitingReview: false });
    expect(await qualified(w.id)).toBe(true);
    // Per-question timing is on record: when each picture was first loaded, and the page's own times.
    const [row] = (await t.database.db.execute(sql`select question_times, review from training_attempts where user_id = ${w.id} and attempt = ${next.attempt}`)).rows;
    const times = row!.question_times as { seenAfterMs: number | null; clientMs: number | null }[];
    expect(times.map((q) => q.clientMs)).toEqual([4000, 3000, 5000, 2500, 6000, 3500]);
    for (const q of times) expect(q.seenAfterMs).toBeGreaterThanOrEqual((6 * MIN_SECONDS_PER_ITEM + 1) * 1000 - 1000);
    expect(row!.review).toBeNull();
  });

  it(`allows ${EXAMS_PER_DAY} exams in 24 hours, then says when the next one opens`, async () => {
    const w = await newWorker();
    for (let n = 0; n < EXAMS_PER_DAY; n++) {
      const { attempt } = n === 0 ? await training(w) : await restart(w);
      await age(w.id, attempt, 60);
      await coolDown(w.id);
      expect((await submit(w, attempt, {})).statusCode).toBe(200);
    }
    await coolDown(w.id);
    const last = await restart(w);
    await look(w, last);
    expect(last).toMatchObject({ examsLeft: 0, examsPerDay: EXAMS_PER_DAY });
    await age(w.id, last.attempt, 60);
    const refused = await submit(w, last.attempt, await storedAnswers(w.id, last.attempt));
    expect(refused.statusCode).toBe(429);
    const { error } = refused.json() as { error: { code: string; details: { nextExamAt: string } } };
    expect(error.code).toBe('RATE_LIMITED');
    const [first] = (await t.database.db.execute(sql`select min(answered_at) as at from training_attempts where user_id = ${w.id}`)).rows;
    expect(new Date(error.details.nextExamAt).getTime()).toBe(new Date(first!.at as string).getTime() + 86_400_000);
    expect(last.nextExamAt).toBe(error.details.nextExamAt);
    expect(await qualified(w.id)).toBe(false);

    // A day later the oldest one has expired.
    await t.database.db.execute(sql`update training_attempts set answered_at = answered_at - interval '1 day' where user_id = ${w.id} and answered_at = (select min(answered_at) from training_attempts where user_id = ${w.id})`);
    expect((await submit(w, last.attempt, await storedAnswers(w.id, last.attempt))).json()).toMatchObject({ passed: true });
  });
});
