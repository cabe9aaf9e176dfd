import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Language } from '#shared/i18n/languages.ts';
import type { HostKind, SiteOrigins } from '#shared/i18n/routing.ts';

/** Facts about this visit that the server knows and the browser keeps. */
export interface AppState {
  brandName: string;
  sites: SiteOrigins;
  /** The host the server rendered the page for; start-up runs only on this host (spec §2). */
  host: string;
  hostKind: HostKind;
  hostLanguage: Language;
  /** accept-language is not ru, ru-RU, uk or be (spec §9). */
  foreignSpeaker: boolean;
  foreignBannerDismissed: boolean;
  /** The browser sent a session cookie, so pages load the current user. */
  hasSession: boolean;
  /** Extra headers sent with every API call (spec §7: proxy headers). */
  extraHeaders: Record<string, string>;
  /**
   * The languages the content at `path` exists in, when narrower than the page's declared ones (an
   * article written in English only): the head's canonical and alternates follow it.
   */
  contentLanguages?: { path: string; languages: Language[] };
}

export const initialAppState: AppState = {
  brandName: 'CaptchaHub',
  sites: { intl: 'http://localhost:3000', ru: null, zh: null },
  host: 'localhost:3000',
  hostKind: 'intl',
  hostLanguage: 'en',
  foreignSpeaker: true,
  foreignBannerDismissed: false,
  hasSession: false,
  extraHeaders: {},
};

export const appSlice = createSlice({
  name: 'app',
  initialState: initialAppState,
  reducers: {
    foreignBannerDismissed(state) {
      state.foreignBannerDismissed = true;
    },
    extraHeadersSet(state, action: PayloadAction<Record<string, string>>) {
      state.extraHeaders = action.payload;
    },
    contentLanguagesSet(state, action: PayloadAction<{ path: string; languages: Language[] }>) {
      state.contentLanguages = action.payload;
    },
  },
});

export const { foreignBannerDismissed, extraHeadersSet, contentLanguagesSet } = appSlice.actions;
