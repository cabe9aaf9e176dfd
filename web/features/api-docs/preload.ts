import type { AppStore } from '#web/store/store.ts';
import { apiDocsApi } from './api.ts';

/** The type whose programs the quick start and the language guides show. */
export const QUICK_START_SLUG = 'normal';

/** Page loaders: the documentation home's data in the page's language (in process on the server). */
export async function preloadDocsIndex(store: AppStore, language: string): Promise<void> {
  await store.dispatch(apiDocsApi.endpoints.getDocsIndex.initiate(language, { subscribe: false }));
}

/** Page loaders: one type's documentation (both API versions) in the page's language. */
export async function preloadTypeDoc(store: AppStore, slug: string, language: string): Promise<void> {
  await store.dispatch(apiDocsApi.endpoints.getTypeDoc.initiate({ slug, language }, { subscribe: false }));
}

/** Page loaders: a type's code samples (current API version) in the page's language. */
export async function preloadTypeSamples(store: AppStore, slug: string, language: string): Promise<void> {
  await store.dispatch(apiDocsApi.endpoints.getTypeSamples.initiate({ slug, language }, { subscribe: false }));
}
