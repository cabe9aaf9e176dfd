import { useEffect, useId, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { useSearchParams } from 'react-router';
import { HELP_SEARCH_MIN_CHARS } from '#shared/contracts/support.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { useHelpSearchQuery } from './api.ts';
import { supportErrorKey } from './format.ts';

/** The audiences of the help centre, each with its FAQ page and its most useful articles. */
export const AUDIENCES = [
  { key: 'customers', faq: '/support/faq/customer', articles: ['/kb/prices-and-charges', '/kb/report-wrong-answer', '/kb/unsolvable-captchas', '/h/top-up-balance'] },
  { key: 'workers', faq: '/support/faq/worker', articles: ['/kb/worker-training-exam', '/kb/worker-payouts', '/kb/worker-mistakes', '/support/faq/worker-terms'] },
  { key: 'developers', faq: '/support/faq/developer', articles: ['/kb/api-error-codes', '/kb/send-push-notification', '/h/set-up-pingback', '/kb/enterprise-support'] },
] as const;

/** Search over FAQ, knowledge-base articles and tutorials (from 3 characters), the query kept in `?q=`. */
export function HelpSearch() {
  const { t } = useTranslation('support');
  const { lang } = useCurrentPage();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [debounced, setDebounced] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    const next = new URLSearchParams(params);
    if (debounced) next.set('q', debounced);
    else next.delete('q');
    if (next.toString() !== params.toString()) setParams(next, { replace: true, preventScrollReset: true });
  }, [debounced, params, setParams]);
  const enough = debounced.length >= HELP_SEARCH_MIN_CHARS;
  const { data, isFetching, isError, error } = useHelpSearchQuery({ q: debounced, language: lang }, { skip: !enough });

  return (
    <section className="support-search stack" aria-labelledby={`${id}-label`} role="search">
      <label id={`${id}-label`} htmlFor={id} className="support-search__label">
        {t('help.searchLabel')}
      </label>
      <input id={id} type="search" className="input input--lg" value={text} placeholder={t('help.searchPlaceholder')} onChange={(e) => setText(e.target.value)} autoComplete="off" data-testid="help-search" />
      <p className="text-sm text-secondary support-search__status" aria-live="polite">
        {text.trim().length > 0 && text.trim().length < HELP_SEARCH_MIN_CHARS ? t('help.minChars', { count: HELP_SEARCH_MIN_CHARS }) : enough && data && !isFetching ? t('help.found', { count: data.hits.length }) : ''}
      </p>
      {enough && (isFetching && !data ? (
        <LoadingBlock lines={3} />
      ) : isError ? (
        <Banner tone="danger" role="alert">{t(supportErrorKey(error))}</Banner>
      ) : data && data.hits.length === 0 ? (
        <EmptyState
          title={t('help.noResults.title')}
          description={t('help.noResults.text')}
          action={<LocalizedLink to="/support/bot" className={buttonClassName('primary', 'md')}>{t('nav.bot')}</LocalizedLink>}
        />
      ) : data ? (
        <ol className="support-results" data-testid="help-results">
          {data.hits.map((h) => (
            <li key={`${h.collection}/${h.slug}`} className="support-result">
              <LocalizedLink to={h.path} className="support-result__title">{h.title}</LocalizedLink>
              <span className="text-xs text-secondary">{t(`help.kinds.${h.collection}`)}</span>
              <blockquote className="support-quote">{h.quote}</blockquote>
            </li>
          ))}
        </ol>
      ) : null)}
    </section>
  );
}

/** The help centre's home: search, the audiences with their FAQ and articles, and the ways to reach a person. */
export function HelpHome() {
  const { t } = useTranslation('support');
  return (
    <div className="stack stack--xl">
      <HelpSearch />
      <div className="support-cards">
        {AUDIENCES.map((a) => (
          <Card key={a.key} as="section" title={t(`help.audiences.${a.key}.title`)} description={t(`help.audiences.${a.key}.text`)} headingLevel={2}>
            <ul className="support-links">
              <li><LocalizedLink to={a.faq}><strong>{t(`help.audiences.${a.key}.faq`)}</strong></LocalizedLink></li>
              {a.articles.map((path) => (
                <li key={path}><LocalizedLink to={path}>{t(`help.articles.${path.split('/').pop()}`)}</LocalizedLink></li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
      <section className="support-cards" aria-label={t('help.contact')}>
        <Card title={t('help.ways.bot.title')} description={t('help.ways.bot.text')} headingLevel={2}>
          <LocalizedLink to="/support/bot" className={buttonClassName('primary', 'md')}>{t('help.ways.bot.action')}</LocalizedLink>
        </Card>
        <Card title={t('help.ways.ticket.title')} description={t('help.ways.ticket.text')} headingLevel={2}>
          <LocalizedLink to="/support/tickets/new" className={buttonClassName('secondary', 'md')}>{t('help.ways.ticket.action')}</LocalizedLink>
        </Card>
        <Card title={t('help.ways.enterprise.title')} description={t('help.ways.enterprise.text')} headingLevel={2}>
          <LocalizedLink to="/support/enterprise" className={buttonClassName('secondary', 'md')}>{t('help.ways.enterprise.action')}</LocalizedLink>
        </Card>
      </section>
    </div>
  );
}
