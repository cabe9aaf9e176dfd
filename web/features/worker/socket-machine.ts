/**
 * The worker's side of /ws as a pure state machine (shared/contracts/realtime.ts). The hook
 * (use-worker-socket.ts) owns the WebSocket and timers; everything it decides is here, so it is
 * testable without a socket.
 */
import type { ServerMessage, TaskOffer, WorkerClientMessage } from '#shared/contracts/realtime.ts';
import { addMoney } from './format.ts';

export type WorkerPhase =
  /** Opening (or re-opening) the socket. */
  | 'connecting'
  /** Connected, not working (never started, or stopped). */
  | 'idle'
  /** Asked for a task (start, or after an answer/skip); the server replies with an offer or waiting. */
  | 'starting'
  /** In the queue: no task right now; one arrives on its own. */
  | 'waiting'
  /** A task is on screen. */
  | 'solving'
  /** An answer or a skip is on its way. */
  | 'submitting'
  /** The connection failed for good (signed out) or the server refused to start. */
  | 'error';

/** Why the last task left the screen without a credit, shown as a short note. */
export type WorkerNotice = 'expired' | 'lost' | 'skipped' | 'notCaptcha' | null;

export interface WorkerError {
  code?: string;
  message: string;
}

export interface WorkerSocketState {
  phase: WorkerPhase;
  /** The socket is open. */
  connected: boolean;
  /** The worker pressed Start and has not pressed Stop: reconnects resume work. */
  wantWork: boolean;
  /** The session solves the account's own sandbox tasks. */
  sandbox: boolean;
  offer: TaskOffer | null;
  /** Epoch ms (this browser's clock) when the offer lapses; see localDeadline. */
  deadline: number | null;
  /** Epoch ms (this browser's clock) when the offer arrived, for the progress bar. */
  offeredAt: number | null;
  /** Latest balance from the server (ready / accepted), else null. */
  balance: string | null;
  qualified: boolean | null;
  /** Accepted answers of this page visit, for "solved today" and "earned today". */
  credited: { count: number; total: string };
  /** The last credit, shown as "+$… credited" until the next task is answered. */
  lastCredit: { taskId: number; reward: string } | null;
  notice: WorkerNotice;
  /** A problem with the current step; `phase === 'error'` when work cannot go on. */
  error: WorkerError | null;
  /** Consecutive failed connection attempts, for the reconnect backoff. */
  retries: number;
}

export const initialWorkerSocketState: WorkerSocketState = {
  phase: 'connecting',
  connected: false,
  wantWork: false,
  sandbox: false,
  offer: null,
  deadline: null,
  offeredAt: null,
  balance: null,
  qualified: null,
  credited: { count: 0, total: '0.00' },
  lastCredit: null,
  notice: null,
  error: null,
  retries: 0,
};

export type WorkerSocketAction =
  | { type: 'connecting' }
  | { type: 'open' }
  /** `fatal`: do not reconnect (the server refused the session). */
  | { type: 'closed'; fatal?: boolean }
  | { type: 'start'; sandbox: boolean }
  | { type: 'stop' }
  | { type: 'answer'; taskId: number }
  | { type: 'skip'; taskId: number; reason: 'skipped' | 'not_captcha' }
  /** The offer's time ran out on screen. */
  | { type: 'expire'; taskId: number }
  | { type: 'dismissError' }
  | { type: 'server'; message: ServerMessage; now: number };

/** Longest leases the server grants (server tasks.service LEASE_SECONDS), plus slack. */
const MAX_LEASE_MS = { image: 45_000, token: 180_000 } as const;
/** A labelling project's copy (its params carry `classes`) is leased for 5 minutes (server tasks.repo claim). */
const LABELLING_LEASE_MS = 300_000;
const CLOCK_SLACK_MS = 5_000;

/**
 * The offer's deadline on this browser's clock. The server's `deadline` is its own epoch ms; when the
 * two clocks disagree by more than a lease (the offer would look expired, or longer than any lease),
 * the type's full lease from now is used instead, so a skewed clock never skips tasks on arrival.
 */
export function localDeadline(offer: TaskOffer, now: number): number {
  const max = Array.isArray(offer.params.classes) ? LABELLING_LEASE_MS : (MAX_LEASE_MS[offer.kind] ?? MAX_LEASE_MS.image);
  const left = offer.deadline - now;
  if (left > 0 && left <= max + CLOCK_SLACK_MS) return offer.deadline;
  return now + max;
}

/** Reconnect delay after `retries` failures: 1 s, 2 s, 4 s … capped at 30 s. */
export function backoffMs(retries: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, retries));
}

function clearTask(state: WorkerSocketState): WorkerSocketState {
  return { ...state, offer: null, deadline: null, offeredAt: null };
}

