import { describe, expect, it } from 'vitest';
import type { ServerMessage, TaskOffer } from '#shared/contracts/realtime.ts';
import {
  backoffMs,
  initialWorkerSocketState,
  localDeadline,
  replyTo,
  workerSocketReducer,
  type WorkerSocketAction,
  type WorkerSocketState,
} from './socket-machine.ts';

const NOW = 1_700_000_000_000;
const offer = (id: number, over: Partial<TaskOffer> = {}): TaskOffer => ({
  id,
  type: 'normal',
  ui: 'text',
  kind: 'image',
  media: null,
  mediaList: [],
  params: {},
  reward: '0.0003',
  deadline: NOW + 40_000,
  ...over,
});
const server = (message: ServerMessage, now = NOW): WorkerSocketAction => ({ type: 'server', message, now });
const run = (actions: WorkerSocketAction[], from: WorkerSocketState = initialWorkerSocketState) => actions.reduce(workerSocketReducer, from);

const connected = run([{ type: 'open' }]);
const working = run([{ type: 'start', sandbox: false }, server({ type: 'ready', qualified: true, sandbox: false, balance: '1.00' })], connected);

describe('worker socket reducer', () => {
  it('connects into idle and starts into starting', () => {
    expect(initialWorkerSocketState.phase).toBe('connecting');
    expect(connected).toMatchObject({ phase: 'idle', connected: true });
    expect(working).toMatchObject({ phase: 'starting', wantWork: true, balance: '1.00', qualified: true });
  });

  it('shows an offer, submits, and is credited', () => {
    const solving = workerSocketReducer(working, server({ type: 'offer', task: offer(7) }));
    expect(solving).toMatchObject({ phase: 'solving', offeredAt: NOW, deadline: NOW + 40_000 });
    expect(solving.offer?.id).toBe(7);

    const submitting = workerSocketReducer(solving, { type: 'answer', taskId: 7 });
    expect(submitting.phase).toBe('submitting');
    // An answer for another task is ignored.
    expect(workerSocketReducer(solving, { type: 'answer', taskId: 8 })).toBe(solving);

    const credited = workerSocketReducer(submitting, server({ type: 'accepted', taskId: 7, reward: '0.0003', balance: '1.0003' }));
    expect(credited).toMatchObject({ phase: 'starting', offer: null, balance: '1.0003', lastCredit: { taskId: 7, reward: '0.0003' } });
    expect(credited.credited).toEqual({ count: 1, total: '0.0003' });

    const next = workerSocketReducer(credited, server({ type: 'waiting' }));
    expect(next.phase).toBe('waiting');
  });

  it('keeps the balance when the server sends none (sandbox)', () => {
    const solving = workerSocketReducer(working, server({ type: 'offer', task: offer(1) }));
    const after = workerSocketReducer(workerSocketReducer(solving, { type: 'answer', taskId: 1 }), server({ type: 'accepted', taskId: 1, reward: '0.00', balance: null }));
    expect(after.balance).toBe('1.00');
  });

  it('skips: the task stays until the server releases it', () => {
    const solving = workerSocketReducer(working, server({ type: 'offer', task: offer(3) }));
    const skipping = workerSocketReducer(solving, { type: 'skip', taskId: 3, reason: 'not_captcha' });
    expect(skipping).toMatchObject({ phase: 'submitting', notice: 'notCaptcha' });
    expect(workerSocketReducer(skipping, server({ type: 'released', taskId: 3 }))).toMatchObject({ phase: 'starting', offer: null });
  });

  it('keeps a refused answer on screen with the error', () => {
    const submitting = run([server({ type: 'offer', task: offer(4) }), { type: 'answer', taskId: 4 }], working);
    const refused = workerSocketReducer(submitting, server({ type: 'error', code: 'VALIDATION_FAILED', message: 'no' }));
    expect(refused).toMatchObject({ phase: 'solving', error: { code: 'VALIDATION_FAILED' } });
    expect(refused.offer?.id).toBe(4);
  });

  it('asks for the next task when the current one was lost (CONFLICT)', () => {
    const submitting = run([server({ type: 'offer', task: offer(5) }), { type: 'answer', taskId: 5 }], working);
    const message: ServerMessage = { type: 'error', code: 'CONFLICT', message: 'gone' };
    expect(workerSocketReducer(submitting, server(message))).toMatchObject({ phase: 'starting', offer: null, notice: 'lost' });
    expect(replyTo(submitting, message)).toEqual({ type: 'start', sandbox: false });
  });

  it('stops, and hands back an offer that arrives after Stop', () => {
    const stopped = workerSocketReducer(working, { type: 'stop' });
    expect(stopped).toMatchObject({ phase: 'idle', wantWork: false });
    const late: ServerMessage = { type: 'offer', task: offer(9) };
    expect(workerSocketReducer(stopped, server(late))).toBe(stopped);
    expect(replyTo(stopped, late)).toEqual({ type: 'skip', taskId: 9, reason: 'skipped' });
    expect(workerSocketReducer(stopped, server({ type: 'stopped' })).phase).toBe('idle');
  });

  it('reports a refused start (not qualified) without breaking the connection', () => {
    const refused = workerSocketReducer(working, server({ type: 'error', code: 'FORBIDDEN', message: 'Pass the training to receive real tasks.' }));
    expect(refused).toMatchObject({ phase: 'idle', wantWork: false, connected: true, error: { code: 'FORBIDDEN' } });
    expect(workerSocketReducer(refused, { type: 'dismissError' }).error).toBeNull();
  });

  it('reconnects after a drop and resumes work', () => {
    const solving = workerSocketReducer(working, server({ type: 'offer', task: offer(6) }));
    const dropped = workerSocketReducer(solving, { type: 'closed' });
    expect(dropped).toMatchObject({ phase: 'connecting', connected: false, offer: null, retries: 1, notice: 'lost', wantWork: true });
    const again = workerSocketReducer(workerSocketReducer(dropped, { type: 'closed' }), { type: 'open' });
    expect(again).toMatchObject({ phase: 'starting', connected: true, retries: 0 });
  });

  it('stays in error after being signed out', () => {
    const out = run([server({ type: 'error', code: 'UNAUTHENTICATED', message: 'Sign in' }), { type: 'closed', fatal: true }], connected);
    expect(out).toMatchObject({ phase: 'error', wantWork: false, error: { code: 'UNAUTHENTICATED' } });
  });

  it('expires a task that ran out of time on screen', () => {
    const solving = workerSocketReducer(working, server({ type: 'offer', task: offer(2) }));
    expect(workerSocketReducer(solving, { type: 'expire', taskId: 2 })).toMatchObject({ phase: 'submitting', notice: 'expired' });
  });
});

