import { useEffect, useRef, useState } from 'react';
import type { ServerMessage } from '#shared/contracts/realtime.ts';

/** The server closes an unauthenticated socket with this code (server/surfaces/realtime). */
const CLOSE_UNAUTHENTICATED = 4401;

export type LiveStatus = 'connecting' | 'live' | 'offline';
export type TaskEvent = Extract<ServerMessage, { type: 'task' }>;

export function taskEventsUrl(): string {
  return (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws';
}

/** 1 s, 2 s, 4 s … capped at 30 s. */
export function reconnectDelayMs(retries: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, retries));
}

export interface TaskEventsOptions {
  /** A task of this account was submitted or ended. */
  onEvent: (event: TaskEvent) => void;
  /** The socket (re)connected: events may have been missed meanwhile. */
  onResync?: () => void;
  url?: () => string;
}

/**
 * Listens on /ws for the signed-in customer's task events (the session cookie authenticates the
 * socket; listening needs no message). Reconnects with backoff; returns the connection status.
 */
export function useTaskEvents({ onEvent, onResync, url = taskEventsUrl }: TaskEventsOptions): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handlers = useRef({ onEvent, onResync });
  useEffect(() => {
    handlers.current = { onEvent, onResync };
  });
  const urlRef = useRef(url);

  useEffect(() => {
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let socket: WebSocket | null = null;
    let retries = 0;
    let everOpen = false;

    const connect = () => {
      if (disposed) return;
      let ws: WebSocket;
      try {
        ws = new WebSocket(urlRef.current());
      } catch {
        setStatus('offline');
        timer = setTimeout(connect, reconnectDelayMs(retries++));
        return;
      }
      socket = ws;
      ws.onopen = () => {
        if (disposed) return;
        retries = 0;
        setStatus('live');
        if (everOpen) handlers.current.onResync?.();
        everOpen = true;
      };
      ws.onmessage = (event: MessageEvent) => {
        if (disposed) return;
        let message: ServerMessage | null = null;
        try {
          message = JSON.parse(String(event.data)) as ServerMessage;
        } catch {
          return;
        }
        if (message?.type === 'task') handlers.current.onEvent(message);
      };
      ws.onclose = (event: CloseEvent) => {
        if (disposed || socket !== ws) return;
        socket = null;
        setStatus('offline');
        if (event.code !== CLOSE_UNAUTHENTICATED) timer = setTimeout(connect, reconnectDelayMs(retries++));
      };
    };

    connect();
    const online = () => {
      if (socket) return;
      clearTimeout(timer);
      connect();
    };
    window.addEventListener('online', online);
    return () => {
      disposed = true;
      clearTimeout(timer);
      window.removeEventListener('online', online);
      if (socket) {
        socket.onopen = socket.onmessage = socket.onclose = null;
        socket.close(1000, 'page left');
      }
    };
  }, []);

  return status;
}
