import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { FEEDBACK_KINDS, type FeedbackKind, type FeedbackQuery } from '#shared/contracts/support.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { feedbackCsvUrl, useBotThreadsQuery, useFeedbackListQuery, useSendFeedbackMutation } from './api.ts';
import { dateTimeFormatter, supportErrorKey } from './format.ts';

/** /p/service-feedback and /p/proxy-feedback: a 1–5 rating, a comment, optionally anonymous. */
export function FeedbackForm({ kind, signedIn }: { kind: FeedbackKind; signedIn: boolean }) {
  const { t } = useTranslation('support');
  const { lang } = useCurrentPage();
  const [send, sending] = useSendFeedbackMutation();
  const [rating, setRating] = useState<number | null>(null);
  const [body, setBody] = useState('');
  const [email, setEmail] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (rating === null) {
      setResult({ tone: 'danger', text: t('feedback.pickRating') });
      return;
    }
    const res = await send({ kind, rating, body, email: anonymous ? '' : email, anonymous, language: lang });
    if ('error' in res) setResult({ tone: 'danger', text: t(supportErrorKey(res.error)) });
    else {
      setResult({ tone: 'success', text: t('feedback.thanks') });
      setBody('');
      setRating(null);
    }
  }

  return (
    <form className="stack support-form" onSubmit={(e) => void submit(e)}>
      <fieldset className="support-rating">
        <legend className="field__label">{t('feedback.rating')}</legend>
        <div className="cluster cluster--sm">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={`support-star${rating !== null && n <= rating ? ' support-star--on' : ''}`}>
              <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} className="visually-hidden" />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{t('feedback.stars', { count: n })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={t(`feedback.kinds.${kind}.question`)} optional>
        <textarea className="input support-textarea" name="body" rows={5} maxLength={5000} value={body} onChange={(e) => setBody(e.target.value)} />
      </Field>
      {!anonymous && !signedIn && (
        <Field label={t('feedback.email')} hint={t('feedback.emailHint')} optional>
          <TextInput type="email" name="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
        </Field>
      )}
      <label className="cluster cluster--sm text-sm">
        <input type="checkbox" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} name="anonymous" />
        {signedIn ? t('feedback.anonymousSignedIn') : t('feedback.anonymous')}
      </label>
      {result && <Banner tone={result.tone} role={result.tone === 'danger' ? 'alert' : 'status'}>{result.text}</Banner>}
      <div className="cluster">
        <Button type="submit" variant="primary" loading={sending.isLoading}>{t('feedback.send')}</Button>
        <LocalizedLink to="/support/tickets/new" className={buttonClassName('tertiary', 'md')}>{t('feedback.needAnswer')}</LocalizedLink>
      </div>
    </form>
  );
}