describe('localDeadline', () => {
  it('trusts the server deadline when it is within a lease', () => {
    expect(localDeadline(offer(1, { deadline: NOW + 30_000 }), NOW)).toBe(NOW + 30_000);
    expect(localDeadline(offer(1, { kind: 'token', deadline: NOW + 170_000 }), NOW)).toBe(NOW + 170_000);
  });

  it('keeps a labelling copy\'s 5-minute lease (its params carry classes), and no longer', () => {
    const labelling = { ui: 'box' as const, params: { classes: ['car', 'person'] } };
    expect(localDeadline(offer(1, { ...labelling, deadline: NOW + 290_000 }), NOW)).toBe(NOW + 290_000);
    expect(localDeadline(offer(1, { ...labelling, deadline: NOW + 900_000 }), NOW)).toBe(NOW + 300_000);
    // A captcha with the same deadline is still held to its 45 s.
    expect(localDeadline(offer(1, { deadline: NOW + 290_000 }), NOW)).toBe(NOW + 45_000);
  });

  it('falls back to a full lease when the clocks disagree', () => {
    // This browser's clock runs 5 minutes ahead: the offer would look expired on arrival.
    expect(localDeadline(offer(1, { deadline: NOW - 260_000 }), NOW)).toBe(NOW + 45_000);
    // …or 10 minutes behind.
    expect(localDeadline(offer(1, { kind: 'token', deadline: NOW + 600_000 }), NOW)).toBe(NOW + 180_000);
  });
});

describe('backoffMs', () => {
  it('doubles up to 30 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});
