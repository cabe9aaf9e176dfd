import { useCallback, useEffect, useRef, useState } from 'react';
import type { ServerMessage, WorkerClientMessage } from '#shared/contracts/realtime.ts';
import type { Answer } from '#shared/captcha-types/types.ts';
import {
  backoffMs,
  initialWorkerSocketState,
  replyTo,
  workerSocketReducer,
  type WorkerSocketAction,
  type WorkerSocketState,
} from './socket-machine.ts';

/** The server closes an unauthenticated socket with this code (server/surfaces/realtime). */
const CLOSE_UNAUTHENTICATED = 4401;

export function workerSocketUrl(): string {
  return (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws';
}

function parse(data: unknown): ServerMessage | null {
  try {
    const message = JSON.parse(String(data)) as ServerMessage;
    return typeof message === 'object' && message !== null && typeof message.type === 'string' ? message : null;
  } catch {
    return null;
  }
}

export interface WorkerSocket {
  state: WorkerSocketState;
  /** Start receiving tasks; `sandbox` solves the account's own sandbox tasks. */
  start(sandbox?: boolean): void;
  stop(): void;
  answer(answer: Answer): void;
  skip(reason: 'skipped' | 'not_captcha'): void;
  /** Clears a shown error (and, after a refused start, lets the worker try again). */
  dismissError(): void;
}

/**
 * The worker's live connection: one WebSocket to /ws (the session cookie authenticates it),
 * reconnected with backoff, told to stop when the page goes away. Offers that run out of time on
 * screen are handed back. All decisions live in socket-machine.ts.
 */
export interface WorkerSocketOptions {
  /** The socket address; /ws on this host by default. */
  url?: () => string;
  /** Every server message, after the state took it in (e.g. to refresh the balance shown elsewhere). */
  onMessage?: (message: ServerMessage) => void;
}

export function useWorkerSocket({ url = workerSocketUrl, onMessage }: WorkerSocketOptions = {}): WorkerSocket {
  const stateRef = useRef<WorkerSocketState>(initialWorkerSocketState);
  const [state, setState] = useState<WorkerSocketState>(initialWorkerSocketState);
  const socketRef = useRef<WebSocket | null>(null);
  const urlRef = useRef(url);
  const onMessageRef = useRef(onMessage);
  useEffect(() => {
    onMessageRef.current = onMessage;
  });

  const dispatch = useCallback((action: WorkerSocketAction): WorkerSocketState => {
    const next = workerSocketReducer(stateRef.current, action);
    stateRef.current = next;
    setState(next);
    return next;
  }, []);

  const send = useCallback((message: WorkerClientMessage): boolean => {
    const socket = socketRef.current;
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }, []);

  useEffect(() => {
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let socket: WebSocket | null = null;

    const connect = () => {
      if (disposed) return;
      dispatch({ type: 'connecting' });
      let ws: WebSocket;
      try {
        ws = new WebSocket(urlRef.current());
      } catch {
        const next = dispatch({ type: 'closed' });
        timer = setTimeout(connect, backoffMs(next.retries - 1));
        return;
      }
      socket = ws;
      socketRef.current = ws;
      ws.onopen = () => {
        if (disposed) return;
        const next = dispatch({ type: 'open' });
        if (next.wantWork) send({ type: 'start', sandbox: next.sandbox });
      };
      ws.onmessage = (event: MessageEvent) => {
        if (disposed) return;
        const message = parse(event.data);
        if (!message) return;
        const before = stateRef.current;
        dispatch({ type: 'server', message, now: Date.now() });
        const reply = replyTo(before, message);
        if (reply) send(reply);
        onMessageRef.current?.(message);
      };
      ws.onclose = (event: CloseEvent) => {
        if (disposed || socketRef.current !== ws) return;
        socketRef.current = null;
        const fatal = event.code === CLOSE_UNAUTHENTICATED || stateRef.current.error?.code === 'UNAUTHENTICATED';
        const next = dispatch({ type: 'closed', fatal });
        if (!fatal) timer = setTimeout(connect, backoffMs(next.retries - 1));
      };
    };

    connect();
    // Back online: try at once instead of waiting out the backoff.
    const online = () => {
      if (socketRef.current || stateRef.current.phase !== 'connecting') return;
      clearTimeout(timer);
      connect();
    };
    window.addEventListener('online', online);

    return () => {
      disposed = true;
      clearTimeout(timer);
      window.removeEventListener('online', online);
      if (socket) {
        // Stop on the way out: the server hands back an open task and forgets this worker.
        if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'stop' } satisfies WorkerClientMessage));
        socket.onopen = socket.onmessage = socket.onclose = null;
        socket.close(1000, 'page left');
      }
      socketRef.current = null;
    };
  }, [dispatch, send]);

  // An offer that runs out of time on screen goes back, so the next one can come.
  const offerId = state.phase === 'solving' ? (state.offer?.id ?? null) : null;
  const deadline = state.deadline;
  useEffect(() => {
    if (offerId === null || deadline === null) return;
    const timer = setTimeout(() => {
      const current = stateRef.current;
      if (current.phase !== 'solving' || current.offer?.id !== offerId) return;
      dispatch({ type: 'expire', taskId: offerId });
      send({ type: 'skip', taskId: offerId, reason: 'skipped' });
    }, Math.max(0, deadline - Date.now()));
    return () => clearTimeout(timer);
  }, [offerId, deadline, dispatch, send]);

  const start = useCallback(
    (sandbox = false) => {
      const next = dispatch({ type: 'start', sandbox });
      if (next.connected) send({ type: 'start', sandbox });
    },
    [dispatch, send],
  );

  const stop = useCallback(() => {
    dispatch({ type: 'stop' });
    send({ type: 'stop' });
  }, [dispatch, send]);

  const answer = useCallback(
    (value: Answer) => {
      const current = stateRef.current;
      if (current.phase !== 'solving' || !current.offer) return;
      const taskId = current.offer.id;
      dispatch({ type: 'answer', taskId });
      send({ type: 'answer', taskId, answer: value });
    },
    [dispatch, send],
  );

  const skip = useCallback(
    (reason: 'skipped' | 'not_captcha') => {
      const current = stateRef.current;
      if (current.phase !== 'solving' || !current.offer) return;
      const taskId = current.offer.id;
      dispatch({ type: 'skip', taskId, reason });
      send({ type: 'skip', taskId, reason });
    },
    [dispatch, send],
  );

  const dismissError = useCallback(() => {
    dispatch({ type: 'dismissError' });
  }, [dispatch]);

  return { state, start, stop, answer, skip, dismissError };
}
