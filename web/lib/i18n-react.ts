/**
 * The React bindings of i18next the pages use: react-i18next's, but for `useTranslation` on the
 * server. There each page's language has one i18n instance shared by every render, all
 * catalogues loaded and the language never switched (i18n.server.ts), so a hook's answer depends
 * only on the instance and the namespaces: it is built once and reused, instead of a fixed `t`
 * and a copy of the instance per component per render (react-i18next's way, made for the
 * browser's language switches; ~40 % of a landing's render time). Outside tests a text asked
 * without options is also remembered (the same instance gives the same string); test builds
 * translate every time so the lookup probe (i18n.ts) sees each text a page renders.
 */
import { useContext } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { I18nContext, useTranslation as useBrowserTranslation } from 'react-i18next';

export { I18nextProvider, Trans } from 'react-i18next';

type Answer = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

const answers = new WeakMap<I18n, Map<string, Answer>>();
const rememberTexts = import.meta.env.MODE !== 'test';

/**
 * The answer of `useTranslation(ns)` for a server instance; `remember`: texts asked without
 * options are translated once (exported for tests, which translate every time otherwise).
 */
export function serverTranslation(i18n: I18n, ns: string | readonly string[] | undefined, remember = rememberTexts): Answer {
  const namespaces = ns === undefined ? [String(i18n.options.defaultNS ?? 'translation')] : typeof ns === 'string' ? [ns] : [...ns];
  const key = `${remember}\n${namespaces.join('\n')}`;
  let byNs = answers.get(i18n);
  if (!byNs) answers.set(i18n, (byNs = new Map()));
  let answer = byNs.get(key);
  if (answer) return answer;
  // As react-i18next asks it (its `scopeNs` is not in i18next's types).
  const getFixedT = i18n.getFixedT as unknown as (this: I18n, ...args: unknown[]) => (...args: unknown[]) => unknown;
  const fixed = getFixedT.call(i18n, i18n.language, namespaces[0], undefined, { scopeNs: namespaces });
  const texts = new Map<string, unknown>();
  const t = (remember
    ? // Keeps the fixed t's own properties (lng, ns, keyPrefix): <Trans t={t}> reads them.
      Object.assign((key: unknown, ...rest: unknown[]) => {
        if (rest.length || typeof key !== 'string') return fixed(key, ...rest);
        let text = texts.get(key);
        if (text === undefined) texts.set(key, (text = fixed(key)));
        return text;
      }, fixed)
    : fixed) as unknown as TFunction;
  answer = Object.assign([t, i18n, true], { t, i18n, ready: true }) as Answer;
  byNs.set(key, answer);
  return answer;
}

function useServerTranslation(ns?: string | readonly string[], options?: object) {
  const i18n = useContext(I18nContext)?.i18n;
  // Options (keyPrefix, lng, another instance) or no provider: react-i18next's own path.
  // eslint-disable-next-line react-hooks/rules-of-hooks -- the branch is the same on every render of a component
  if (!i18n || (options && Object.keys(options).length)) return useBrowserTranslation(ns as never, options as never);
  return serverTranslation(i18n, ns);
}

/** react-i18next's `useTranslation`; on the server, the shared answer per instance and namespaces (above). */
export const useTranslation: typeof useBrowserTranslation = import.meta.env.SSR ? (useServerTranslation as unknown as typeof useBrowserTranslation) : useBrowserTranslation;
