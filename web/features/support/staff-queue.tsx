import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { QUEUE_AGES, TICKET_CATEGORIES, TICKET_STATUSES, type AttachmentView, type QueueQuery, type StaffTicketView, type TicketStatus } from '#shared/contracts/support.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';
import {
  useAssignTicketMutation,
  useCannedRepliesQuery,
  useCreateCannedMutation,
  useDeleteCannedMutation,
  useSetTicketStatusMutation,
  useStaffQueueQuery,
  useStaffReplyMutation,
  useStaffTicketQuery,
} from './api.ts';
import { AttachmentsInput } from './attachments-input.tsx';
import { dateTimeFormatter, supportErrorKey } from './format.ts';
import { MessageItem, StatusBadge, TicketFacts } from './tickets.tsx';

type Filters = Pick<QueueQuery, 'status'> & Partial<Omit<QueueQuery, 'status'>>;

/** The staff queue: enterprise first, then waiting on staff, longest-waiting first; filters by status, category, plan, age. */
export function StaffQueue() {
  const { t } = useTranslation('support');
  const { lang } = useCurrentPage();
  const [filters, setFilters] = useState<Filters>({ status: 'active' });
  const { data, isLoading, isFetching, isError, error, refetch } = useStaffQueueQuery(filters);
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch, page: 0 }));
  const when = dateTimeFormatter(lang);

  return (
    <div className="stack stack--lg">
      <form className="support-filters" onSubmit={(e) => e.preventDefault()} aria-label={t('queue.filters')}>
        <Field label={t('queue.status')}>
          <select className="input select" value={filters.status} onChange={(e) => set({ status: e.target.value as Filters['status'] })}>
            {(['active', ...TICKET_STATUSES, 'all'] as const).map((s) => (
              <option key={s} value={s}>
                {s === 'active' || s === 'all' ? t(`queue.statuses.${s}`) : t(`status.${s}`)}
                {s !== 'active' && s !== 'all' && s !== 'closed' && data ? ` (${data.counts[s]})` : ''}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('queue.category')}>
          <select className="input select" value={filters.category ?? ''} onChange={(e) => set({ category: (e.target.value || undefined) as Filters['category'] })}>
            <option value="">{t('queue.any')}</option>
            {TICKET_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('queue.plan')}>
          <select className="input select" value={filters.plan ?? ''} onChange={(e) => set({ plan: (e.target.value || undefined) as Filters['plan'] })}>
            <option value="">{t('queue.any')}</option>
            <option value="enterprise">{t('queue.plans.enterprise')}</option>
            <option value="standard">{t('queue.plans.standard')}</option>
          </select>
        </Field>
        <Field label={t('queue.age')}>
          <select className="input select" value={filters.age ?? ''} onChange={(e) => set({ age: (e.target.value || undefined) as Filters['age'] })}>
            <option value="">{t('queue.any')}</option>
            {QUEUE_AGES.map((a) => (
              <option key={a} value={a}>
                {t(`queue.ages.${a}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('queue.assignee')}>
          <select className="input select" value={filters.assignee ?? ''} onChange={(e) => set({ assignee: (e.target.value || undefined) as Filters['assignee'] })}>
            <option value="">{t('queue.any')}</option>
            <option value="me">{t('queue.assignees.me')}</option>
            <option value="none">{t('queue.assignees.none')}</option>
          </select>
        </Field>
      </form>
      {isLoading ? (
        <LoadingBlock lines={6} />
      ) : isError || !data ? (
        <Banner tone="danger" role="alert">
          {t(supportErrorKey(error))} <Button variant="secondary" onClick={() => void refetch()}>{t('retry')}</Button>
        </Banner>
      ) : data.rows.length === 0 ? (
        <EmptyState title={t('queue.empty.title')} description={t('queue.empty.text')} />
      ) : (
        <div className="table-wrap" aria-busy={isFetching || undefined}>
          <table className="table support-queue" data-testid="support-queue">
            <caption className="visually-hidden">{t('queue.caption', { count: data.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('queue.columns.ticket')}</th>
                <th scope="col">{t('queue.columns.customer')}</th>
                <th scope="col">{t('queue.columns.status')}</th>
                <th scope="col">{t('queue.columns.waiting')}</th>
                <th scope="col">{t('queue.columns.assignee')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={r.id} data-testid={`queue-row-${r.id}`}>
                  <td>
                    <LocalizedLink to={`/support/queue/${r.id}`} className="support-ticket-row__subject">
                      #{r.id} · {r.subject}
                    </LocalizedLink>
                    <div className="cluster cluster--sm text-sm text-secondary">
                      {r.enterprise && <Badge tone="warning">{t('tickets.enterprise')}</Badge>}
                      <span>{t(`categories.${r.category}`)}</span>
                    </div>
                  </td>
                  <td className="break text-sm">
                    {r.userEmail}
                    <br />
                    <span className="text-secondary">{r.userType ? t(`userTypes.${r.userType}`) : t('userTypes.none')}</span>
                  </td>
                  <td>
                    <StatusBadge status={r.status} />
                    {r.lastFromUser && r.status !== 'closed' && <div className="text-xs text-secondary">{t('queue.awaitsUs')}</div>}
                  </td>
                  <td className="text-sm">{when.format(new Date(r.lastActivityAt))}</td>
                  <td className="text-sm break">{r.assigneeEmail ?? t('queue.assignees.none')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.total > data.pageSize && (
        <div className="cluster">
          <Button variant="secondary" disabled={(filters.page ?? 0) === 0} onClick={() => setFilters((f) => ({ ...f, page: Math.max(0, (f.page ?? 0) - 1) }))}>
            {t('queue.previous')}
          </Button>
          <Button variant="secondary" disabled={((filters.page ?? 0) + 1) * data.pageSize >= data.total} onClick={() => setFilters((f) => ({ ...f, page: (f.page ?? 0) + 1 }))}>
            {t('queue.next')}
          </Button>
        </div>
      )}
    </div>
  );
}

function UserContextPanel({ ticket }: { ticket: StaffTicketView }) {
  const { t } = useTranslation('support');
  const { lang } = useCurrentPage();
  const u = ticket.user;
  const when = dateTimeFormatter(lang);
  return (
    <section className="support-context stack" aria-labelledby="ctx-heading" data-testid="user-context">
      <h2 id="ctx-heading" className="support-subheading">{t('context.title')}</h2>
      <dl className="support-facts">
        <div><dt>{t('context.email')}</dt><dd className="break">{u.email}</dd></div>
        <div><dt>{t('context.type')}</dt><dd>{u.userType ? t(`userTypes.${u.userType}`) : t('userTypes.none')}</dd></div>
        <div><dt>{t('context.balance')}</dt><dd data-testid="context-balance">${u.balance}</dd></div>
        <div><dt>{t('context.since')}</dt><dd>{when.format(new Date(u.createdAt))}</dd></div>
        <div><dt>{t('context.plan')}</dt><dd>{u.enterprise ? <Badge tone="warning">{t(`enterprise.plans.${u.enterprise.plan}.name`)}</Badge> : t('context.standard')}</dd></div>
        {u.blocked && <div><dt>{t('context.blocked')}</dt><dd><Badge tone="danger">{t('context.blocked')}</Badge></dd></div>}
      </dl>
      <h3 className="support-minor">{t('context.tasks')}</h3>
      {u.recentTasks.length === 0 ? <p className="text-sm text-secondary">{t('context.noTasks')}</p> : (
        <ul className="support-context__list">
          {u.recentTasks.map((x) => <li key={x.id} className="text-sm"><span className="mono">#{x.id}</span> {x.type} · {x.state} · ${x.price}</li>)}
        </ul>
      )}
      <h3 className="support-minor">{t('context.errors')}</h3>
      {u.recentErrors.length === 0 ? <p className="text-sm text-secondary">{t('context.noErrors')}</p> : (
        <ul className="support-context__list">
          {u.recentErrors.map((x, i) => <li key={i} className="text-sm"><span className="mono">{x.code}</span> · {when.format(new Date(x.at))}<br /><span className="text-xs text-secondary break">{x.summary}</span></li>)}
        </ul>
      )}
      <h3 className="support-minor">{t('context.payments')}</h3>
      {u.payments.length === 0 ? <p className="text-sm text-secondary">{t('context.noPayments')}</p> : (
        <ul className="support-context__list">
          {u.payments.map((p) => <li key={p.id} className="text-sm">#{p.id} · ${p.amount} · {p.provider} · {p.status}</li>)}
        </ul>
      )}
      {u.otherTickets.length > 0 && (
        <>
          <h3 className="support-minor">{t('context.otherTickets')}</h3>
          <ul className="support-context__list">
            {u.otherTickets.map((x) => <li key={x.id} className="text-sm"><LocalizedLink to={`/support/queue/${x.id}`}>#{x.id} {x.subject}</LocalizedLink> · {t(`status.${x.status}`)}</li>)}
          </ul>
        </>
      )}
    </section>
  );
}

function CannedPicker({ onPick }: { onPick(body: string): void }) {
  const { t } = useTranslation('support');
  const { data } = useCannedRepliesQuery();
  const [create, creating] = useCreateCannedMutation();
  const [remove] = useDeleteCannedMutation();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [open, setOpen] = useState(false);
  return (
    <div className="stack stack--sm">
      <Field label={t('canned.insert')}>
        <select className="input select" value="" onChange={(e) => { const c = data?.find((x) => String(x.id) === e.target.value); if (c) onPick(c.body); }} data-testid="canned-select">
          <option value="">{data && data.length === 0 ? t('canned.none') : t('canned.choose')}</option>
          {data?.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
        </select>
      </Field>
      <details open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
        <summary className="text-sm">{t('canned.manage')}</summary>
        <div className="stack stack--sm support-canned">
          <ul className="support-context__list">
            {data?.map((c) => (
              <li key={c.id} className="cluster cluster--between text-sm">
                <span>{c.title}</span>
                <Button variant="tertiary" onClick={() => void remove(c.id)} aria-label={t('canned.delete', { title: c.title })}>×</Button>
              </li>
            ))}
          </ul>
          <Field label={t('canned.title')}><TextInput value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} /></Field>
          <Field label={t('canned.body')}><textarea className="input support-textarea" rows={3} value={body} onChange={(e) => setBody(e.target.value)} /></Field>
          <Button variant="secondary" loading={creating.isLoading} disabled={!title.trim() || !body.trim()} onClick={() => void create({ title, body }).then((r) => { if (!('error' in r)) { setTitle(''); setBody(''); } })}>
            {t('canned.save')}
          </Button>
        </div>
      </details>
    </div>
  );
}

/** One ticket for staff: thread with notes, reply or note form with canned replies, assignment, status, the user's context. */
export function StaffTicket({ id, staffId }: { id: number; staffId: number }) {
  const { t } = useTranslation('support');
  const { lang } = useCurrentPage();
  const { data, isLoading, isError, error, refetch } = useStaffTicketQuery(id);
  const { data: queue } = useStaffQueueQuery({ status: 'active' });
  const [reply, replying] = useStaffReplyMutation();
  const [assign] = useAssignTicketMutation();
  const [setStatus] = useSetTicketStatusMutation();
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [after, setAfter] = useState<'answered' | 'waiting' | 'closed'>('answered');
  const [files, setFiles] = useState<AttachmentView[]>([]);
  const [message, setMessage] = useState<{ tone: 'danger' | 'success'; text: string } | null>(null);

  if (isLoading) return <LoadingBlock lines={8} />;
  if (isError || !data) {
    return (
      <Banner tone="danger" role="alert">
        {t(supportErrorKey(error))} <Button variant="secondary" onClick={() => void refetch()}>{t('retry')}</Button>
      </Banner>
    );
  }

  async function send(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const res = await reply({ id, body, internal, status: internal ? undefined : after, attachmentIds: files.map((f) => f.id) });
    if ('error' in res) setMessage({ tone: 'danger', text: t(supportErrorKey(res.error)) });
    else {
      setBody('');
      setFiles([]);
      setMessage({ tone: 'success', text: internal ? t('staff.noteSaved') : t('staff.replySent') });
    }
  }

  return (
    <div className="support-thread-page support-thread-page--staff">
      <div className="stack stack--lg">
        <div className="cluster">
          {data.enterprise && <Badge tone="warning">{t('tickets.enterprise')}</Badge>}
          <StatusBadge status={data.status} />
          <span className="text-sm text-secondary">{t(`categories.${data.category}`)}</span>
        </div>
        <ol className="support-thread" aria-label={t('thread.messages')}>
          {data.messages.map((m) => <MessageItem key={m.id} message={m} lang={lang} staffView />)}
        </ol>
        <form className="stack support-form" onSubmit={(e) => void send(e)}>
          <h2 className="support-subheading">{internal ? t('staff.noteTitle') : t('staff.replyTitle')}</h2>
          <CannedPicker onPick={(text) => setBody((b) => (b ? `${b}\n\n${text}` : text))} />
          <Field label={internal ? t('staff.note') : t('staff.reply')} required>
            <textarea className="input support-textarea" name="staff-reply" rows={6} value={body} onChange={(e) => setBody(e.target.value)} />
          </Field>
          <label className="cluster cluster--sm text-sm">
            <input type="checkbox" checked={internal} onChange={(e) => setInternal(e.target.checked)} name="internal" />
            {t('staff.internal')}
          </label>
          {!internal && (
            <Field label={t('staff.after')}>
              <select className="input select" value={after} onChange={(e) => setAfter(e.target.value as typeof after)} name="after">
                <option value="answered">{t('status.answered')}</option>
                <option value="waiting">{t('status.waiting')}</option>
                <option value="closed">{t('status.closed')}</option>
              </select>
            </Field>
          )}
          <AttachmentsInput value={files} onChange={setFiles} />
          {message && <Banner tone={message.tone} role={message.tone === 'danger' ? 'alert' : 'status'}>{message.text}</Banner>}
          <div className="cluster">
            <Button type="submit" variant="primary" loading={replying.isLoading} disabled={!body.trim()}>
              {internal ? t('staff.saveNote') : t('staff.send')}
            </Button>
          </div>
        </form>
      </div>
      <aside className="support-aside stack stack--lg">
        <TicketFacts ticket={data} />
        <div className="stack stack--sm">
          <Field label={t('staff.assignee')}>
            <select className="input select" value={data.assigneeId ?? ''} onChange={(e) => void assign({ id, assigneeId: e.target.value ? Number(e.target.value) : null })} name="assignee">
              <option value="">{t('queue.assignees.none')}</option>
              {(queue?.staff ?? []).map((s) => <option key={s.id} value={s.id}>{s.id === staffId ? t('staff.me', { email: s.email }) : s.email}</option>)}
            </select>
          </Field>
          <Field label={t('staff.setStatus')}>
            <select className="input select" value={data.status} onChange={(e) => void setStatus({ id, status: e.target.value as TicketStatus })} name="status">
              {TICKET_STATUSES.map((s) => <option key={s} value={s}>{t(`status.${s}`)}</option>)}
            </select>
          </Field>
        </div>
        <UserContextPanel ticket={data} />
        <LocalizedLink to="/support/queue" className={buttonClassName('tertiary')}>← {t('staff.back')}</LocalizedLink>
      </aside>
    </div>
  );
}
