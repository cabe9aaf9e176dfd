import type { Language } from '#shared/i18n/languages.ts';

type Catalogue = Record<string, { subject: string; intro: string; action: string; outro: string }>;
const catalogues = import.meta.glob<Catalogue>('../../../shared/i18n/locales/*/mail.json', { import: 'default', eager: true });

export type MailKind = 'confirmEmail' | 'alreadyRegistered' | 'remind' | 'remindUnknown' | 'changeEmail' | 'changeEmailNotice' | 'walletChange' | 'paymentReceipt' | 'transferConfirm' | 'transferReceived' | 'walletConfirmed' | 'payoutSent' | 'payoutRejected';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function catalogueOf(lang: string): Catalogue {
  return catalogues[`../../../shared/i18n/locales/${lang}/mail.json`] ?? catalogues['../../../shared/i18n/locales/en/mail.json']!;
}

function fill(text: string, vars: Record<string, string>) {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');
}

/** A mail in the recipient's language (English fallback), as text and as simple HTML. */
export function renderMail(kind: MailKind, lang: Language | string, vars: Record<string, string> & { brand: string }, link?: string) {
  const t = catalogueOf(lang)[kind] ?? catalogueOf('en')[kind]!;
  const subject = fill(t.subject, vars);
  const intro = fill(t.intro, vars);
  const action = fill(t.action, vars);
  const outro = fill(t.outro, vars);
  const text = [intro, link ? `${action}: ${link}` : '', outro, `— ${vars.brand}`].filter(Boolean).join('\n\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(link)}</p>` : '',
    `<p>${escapeHtml(outro)}</p>`,
    `<p>— ${escapeHtml(vars.brand)}</p>`,
  ].join('');
  return { subject, text, html };
}