/** Staff: feedback with filters by form, rating and age, the average, and the same list as CSV. */
export function FeedbackAdmin() {
  const { t } = useTranslation('support');
  const { lang } = useCurrentPage();
  const [q, setQ] = useState<FeedbackQuery>({});
  const { data, isLoading, isError, error, refetch } = useFeedbackListQuery(q);
  const when = dateTimeFormatter(lang);
  return (
    <div className="stack stack--lg">
      <form className="support-filters" onSubmit={(e) => e.preventDefault()} aria-label={t('queue.filters')}>
        <Field label={t('feedback.admin.kind')}>
          <select className="input select" value={q.kind ?? ''} onChange={(e) => setQ({ ...q, kind: (e.target.value || undefined) as FeedbackKind | undefined })}>
            <option value="">{t('queue.any')}</option>
            {FEEDBACK_KINDS.map((k) => <option key={k} value={k}>{t(`feedback.kinds.${k}.name`)}</option>)}
          </select>
        </Field>
        <Field label={t('feedback.rating')}>
          <select className="input select" value={q.rating ?? ''} onChange={(e) => setQ({ ...q, rating: e.target.value ? Number(e.target.value) : undefined })}>
            <option value="">{t('queue.any')}</option>
            {[5, 4, 3, 2, 1].map((n) => <option key={n} value={n}>{t('feedback.stars', { count: n })}</option>)}
          </select>
        </Field>
        <Field label={t('feedback.admin.period')}>
          <select className="input select" value={q.days ?? ''} onChange={(e) => setQ({ ...q, days: e.target.value ? Number(e.target.value) : undefined })}>
            <option value="">{t('feedback.admin.allTime')}</option>
            {[7, 30, 90].map((d) => <option key={d} value={d}>{t('feedback.admin.days', { count: d })}</option>)}
          </select>
        </Field>
        <div className="support-filters__action">
          <a className={buttonClassName('secondary', 'md')} href={feedbackCsvUrl(q)} download>{t('feedback.admin.export')}</a>
        </div>
      </form>
      {isLoading ? <LoadingBlock lines={5} /> : isError || !data ? (
        <Banner tone="danger" role="alert">{t(supportErrorKey(error))} <Button variant="secondary" onClick={() => void refetch()}>{t('retry')}</Button></Banner>
      ) : data.rows.length === 0 ? (
        <EmptyState title={t('feedback.admin.empty')} />
      ) : (
        <>
          <p className="text-sm">{t('feedback.admin.summary', { count: data.total, average: data.averageRating?.toFixed(2) ?? '—' })}</p>
          <div className="table-wrap">
            <table className="table" data-testid="feedback-table">
              <caption className="visually-hidden">{t('staffNav.feedback')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('feedback.admin.when')}</th>
                  <th scope="col">{t('feedback.admin.kind')}</th>
                  <th scope="col">{t('feedback.rating')}</th>
                  <th scope="col">{t('feedback.admin.comment')}</th>
                  <th scope="col">{t('feedback.admin.from')}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((r) => (
                  <tr key={r.id}>
                    <td className="text-sm">{when.format(new Date(r.createdAt))}</td>
                    <td>{t(`feedback.kinds.${r.kind}.name`)}</td>
                    <td><Badge tone={r.rating >= 4 ? 'success' : r.rating === 3 ? 'warning' : 'danger'}>{'★'.repeat(r.rating)}</Badge></td>
                    <td className="support-msg__body text-sm">{r.body || '—'}</td>
                    <td className="text-sm break">{r.userEmail ?? r.email ?? t('feedback.admin.anonymous')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

/** Staff: the bot's threads (all, handed off, with unanswered questions) and the questions it could not answer. */
export function BotThreadsAdmin() {
  const { t } = useTranslation('support');
  const { lang } = useCurrentPage();
  const [filter, setFilter] = useState<'all' | 'handed_off' | 'unanswered'>('all');
  const { data, isLoading, isError, error, refetch } = useBotThreadsQuery({ filter });
  const when = dateTimeFormatter(lang);
  if (isLoading) return <LoadingBlock lines={6} />;
  if (isError || !data) return <Banner tone="danger" role="alert">{t(supportErrorKey(error))} <Button variant="secondary" onClick={() => void refetch()}>{t('retry')}</Button></Banner>;
  return (
    <div className="stack stack--xl">
      <section className="stack" aria-labelledby="unanswered-h">
        <h2 id="unanswered-h" className="support-subheading">{t('botAdmin.unansweredTitle')}</h2>
        <p className="text-sm text-secondary">{t('botAdmin.unansweredLead')}</p>
        {data.unanswered.length === 0 ? <p className="text-sm">{t('botAdmin.noUnanswered')}</p> : (
          <ul className="support-context__list" data-testid="unanswered-questions">
            {data.unanswered.map((u, i) => <li key={i} className="text-sm">«{u.text}» <span className="text-secondary">· {when.format(new Date(u.at))} · #{u.threadId}</span></li>)}
          </ul>
        )}
      </section>
      <section className="stack" aria-labelledby="threads-h">
        <div className="cluster cluster--between">
          <h2 id="threads-h" className="support-subheading">{t('botAdmin.threadsTitle')}</h2>
          <label className="cluster cluster--sm text-sm">
            {t('botAdmin.show')}
            <select className="input select" value={filter} onChange={(e) => setFilter(e.target.value as typeof filter)}>
              <option value="all">{t('botAdmin.filters.all')}</option>
              <option value="handed_off">{t('botAdmin.filters.handed_off')}</option>
              <option value="unanswered">{t('botAdmin.filters.unanswered')}</option>
            </select>
          </label>
        </div>
        {data.threads.length === 0 ? <EmptyState title={t('botAdmin.empty')} /> : (
          <div className="table-wrap">
            <table className="table" data-testid="bot-threads">
              <caption className="visually-hidden">{t('botAdmin.threadsTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('botAdmin.question')}</th>
                  <th scope="col">{t('botAdmin.who')}</th>
                  <th scope="col">{t('botAdmin.messages')}</th>
                  <th scope="col">{t('botAdmin.outcome')}</th>
                  <th scope="col">{t('queue.columns.waiting')}</th>
                </tr>
              </thead>
              <tbody>
                {data.threads.map((th) => (
                  <tr key={th.id}>
                    <td>{th.id}</td>
                    <td className="text-sm">{th.firstQuestion}</td>
                    <td className="text-sm break">{th.userEmail ?? t('botAdmin.visitor')} · {th.language}</td>
                    <td className="num">{th.messages}</td>
                    <td className="text-sm">
                      {th.ticketId !== null ? <LocalizedLink to={`/support/queue/${th.ticketId}`}>{t('botAdmin.handedOff', { id: th.ticketId })}</LocalizedLink> : null}
                      {th.unanswered > 0 && <div><Badge tone="warning">{t('botAdmin.unansweredCount', { count: th.unanswered })}</Badge></div>}
                    </td>
                    <td className="text-sm">{when.format(new Date(th.updatedAt))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
