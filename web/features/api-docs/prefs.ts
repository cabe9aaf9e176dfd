import { useCallback, useSyncExternalStore } from 'react';
import { API_VERSIONS, SAMPLE_LANGUAGES, type ApiVersion, type SampleLanguage } from '#shared/contracts/api-docs.ts';

/**
 * The reader's choices that follow them across documentation pages: the API version and the code
 * sample language, kept in localStorage. The server renders the defaults; the browser switches to
 * the stored choice right after hydration (useSyncExternalStore's server snapshot), and every tab
 * set on the page follows a change at once.
 */
const KEYS = { version: 'apidocs.version', language: 'apidocs.language' } as const;
const DEFAULTS = { version: 'v2' as ApiVersion, language: 'python' as SampleLanguage };
const listeners = new Set<() => void>();

function stored<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const value = window.localStorage.getItem(key);
    return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

function save(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the choice holds for this page only.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEYS.version || e.key === KEYS.language) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

export function useApiVersion(): [ApiVersion, (v: ApiVersion) => void] {
  const value = useSyncExternalStore(subscribe, () => stored(KEYS.version, API_VERSIONS, DEFAULTS.version), () => DEFAULTS.version);
  return [value, useCallback((v: ApiVersion) => save(KEYS.version, v), [])];
}

export function useSampleLanguage(): [SampleLanguage, (l: SampleLanguage) => void] {
  const value = useSyncExternalStore(subscribe, () => stored(KEYS.language, SAMPLE_LANGUAGES, DEFAULTS.language), () => DEFAULTS.language);
  return [value, useCallback((l: SampleLanguage) => save(KEYS.language, l), [])];
}
