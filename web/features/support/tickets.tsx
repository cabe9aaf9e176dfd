import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { useNavigate } from 'react-router';
import { TICKET_CATEGORIES, type AttachmentView, type MessageView, type TicketCategory, type TicketStatus, type TicketView } from '#shared/contracts/support.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { apiErrorCode } from '#web/store/api.ts';
import { useCloseTicketMutation, useCreateTicketMutation, useMyTicketsQuery, useReplyTicketMutation, useTicketQuery } from './api.ts';
import { AttachmentLinks, AttachmentsInput } from './attachments-input.tsx';
import { dateTimeFormatter, durationParts, supportErrorKey } from './format.ts';

export const STATUS_TONE: Record<TicketStatus, BadgeTone> = { open: 'info', answered: 'success', waiting: 'warning', closed: 'neutral' };

export function StatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('support');
  return <Badge tone={STATUS_TONE[status]}>{t(`status.${status}`)}</Badge>;
}

/** "1 h 5 min" from seconds. */
export function Duration({ seconds }: { seconds: number }) {
  const { t } = useTranslation('support');
  const { h, m } = durationParts(seconds);
  return <>{h > 0 ? t('duration.hm', { h, m }) : t('duration.m', { m })}</>;
}

/** /support/tickets: the user's tickets, newest activity first. */
export function MyTickets() {
  const { t } = useTranslation('support');
  const { lang } = useCurrentPage();
  const { data, isLoading, isError, error, refetch } = useMyTicketsQuery();
  if (isLoading) return <LoadingBlock lines={4} />;
  if (isError || !data) {
    return (
      <Banner tone="danger" role="alert">
        {t(supportErrorKey(error))} <Button variant="secondary" onClick={() => void refetch()}>{t('retry')}</Button>
      </Banner>
    );
  }
  if (data.tickets.length === 0) {
    return (
      <EmptyState
        title={t('tickets.empty.title')}
        description={t('tickets.empty.text')}
        action={<LocalizedLink to="/support/tickets/new" className={buttonClassName('primary', 'md')}>{t('tickets.new')}</LocalizedLink>}
      />
    );
  }
  const when = dateTimeFormatter(lang);
  return (
    <ul className="support-ticket-list" data-testid="my-tickets">
      {data.tickets.map((ticket) => (
        <li key={ticket.id} className="support-ticket-row">
          <div className="stack stack--xs">
            <LocalizedLink to={`/support/tickets/${ticket.id}`} className="support-ticket-row__subject">
              #{ticket.id} · {ticket.subject}
            </LocalizedLink>
            <span className="text-sm text-secondary">
              {t(`categories.${ticket.category}`)} · {t('tickets.updated', { when: when.format(new Date(ticket.lastActivityAt)) })}
            </span>
          </div>
          <div className="cluster cluster--sm">
            {ticket.enterprise && <Badge tone="warning">{t('tickets.enterprise')}</Badge>}
            <StatusBadge status={ticket.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /support/tickets/new: category, subject, message and files. */
export function NewTicketForm({ initialCategory }: { initialCategory?: TicketCategory }) {
  const { t } = useTranslation('support');
  const { lang, to } = useCurrentPage();
  const navigate = useNavigate();
  const [create, { isLoading }] = useCreateTicketMutation();
  const [category, setCategory] = useState<TicketCategory>(initialCategory ?? 'other');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<AttachmentView[]>([]);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const res = await create({ category, subject, body, attachmentIds: files.map((f) => f.id), language: lang });
    if ('error' in res) setError(t(supportErrorKey(res.error)));
    else void navigate(to(`/support/tickets/${res.data.id}`), { state: { created: true } });
  }

  return (
    <form className="stack support-form" onSubmit={(e) => void submit(e)} noValidate={false}>
      <Field label={t('form.category')} required>
        <select className="input select" value={category} onChange={(e) => setCategory(e.target.value as TicketCategory)} name="category">
          {TICKET_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`categories.${c}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('form.subject')} required>
        <TextInput name="subject" value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value)} />
      </Field>
      <Field label={t('form.body')} hint={t('form.bodyHint')} required>
        <textarea className="input support-textarea" name="body" rows={8} maxLength={20000} value={body} onChange={(e) => setBody(e.target.value)} />
      </Field>
      <AttachmentsInput value={files} onChange={setFiles} />
      {error && (
        <Banner tone="danger" role="alert">
          {error}
        </Banner>
      )}
      <div className="cluster">
        <Button type="submit" variant="primary" size="lg" loading={isLoading} disabled={!subject.trim() || !body.trim()}>
          {t('form.send')}
        </Button>
        <LocalizedLink to="/support/bot" className={buttonClassName('tertiary', 'lg')}>
          {t('form.tryBot')}
        </LocalizedLink>
      </div>
    </form>
  );
}

/** One message of a thread, styled by who wrote it. */
export function MessageItem({ message, lang, staffView = false }: { message: MessageView; lang: string; staffView?: boolean }) {
  const { t } = useTranslation('support');
  const when = dateTimeFormatter(lang);
  const who =
    message.authorRole === 'user' ? (staffView ? t('thread.customer') : t('thread.you')) : message.authorRole === 'bot' ? t('thread.bot') : staffView && message.authorName ? message.authorName : t('thread.support');
  return (
    <li className={`support-msg support-msg--${message.internal ? 'internal' : message.authorRole}`} data-testid={`message-${message.id}`}>
      <div className="support-msg__meta">
        <strong>{who}</strong>
        {message.internal && <Badge tone="warning">{t('thread.internal')}</Badge>}
        <time dateTime={message.createdAt} className="text-xs text-secondary">
          {when.format(new Date(message.createdAt))}
        </time>
      </div>
      <div className="support-msg__body">{message.body}</div>
      <AttachmentLinks files={message.attachments} />
    </li>
  );
}

export function TicketFacts({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation('support');
  return (
    <dl className="support-facts">
      <div>
        <dt>{t('thread.status')}</dt>
        <dd>
          <StatusBadge status={ticket.status} />
        </dd>
      </div>
      <div>
        <dt>{t('thread.category')}</dt>
        <dd>{t(`categories.${ticket.category}`)}</dd>
      </div>
      <div>
        <dt>{t('thread.firstResponse')}</dt>
        <dd>{ticket.firstResponseSeconds === null ? t('thread.notYet') : <Duration seconds={ticket.firstResponseSeconds} />}</dd>
      </div>
      {ticket.resolutionSeconds !== null && (
        <div>
          <dt>{t('thread.resolution')}</dt>
          <dd>
            <Duration seconds={ticket.resolutionSeconds} />
          </dd>
        </div>
      )}
    </dl>
  );
}

/** /support/tickets/{id}: the thread, a reply form (a closed ticket reopens) and closing. */
export function TicketThread({ id }: { id: number }) {
  const { t } = useTranslation('support');
  const { lang } = useCurrentPage();
  const { data, isLoading, isError, error, refetch } = useTicketQuery(id);
  const [reply, replying] = useReplyTicketMutation();
  const [close, closing] = useCloseTicketMutation();
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<AttachmentView[]>([]);
  const [message, setMessage] = useState<{ tone: 'danger' | 'success'; text: string } | null>(null);

  if (isLoading) return <LoadingBlock lines={6} />;
  if (isError || !data) {
    if (apiErrorCode(error) === 'NOT_FOUND') {
      return (
        <EmptyState
          title={t('thread.notFound.title')}
          description={t('thread.notFound.text')}
          action={<LocalizedLink to="/support/tickets" className={buttonClassName('primary', 'md')}>{t('nav.tickets')}</LocalizedLink>}
        />
      );
    }
    return (
      <Banner tone="danger" role="alert">
        {t(supportErrorKey(error))} <Button variant="secondary" onClick={() => void refetch()}>{t('retry')}</Button>
      </Banner>
    );
  }

  async function send(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const res = await reply({ id, body, attachmentIds: files.map((f) => f.id) });
    if ('error' in res) setMessage({ tone: 'danger', text: t(supportErrorKey(res.error)) });
    else {
      setBody('');
      setFiles([]);
      setMessage({ tone: 'success', text: t('thread.sent') });
    }
  }

  return (
    <div className="support-thread-page">
      <div className="stack stack--lg">
        <ol className="support-thread" aria-label={t('thread.messages')}>
          {data.messages.map((m) => (
            <MessageItem key={m.id} message={m} lang={lang} />
          ))}
        </ol>
        <form className="stack support-form" onSubmit={(e) => void send(e)}>
          <h2 className="support-subheading">{data.status === 'closed' ? t('thread.reopenTitle') : t('thread.replyTitle')}</h2>
          <Field label={t('thread.reply')} required>
            <textarea className="input support-textarea" name="reply" rows={5} maxLength={20000} value={body} onChange={(e) => setBody(e.target.value)} />
          </Field>
          <AttachmentsInput value={files} onChange={setFiles} />
          {message && (
            <Banner tone={message.tone} role={message.tone === 'danger' ? 'alert' : 'status'}>
              {message.text}
            </Banner>
          )}
          <div className="cluster">
            <Button type="submit" variant="primary" loading={replying.isLoading} disabled={!body.trim()}>
              {t('thread.send')}
            </Button>
            {data.status !== 'closed' && (
              <Button type="button" variant="secondary" loading={closing.isLoading} onClick={() => void close(id)}>
                {t('thread.close')}
              </Button>
            )}
          </div>
        </form>
      </div>
      <aside className="support-aside">
        <TicketFacts ticket={data} />
      </aside>
    </div>
  );
}