function onServer(state: WorkerSocketState, message: ServerMessage, now: number): WorkerSocketState {
  switch (message.type) {
    case 'ready':
      return { ...state, qualified: message.qualified, sandbox: message.sandbox, balance: message.balance, error: null };
    case 'offer':
      // An offer after Stop (a race with the server) is handed straight back by the hook.
      if (!state.wantWork) return state;
      return {
        ...state,
        phase: 'solving',
        offer: message.task,
        deadline: localDeadline(message.task, now),
        offeredAt: now,
        error: null,
      };
    case 'waiting':
      if (!state.wantWork) return state;
      return { ...clearTask(state), phase: 'waiting' };
    case 'stopped':
      return { ...clearTask(state), phase: state.connected ? 'idle' : state.phase, wantWork: false };
    case 'accepted':
      return {
        ...clearTask(state),
        phase: state.wantWork ? 'starting' : 'idle',
        balance: message.balance ?? state.balance,
        credited: { count: state.credited.count + 1, total: addMoney(state.credited.total, message.reward) },
        lastCredit: { taskId: message.taskId, reward: message.reward },
        notice: null,
        error: null,
      };
    case 'released':
      if (state.offer && state.offer.id !== message.taskId) return state;
      return { ...clearTask(state), phase: state.wantWork ? 'starting' : 'idle' };
    case 'error':
      return onError(state, { code: message.code, message: message.message });
    default:
      return state;
  }
}

function onError(state: WorkerSocketState, error: WorkerError): WorkerSocketState {
  switch (error.code) {
    case 'UNAUTHENTICATED':
      return { ...clearTask(state), phase: 'error', wantWork: false, error };
    case 'FORBIDDEN':
      // Start refused: not qualified, or paused by a moderator. The socket stays usable.
      return { ...clearTask(state), phase: state.connected ? 'idle' : 'connecting', wantWork: false, error };
    case 'CONFLICT':
      // The task expired or was reassigned; the hook asks for the next one.
      return { ...clearTask(state), phase: state.wantWork ? 'starting' : 'idle', notice: 'lost', error: null };
    default:
      // The answer did not fit (VALIDATION_FAILED) or the server stumbled: keep the task on screen.
      if (state.offer && (state.phase === 'submitting' || state.phase === 'solving')) return { ...state, phase: 'solving', error };
      return { ...state, phase: state.wantWork ? 'error' : state.phase, error };
  }
}

export function workerSocketReducer(state: WorkerSocketState, action: WorkerSocketAction): WorkerSocketState {
  switch (action.type) {
    case 'connecting':
      return { ...state, phase: state.phase === 'error' && state.error?.code === 'UNAUTHENTICATED' ? 'error' : 'connecting', connected: false };
    case 'open':
      return {
        ...clearTask(state),
        connected: true,
        retries: 0,
        phase: state.wantWork ? 'starting' : 'idle',
        error: state.phase === 'error' ? null : state.error,
      };
    case 'closed': {
      if (action.fatal || (state.phase === 'error' && state.error?.code === 'UNAUTHENTICATED')) {
        return { ...clearTask(state), connected: false, phase: 'error', wantWork: false };
      }
      // The server hands an open task back when the socket drops; it is gone from here too.
      return {
        ...clearTask(state),
        connected: false,
        phase: 'connecting',
        retries: state.retries + 1,
        notice: state.offer ? 'lost' : state.notice,
      };
    }
    case 'start':
      if (!state.connected) return { ...state, wantWork: true, sandbox: action.sandbox, error: null };
      return { ...state, phase: 'starting', wantWork: true, sandbox: action.sandbox, error: null, notice: null };
    case 'stop':
      return { ...clearTask(state), phase: state.connected ? 'idle' : 'connecting', wantWork: false, notice: null, error: null };
    case 'answer':
      if (state.phase !== 'solving' || state.offer?.id !== action.taskId) return state;
      return { ...state, phase: 'submitting', error: null, notice: null };
    case 'skip':
      if (state.phase !== 'solving' || state.offer?.id !== action.taskId) return state;
      return { ...state, phase: 'submitting', error: null, notice: action.reason === 'not_captcha' ? 'notCaptcha' : 'skipped', lastCredit: null };
    case 'expire':
      if (state.phase !== 'solving' || state.offer?.id !== action.taskId) return state;
      return { ...state, phase: 'submitting', error: null, notice: 'expired', lastCredit: null };
    case 'dismissError':
      return { ...state, error: null, phase: state.phase === 'error' && state.error?.code !== 'UNAUTHENTICATED' ? (state.connected ? 'idle' : 'connecting') : state.phase };
    case 'server':
      return onServer(state, action.message, action.now);
    default:
      return state;
  }
}

/**
 * What the client must send in reply to a server message, given the state before it:
 * an offer that arrived after Stop goes back; a lost task (CONFLICT) asks for the next one.
 */
export function replyTo(before: WorkerSocketState, message: ServerMessage): WorkerClientMessage | null {
  if (message.type === 'offer' && !before.wantWork) return { type: 'skip', taskId: message.task.id, reason: 'skipped' };
  if (message.type === 'error' && message.code === 'CONFLICT' && before.wantWork) return { type: 'start', sandbox: before.sandbox };
  return null;
}
