import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { withDb } from '#server/lib/ctx.ts';
import { getBalance } from '#server/modules/billing/billing.service.ts';
import { historyByDay } from '#server/modules/billing/history.service.ts';
import { listApiErrors } from '#server/modules/customer/logs.service.ts';
import { listUploads } from '#server/modules/customer/uploads.service.ts';
import { listPayments } from '#server/modules/payments/payments.service.ts';
import {
  ATTACHMENT_TYPES,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  TICKET_STATUSES,
  type AttachmentView,
  type CannedInput,
  type CannedReply,
  type MessageView,
  type NewTicket,
  type QueueQuery,
  type QueueView,
  type Reply,
  type StaffReply,
  type StaffTicketView,
  type TicketList,
  type TicketStatus,
  type TicketSummary,
  type TicketView,
  type UserContext,
} from '#shared/contracts/support.ts';
import { formatMoney } from '#shared/money.ts';
import { activePlan } from './enterprise.service.ts';
import { activeUsers } from './enterprise.repo.ts';
import { renderSupportMail, supportText, type SupportMailKind } from './mail.ts';
import * as repo from './support.repo.ts';

/** Uploads per user per hour (each is at most 5 MB). */
const UPLOADS_PER_HOUR = 30;
const QUEUE_PAGE_SIZE = 30;
const AGE_MS: Record<string, number> = { '1h': 3_600_000, '24h': 86_400_000, '3d': 3 * 86_400_000, '7d': 7 * 86_400_000 };

export const ticketPath = (id: number) => `/support/tickets/${id}`;
export const attachmentUrl = (id: number) => `/api/v2/support/attachments/${id}`;

const seconds = (from: Date, to: Date | null) => (to ? Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000)) : null);

