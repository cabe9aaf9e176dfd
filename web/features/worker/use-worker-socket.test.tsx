import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerMessage, WorkerClientMessage } from '#shared/contracts/realtime.ts';
import { makeOffer } from './test-utils.tsx';
import { useWorkerSocket } from './use-worker-socket.ts';

/** A WebSocket double: records what the page sends; the test plays the server. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: WorkerClientMessage[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closedWith: number | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as WorkerClientMessage);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = FakeSocket.CLOSED;
  }
  // The server's side
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(message: ServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useWorkerSocket', () => {
  it('connects to /ws, starts, answers and stops on unmount', () => {
    const onMessage = vi.fn();
    const { result, unmount } = renderHook(() => useWorkerSocket({ onMessage }));
    const socket = latest();
    expect(socket.url).toBe(`ws://${location.host}/ws`);
    expect(result.current.state.phase).toBe('connecting');

    act(() => socket.open());
    expect(result.current.state.phase).toBe('idle');

    act(() => result.current.start());
    expect(socket.sent).toEqual([{ type: 'start', sandbox: false }]);
    expect(result.current.state.phase).toBe('starting');

    act(() => socket.receive({ type: 'ready', qualified: true, sandbox: false, balance: '2.00' }));
    act(() => socket.receive({ type: 'offer', task: makeOffer({ id: 42 }) }));
    expect(result.current.state.phase).toBe('solving');

    act(() => result.current.answer({ kind: 'text', text: 'abc' }));
    expect(socket.sent.at(-1)).toEqual({ type: 'answer', taskId: 42, answer: { kind: 'text', text: 'abc' } });
    expect(result.current.state.phase).toBe('submitting');

    act(() => socket.receive({ type: 'accepted', taskId: 42, reward: '0.0005', balance: '2.0005' }));
    expect(result.current.state).toMatchObject({ phase: 'starting', balance: '2.0005' });
    expect(onMessage).toHaveBeenCalledWith({ type: 'accepted', taskId: 42, reward: '0.0005', balance: '2.0005' });

    unmount();
    expect(socket.sent.at(-1)).toEqual({ type: 'stop' });
    expect(socket.closedWith).toBe(1000);
  });

  it('hands back a task whose time ran out on screen', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { result } = renderHook(() => useWorkerSocket());
    const socket = latest();
    act(() => socket.open());
    act(() => result.current.start());
    act(() => socket.receive({ type: 'offer', task: makeOffer({ id: 5, deadline: 1_000_000 + 30_000 }) }));
    act(() => vi.advanceTimersByTime(29_000));
    expect(result.current.state.phase).toBe('solving');
    act(() => vi.advanceTimersByTime(1_000));
    expect(socket.sent.at(-1)).toEqual({ type: 'skip', taskId: 5, reason: 'skipped' });
    expect(result.current.state.notice).toBe('expired');
  });

  it('asks for the next task after losing one (CONFLICT)', () => {
    const { result } = renderHook(() => useWorkerSocket());
    const socket = latest();
    act(() => socket.open());
    act(() => result.current.start(true));
    act(() => socket.receive({ type: 'offer', task: makeOffer({ id: 8 }) }));
    act(() => result.current.skip('not_captcha'));
    expect(socket.sent.at(-1)).toEqual({ type: 'skip', taskId: 8, reason: 'not_captcha' });
    act(() => socket.receive({ type: 'error', code: 'CONFLICT', message: 'gone' }));
    expect(socket.sent.at(-1)).toEqual({ type: 'start', sandbox: true });
  });

  it('reconnects with backoff and resumes work', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useWorkerSocket());
    const first = latest();
    act(() => first.open());
    act(() => result.current.start());
    act(() => first.drop());
    expect(result.current.state.phase).toBe('connecting');
    act(() => vi.advanceTimersByTime(999));
    expect(FakeSocket.all).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    const second = latest();
    expect(FakeSocket.all).toHaveLength(2);
    act(() => second.drop());
    act(() => vi.advanceTimersByTime(1999));
    expect(FakeSocket.all).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    const third = latest();
    act(() => third.open());
    expect(third.sent).toEqual([{ type: 'start', sandbox: false }]);
    expect(result.current.state.phase).toBe('starting');
  });

  it('does not reconnect once the server signs the socket out', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useWorkerSocket());
    const socket = latest();
    act(() => socket.open());
    act(() => socket.receive({ type: 'error', code: 'UNAUTHENTICATED', message: 'Sign in to continue.' }));
    act(() => socket.drop(4401));
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.all).toHaveLength(1);
    expect(result.current.state).toMatchObject({ phase: 'error', error: { code: 'UNAUTHENTICATED' } });
  });
});
