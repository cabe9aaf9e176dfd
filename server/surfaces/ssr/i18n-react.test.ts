/**
 * The server's `useTranslation` (web/lib/i18n-react.ts): one answer per instance and namespaces,
 * shared by every render, giving the same texts as react-i18next's hook, with and without the
 * remembered texts of production builds (tests translate every time, for the lookup probe).
 */
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nextProvider, Trans, useTranslation as useBrowserTranslation } from 'react-i18next';
import { serverTranslation, useTranslation } from '#web/lib/i18n-react.ts';
import { requestI18n } from '#web/lib/i18n.server.ts';

type Hook = typeof useTranslation;
const seen: unknown[] = [];
const remembering = ((ns: string[]) => serverTranslation(requestI18n('Brand', currentLang), ns, true)) as unknown as Hook;
let currentLang: 'de' | 'ja' = 'de';

function Texts({ hook }: { hook: Hook }): ReactNode {
  const answer = hook(['landings', 'pricing']);
  const auth = hook('auth');
  seen.push(answer);
  const { t } = answer;
  return createElement(
    'div',
    null,
    createElement('p', null, [t('stats.title'), t('pricing:types.normal'), t('meta.title', { name: 'X' }), t('hero.home'), t('stats.title'), answer.ready ? 'ready' : 'not ready'].join(' | ')),
    // <Trans t={t}> takes the namespace from the t it is given.
    createElement(Trans, { t: auth.t, i18nKey: 'register.terms', components: { terms: createElement('a'), privacy: createElement('a') } }),
  );
}

function render(lang: 'de' | 'ja', hook: Hook) {
  currentLang = lang;
  return renderToString(createElement(I18nextProvider, { i18n: requestI18n('Brand', lang) }, createElement(Texts, { hook })));
}

describe('useTranslation on the server', () => {
  it('renders the texts react-i18next renders, in each language, texts remembered or not', () => {
    for (const lang of ['de', 'ja'] as const) {
      const expected = render(lang, useBrowserTranslation);
      expect(render(lang, useTranslation)).toBe(expected);
      expect(render(lang, remembering)).toBe(expected);
      expect(render(lang, remembering)).toBe(expected);
      expect(expected).toContain('Brand');
      expect(expected).not.toContain('register.terms');
    }
    expect(render('de', useTranslation)).not.toBe(render('ja', useTranslation));
  });

  it('gives every render the same answer for the same instance and namespaces', () => {
    seen.length = 0;
    render('de', useTranslation);
    render('de', useTranslation);
    render('ja', useTranslation);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[2]).not.toBe(seen[0]);
  });
});
