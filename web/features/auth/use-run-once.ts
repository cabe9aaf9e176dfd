import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Runs `run` after mount, once per `key` (a hash link, say), even under StrictMode's double
 * effects: e-mailed links work once, so a second request would turn success into failure.
 * A null key waits.
 */
export function useRunOnce(key: string | null, run: () => void): void {
  const done = useRef<string | null>(null);
  const onRun = useEffectEvent(run);
  useEffect(() => {
    if (key === null || done.current === key) return;
    done.current = key;
    onRun();
  }, [key]);
}
