import { useEffect } from 'react';
import type { ServerMessage } from '#shared/contracts/realtime.ts';
import { api } from '#web/store/api.ts';
import { useAppDispatch } from '#web/store/hooks.ts';

/** 1 s, 2 s, 4 s … capped at 60 s. */
const backoff = (retries: number) => Math.min(60_000, 1000 * 2 ** retries);

/**
 * The signed-in user's balance follows credited payments without a reload: /ws announces
 * `{ type: 'balance' }` when a payment is credited (server/surfaces/realtime), and the current user
 * (the header's balance and every figure read from it) is read again.
 */
export function useLiveBalance(userId: number | null) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (userId === null || typeof WebSocket === 'undefined') return;
    let disposed = false;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retries = 0;
    const connect = () => {
      if (disposed) return;
      const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss://' : 'ws://'}${location.host}/ws`);
      socket = ws;
      ws.onopen = () => (retries = 0);
      ws.onmessage = (event: MessageEvent) => {
        try {
          const message = JSON.parse(String(event.data)) as ServerMessage;
          if (message.type === 'balance') dispatch(api.util.invalidateTags(['User']));
        } catch {
          // not ours
        }
      };
      ws.onclose = (event: CloseEvent) => {
        if (disposed || socket !== ws) return;
        socket = null;
        // 4401: signed out; the page will know soon enough.
        if (event.code !== 4401) timer = setTimeout(connect, backoff(retries++));
      };
    };
    connect();
    return () => {
      disposed = true;
      clearTimeout(timer);
      if (socket) {
        socket.onopen = socket.onmessage = socket.onclose = null;
        socket.close(1000, 'page left');
      }
    };
  }, [userId, dispatch]);
}