function summary(row: repo.TicketRow): TicketSummary {
  return {
    id: row.id,
    category: row.category,
    subject: row.subject,
    status: row.status,
    enterprise: row.enterprise,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    firstResponseAt: row.firstResponseAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

function attachmentView(a: repo.AttachmentMeta): AttachmentView {
  return { id: a.id, filename: a.filename, contentType: a.contentType, size: a.size, url: attachmentUrl(a.id) };
}

async function thread(ctx: Ctx, row: repo.TicketRow, staff: boolean): Promise<TicketView> {
  const [messages, files] = await Promise.all([repo.messagesOf(ctx.db, row.id, staff), repo.attachmentsOfTicket(ctx.db, row.id)]);
  const byMessage = new Map<number, AttachmentView[]>();
  for (const f of files) if (f.messageId !== null) byMessage.set(f.messageId, [...(byMessage.get(f.messageId) ?? []), attachmentView(f)]);
  const views: MessageView[] = messages.map((msg) => ({
    id: msg.id,
    authorRole: msg.authorRole,
    // The user sees "Support" for staff; staff see who wrote.
    authorName: msg.authorRole === 'staff' && !staff ? null : msg.authorName || msg.authorEmail,
    body: msg.body,
    internal: msg.internal,
    createdAt: msg.createdAt.toISOString(),
    attachments: byMessage.get(msg.id) ?? [],
  }));
  return {
    ...summary(row),
    messages: views,
    firstResponseSeconds: seconds(row.createdAt, row.firstResponseAt),
    resolutionSeconds: row.status === 'closed' ? seconds(row.createdAt, row.closedAt) : null,
  };
}

// ---- mail --------------------------------------------------------------------------------------

/** Mails a person about a ticket when their "tickets" notification setting is on. */
async function mailAbout(ctx: Ctx, userId: number | null, kind: SupportMailKind, ticket: repo.TicketRow, quote?: string) {
  if (userId === null) return;
  const person = await repo.userOf(ctx.db, userId);
  if (!person || person.deletedAt || person.notifications.tickets === false) return;
  const mail = renderSupportMail(ctx, kind, person.language, { id: String(ticket.id), subject: ticket.subject }, kind === 'userReplied' || kind === 'newTicket' ? `/support/queue/${ticket.id}` : ticketPath(ticket.id), quote);
  await ctx.mailer.send({ to: person.email, subject: mail.subject, text: mail.text, html: mail.html }).catch((err: unknown) => ctx.log.error({ err, kind, ticket: ticket.id }, 'support mail failed'));
}

// ---- attachments -------------------------------------------------------------------------------

/**
 * Stores an uploaded file for a later message. The bytes decide the type (PNG, JPEG, WebP, GIF or
 * PDF); the name and declared type are not trusted.
 * @throws AppError PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, RATE_LIMITED
 */
export async function uploadAttachment(ctx: Ctx, userId: number, file: { filename: string; content: Buffer }): Promise<AttachmentView> {
  if (file.content.length === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty.');
  if (file.content.length > SUPPORT_ATTACHMENT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'Attachments are limited to 5 MB.');
  const sniffed = await fileTypeFromBuffer(file.content);
  if (!sniffed || !(ATTACHMENT_TYPES as readonly string[]).includes(sniffed.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Attach a PNG, JPEG, WebP, GIF or PDF file.');
  }
  if ((await repo.recentUploads(ctx.db, userId, new Date(Date.now() - 3_600_000))) >= UPLOADS_PER_HOUR) {
    throw new AppError('RATE_LIMITED', 'Too many uploads in the last hour; try again later.');
  }
  const base = file.filename.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 120) || 'attachment';
  const filename = base.toLowerCase().endsWith(`.${sniffed.ext}`) ? base : `${base}.${sniffed.ext}`;
  const row = await repo.insertAttachment(ctx.db, { userId, filename, contentType: sniffed.mime, size: file.content.length, content: file.content });
  return attachmentView(row);
}

/**
 * An attachment's bytes for its owner (uploader), the ticket's owner or staff. Attachments of
 * internal notes only for staff. Anyone else gets NOT_FOUND (ids are not a secret, access is).
 */
export async function readAttachment(ctx: Ctx, viewer: { id: number; staff: boolean }, id: number) {
  const row = await repo.findAttachment(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such attachment.');
  if (!viewer.staff) {
    let allowed = row.userId === viewer.id;
    if (!allowed && row.ticketId !== null && row.messageId !== null) {
      const ticket = await repo.findOwnTicket(ctx.db, viewer.id, row.ticketId);
      allowed = ticket !== undefined && !(await repo.messageIsInternal(ctx.db, row.messageId));
    }
    if (!allowed) throw new AppError('NOT_FOUND', 'No such attachment.');
  }
  return { filename: row.filename, contentType: row.contentType, content: row.content };
}

async function takeAttachments(ctx: Ctx, userId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const free = await repo.freeAttachments(ctx.db, userId, unique);
  if (free.length !== unique.length) throw new AppError('VALIDATION_FAILED', 'An attachment is missing, already used, or not yours; upload it again.');
  return unique;
}

// ---- the user's side ---------------------------------------------------------------------------

export async function listOwnTickets(ctx: Ctx, userId: number): Promise<TicketList> {
  return { tickets: (await repo.listOwnTickets(ctx.db, userId)).map(summary) };
}

/** @throws AppError NOT_FOUND for a ticket that is not the caller's */
export async function getOwnTicket(ctx: Ctx, userId: number, id: number): Promise<TicketView> {
  const row = await repo.findOwnTicket(ctx.db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such ticket.');
  return thread(ctx, row, false);
}

/**
 * Opens a ticket with its first message and attachments. A customer with a running enterprise
 * plan gets an enterprise ticket (first in the staff queue). `bot` carries a bot conversation.
 */
export async function createTicket(ctx: Ctx, userId: number, input: NewTicket, opts: { botThreadId?: number; transcript?: string } = {}): Promise<TicketView> {
  const plan = await activePlan(ctx, userId);
  // The Enterprise plan's named contact: the staff member who handled the customer last takes the ticket.
  const contact = plan?.plan === 'enterprise' ? await repo.lastAssignee(ctx.db, userId) : null;
  const row = await ctx.db.transaction(async (tx) => {
    const c = withDb(ctx, tx);
    const ids = await takeAttachments(c, userId, input.attachmentIds ?? []);
    const ticket = await repo.insertTicket(tx, {
      userId,
      category: plan && input.category === 'other' ? 'enterprise' : input.category,
      subject: input.subject.trim(),
      enterprise: plan !== null,
      language: input.language && /^[a-z]{2}$/.test(input.language) ? input.language : 'en',
      botThreadId: opts.botThreadId ?? null,
      assigneeId: contact,
    });
    if (opts.transcript) await repo.insertMessage(tx, { ticketId: ticket.id, authorId: null, authorRole: 'bot', body: opts.transcript });
    const message = await repo.insertMessage(tx, { ticketId: ticket.id, authorId: userId, authorRole: 'user', body: input.body.trim() });
    await repo.linkAttachments(tx, ids, ticket.id, message.id);
    return ticket;
  });
  await mailAbout(ctx, userId, 'ticketOpened', row, input.body.trim());
  if (contact !== null) await mailAbout(ctx, contact, 'newTicket', row, input.body.trim());
  return getOwnTicket(ctx, userId, row.id);
}

/** The user's reply: a closed ticket opens again; the assignee is told. */
export async function replyAsUser(ctx: Ctx, userId: number, id: number, input: Reply): Promise<TicketView> {
  const row = await ctx.db.transaction(async (tx) => {
    const ticket = await repo.lockTicket(tx, id);
    if (!ticket || ticket.userId !== userId) throw new AppError('NOT_FOUND', 'No such ticket.');
    const ids = await takeAttachments(withDb(ctx, tx), userId, input.attachmentIds ?? []);
    const message = await repo.insertMessage(tx, { ticketId: id, authorId: userId, authorRole: 'user', body: input.body.trim() });
    await repo.linkAttachments(tx, ids, id, message.id);
    return repo.updateTicket(tx, id, { status: 'open', lastActivityAt: new Date(), closedAt: null, closedBy: null });
  });
  await mailAbout(ctx, row.assigneeId, 'userReplied', row, input.body.trim());
  return getOwnTicket(ctx, userId, id);
}

export async function closeByUser(ctx: Ctx, userId: number, id: number): Promise<TicketView> {
  const ticket = await repo.findOwnTicket(ctx.db, userId, id);
  if (!ticket) throw new AppError('NOT_FOUND', 'No such ticket.');
  if (ticket.status !== 'closed') await repo.updateTicket(ctx.db, id, { status: 'closed', closedAt: new Date(), closedBy: 'user' });
  return getOwnTicket(ctx, userId, id);
}

// ---- staff -------------------------------------------------------------------------------------

export async function staffQueue(ctx: Ctx, staffId: number, q: QueueQuery): Promise<QueueView> {
  const status = q.status;
  const statuses: TicketStatus[] = status === 'all' ? [...TICKET_STATUSES] : status === 'active' ? ['open', 'answered', 'waiting'] : [status];
  const page = q.page;
  const [{ rows, total }, counts, staff] = await Promise.all([
    repo.queue(ctx.db, {
      statuses,
      category: q.category,
      plan: q.plan,
      olderThan: q.age ? new Date(Date.now() - AGE_MS[q.age]!) : undefined,
      assignee: q.assignee === 'me' ? { me: staffId } : q.assignee,
      offset: page * QUEUE_PAGE_SIZE,
      limit: QUEUE_PAGE_SIZE,
    }),
    repo.statusCounts(ctx.db),
    repo.staffMembers(ctx.db),
  ]);
  const byStatus = Object.fromEntries(TICKET_STATUSES.map((s) => [s, 0])) as Record<TicketStatus, number>;
  for (const c of counts) byStatus[c.status] = c.n;
  return {
    rows: rows.map((r) => ({
      ...summary(r.ticket),
      userId: r.ticket.userId,
      userEmail: r.userEmail,
      userType: r.userType,
      assigneeId: r.ticket.assigneeId,
      assigneeEmail: r.assigneeEmail,
      lastFromUser: r.lastFromUser,
    })),
    total,
    page,
    pageSize: QUEUE_PAGE_SIZE,
    counts: byStatus,
    staff,
  };
}

/** What staff see beside the thread: read through each module's own service. */
async function userContext(ctx: Ctx, userId: number, ticketId: number): Promise<UserContext> {
  const person = await repo.userOf(ctx.db, userId);
  if (!person) throw new AppError('NOT_FOUND', 'No such user.');
  const [balance, plan, uploads, errors, payments, others] = await Promise.all([
    getBalance(ctx, userId).catch(() => 0),
    activePlan(ctx, userId),
    listUploads(ctx, userId, { limit: 8 }),
    listApiErrors(ctx, userId, { limit: 8 }),
    listPayments(ctx, userId),
    repo.otherTicketsOf(ctx.db, userId, ticketId),
  ]);
  return {
    id: person.id,
    email: person.email,
    name: person.name,
    userType: person.userType,
    language: person.language,
    createdAt: person.createdAt.toISOString(),
    balance: formatMoney(balance),
    blocked: person.blockedAt !== null,
    enterprise: plan,
    recentTasks: uploads.records.map((u) => ({ id: u.id, type: u.type, state: u.state, price: u.price, createdAt: u.createdAt })),
    recentErrors: errors.records.map((e) => ({ code: e.code, at: e.createdAt, summary: e.summary })),
    payments: payments.slice(0, 8).map((p) => ({ id: p.id, status: p.status, amount: p.amount, provider: p.provider, createdAt: p.createdAt })),
    otherTickets: others,
  };
}

export async function staffTicket(ctx: Ctx, id: number): Promise<StaffTicketView> {
  const row = await repo.findTicket(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such ticket.');
  const [view, user] = await Promise.all([thread(ctx, row, true), userContext(ctx, row.userId, row.id)]);
  return { ...view, assigneeId: row.assigneeId, user };
}

/**
 * A staff reply or internal note. A public reply records the first response time, sets the status
 * (answered unless asked: waiting for the user, or closed) and mails the user; a note changes
 * nothing the user sees. The replying staff member takes an unassigned ticket.
 */
export async function staffReply(ctx: Ctx, staffId: number, id: number, input: StaffReply): Promise<StaffTicketView> {
  const internal = input.internal ?? false;
  const { row, wasClosed } = await ctx.db.transaction(async (tx) => {
    const ticket = await repo.lockTicket(tx, id);
    if (!ticket) throw new AppError('NOT_FOUND', 'No such ticket.');
    const ids = await takeAttachments(withDb(ctx, tx), staffId, input.attachmentIds ?? []);
    const message = await repo.insertMessage(tx, { ticketId: id, authorId: staffId, authorRole: 'staff', body: input.body.trim(), internal });
    await repo.linkAttachments(tx, ids, id, message.id);
    const now = new Date();
    const patch: Parameters<typeof repo.updateTicket>[2] = { assigneeId: ticket.assigneeId ?? staffId };
    if (!internal) {
      const status = input.status ?? 'answered';
      Object.assign(patch, {
        status,
        lastActivityAt: now,
        firstResponseAt: ticket.firstResponseAt ?? now,
        closedAt: status === 'closed' ? now : null,
        closedBy: status === 'closed' ? 'staff' : null,
      });
    }
    return { row: await repo.updateTicket(tx, id, patch), wasClosed: ticket.status === 'closed' };
  });
  if (!internal) await mailAbout(ctx, row.userId, row.status === 'closed' && !wasClosed ? 'ticketClosed' : 'staffReplied', row, input.body.trim());
  return staffTicket(ctx, id);
}

export async function assignTicket(ctx: Ctx, id: number, assigneeId: number | null): Promise<StaffTicketView> {
  if (!(await repo.findTicket(ctx.db, id))) throw new AppError('NOT_FOUND', 'No such ticket.');
  if (assigneeId !== null && !(await repo.isStaff(ctx.db, assigneeId))) throw new AppError('VALIDATION_FAILED', 'Tickets can be assigned to moderators and admins only.');
  const row = await repo.updateTicket(ctx.db, id, { assigneeId });
  if (assigneeId !== null) await mailAbout(ctx, assigneeId, 'newTicket', row);
  return staffTicket(ctx, id);
}

/** Staff set a status by hand (closing records the resolution time and mails the user). */
export async function setStatus(ctx: Ctx, id: number, status: TicketStatus): Promise<StaffTicketView> {
  const ticket = await repo.findTicket(ctx.db, id);
  if (!ticket) throw new AppError('NOT_FOUND', 'No such ticket.');
  if (ticket.status !== status) {
    const now = new Date();
    const row = await repo.updateTicket(ctx.db, id, { status, lastActivityAt: now, closedAt: status === 'closed' ? now : null, closedBy: status === 'closed' ? 'staff' : null });
    if (status === 'closed') await mailAbout(ctx, row.userId, 'ticketClosed', row);
  }
  return staffTicket(ctx, id);
}

/**
 * The auto-close job: tickets answered or waiting for the user with no activity for
 * `SUPPORT_AUTOCLOSE_HOURS` close (closed_by 'auto'); the user is told and can reopen by replying.
 */
export async function autoCloseQuiet(ctx: Ctx, hours: number, at = new Date()): Promise<number> {
  const ids = await repo.quietTickets(ctx.db, new Date(at.getTime() - hours * 3_600_000), 100);
  let closed = 0;
  for (const id of ids) {
    const row = await ctx.db.transaction(async (tx) => {
      const ticket = await repo.lockTicket(tx, id);
      if (!ticket || !['answered', 'waiting'].includes(ticket.status) || ticket.lastActivityAt.getTime() > at.getTime() - hours * 3_600_000) return null;
      return repo.updateTicket(tx, id, { status: 'closed', closedAt: at, closedBy: 'auto' });
    });
    if (row) {
      closed++;
      await mailAbout(ctx, row.userId, 'ticketClosed', row);
    }
  }
  return closed;
}

// ---- canned replies ----------------------------------------------------------------------------

export async function listCanned(ctx: Ctx): Promise<CannedReply[]> {
  return repo.listCanned(ctx.db);
}
export async function createCanned(ctx: Ctx, staffId: number, input: CannedInput): Promise<CannedReply> {
  return repo.insertCanned(ctx.db, { ...input, createdBy: staffId });
}
export async function updateCanned(ctx: Ctx, id: number, input: CannedInput): Promise<CannedReply> {
  const row = await repo.updateCanned(ctx.db, id, input);
  if (!row) throw new AppError('NOT_FOUND', 'No such canned reply.');
  return row;
}
export async function deleteCanned(ctx: Ctx, id: number): Promise<{ deleted: true }> {
  if (!(await repo.deleteCanned(ctx.db, id))) throw new AppError('NOT_FOUND', 'No such canned reply.');
  return { deleted: true };
}

// ---- enterprise usage reports ------------------------------------------------------------------

/**
 * The enterprise plans' monthly usage report: on the first days of a month, every customer whose
 * plan runs gets a ticket (category enterprise, answered, from Support) with last month's money
 * from the ledger (billing's per-day history: spend, refunds, top-ups, active days) and a mail.
 * One per user and month, whichever node runs it (the subject names the month; a lock per user).
 */
export async function postUsageReports(ctx: Ctx, at = new Date()): Promise<number> {
  const first = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 0));
  const month = first.toISOString().slice(0, 7);
  let posted = 0;
  for (const { userId, plan } of await activeUsers(ctx.db, at)) {
    const person = await repo.userOf(ctx.db, userId);
    if (!person || person.deletedAt) continue;
    const lang = person.language;
    const subject = supportText(lang, 'usageReport.subject', { month });
    const history = await historyByDay(ctx, { id: userId, timezone: 'UTC' }, { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) });
    const body = supportText(lang, 'usageReport.body', {
      month,
      plan: supportText(lang, `enterprise.plans.${plan}.name`),
      spend: history.totals.spend,
      refunds: history.totals.refunds,
      topups: history.totals.topups,
      days: String(history.days.length),
    });
    const row = await ctx.db.transaction(async (tx) => {
      await repo.lockUsageReports(tx, userId);
      if (await repo.hasTicketWithSubject(tx, userId, subject)) return null;
      const ticket = await repo.insertTicket(tx, { userId, category: 'enterprise', subject, enterprise: true, language: lang, status: 'answered' });
      await repo.insertMessage(tx, { ticketId: ticket.id, authorId: null, authorRole: 'staff', body });
      return ticket;
    });
    if (row) {
      posted++;
      await mailAbout(ctx, userId, 'staffReplied', row, body);
    }
  }
  return posted;
}
