import { sitesOf } from '#server/config.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { isLanguage, type Language } from '#shared/i18n/languages.ts';
import { canonicalUrl } from '#shared/i18n/routing.ts';

type MailTexts = Record<string, { subject: string; intro: string; action: string; outro: string }>;
const catalogues = import.meta.glob<{ mail: MailTexts } & Record<string, unknown>>('../../../shared/i18n/locales/*/support.json', { import: 'default', eager: true });

export type SupportMailKind = 'ticketOpened' | 'staffReplied' | 'ticketClosed' | 'userReplied' | 'newTicket';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');

function textsOf(lang: string): MailTexts {
  const of = (l: string) => catalogues[`../../../shared/i18n/locales/${l}/support.json`]?.mail;
  return of(lang) ?? of('en')!;
}

/**
 * A support mail in the recipient's language (support namespace, `mail.<kind>`), with a quote of
 * the message and a link to the ticket page on the recipient's site.
 */
export function renderSupportMail(ctx: Ctx, kind: SupportMailKind, lang: string, vars: Record<string, string>, path: string, quote?: string) {
  const language: Language = isLanguage(lang) ? lang : 'en';
  const t = textsOf(language)[kind] ?? textsOf('en')[kind]!;
  const all = { brand: ctx.config.BRAND_NAME, ...vars };
  const link = canonicalUrl(sitesOf(ctx.config), language, path);
  const subject = fill(t.subject, all);
  const intro = fill(t.intro, all);
  const action = fill(t.action, all);
  const outro = fill(t.outro, all);
  const quoted = quote ? quote.split('\n').map((l) => `> ${l}`).join('\n') : '';
  const text = [intro, quoted, `${action}: ${link}`, outro, `— ${all.brand}`].filter(Boolean).join('\n\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    quote ? `<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:12px;white-space:pre-wrap">${escapeHtml(quote)}</blockquote>` : '',
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(outro)}</p>`,
    `<p>— ${escapeHtml(all.brand)}</p>`,
  ].join('');
  return { subject, text, html, link };
}

/** A plain text of the support catalogue by dotted key, in `lang` (English fallback), `{{var}}` filled. */
export function supportText(lang: string, key: string, vars: Record<string, string> = {}): string {
  const lookup = (l: string) => {
    let node: unknown = catalogues[`../../../shared/i18n/locales/${l}/support.json`];
    for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  return fill(lookup(lang) ?? lookup('en') ?? key, vars);
}
