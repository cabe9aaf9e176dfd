import type { i18n as I18n } from 'i18next';
import type { AppStore } from '#web/store/store.ts';

/** What route loaders need: the request's store and i18n (server) or the page's (browser). */
export interface Runtime {
  store: AppStore;
  i18n: I18n;
}

let browserRuntime: Runtime | null = null;

export function setBrowserRuntime(runtime: Runtime) {
  browserRuntime = runtime;
}

/** The server passes the runtime as the loader context; the browser has one per page load. */
export function runtimeFrom(context: unknown): Runtime {
  const fromContext = context as Partial<Runtime> | undefined;
  if (fromContext?.store && fromContext.i18n) return fromContext as Runtime;
  if (!browserRuntime) throw new Error('runtime not initialised');
  return browserRuntime;
}
