import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import type { Language } from '#shared/i18n/languages.ts';
import type { PageDef } from '#web/routes.ts';
import type { Runtime } from './runtime.ts';

export interface PageLoaderArgs extends LoaderFunctionArgs, Runtime {
  lang: Language;
  page: PageDef;
}

/** What a module under web/routes exports. */
export interface PageModule {
  default: ComponentType;
  /** Fetches what the page shows into the store (on the server during rendering). */
  loader?: (args: PageLoaderArgs) => Promise<unknown> | unknown;
}

/** What each route carries in `handle`, read by the root layout. */
export interface PageHandle {
  page: PageDef | null;
}
