import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttachmentView, QueueView, StaffTicketView, TicketView } from '#shared/contracts/support.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { autoCloseQuiet } from './support.service.ts';

let t: TestApp;
const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

async function as(userId: number) {
  return browserHeaders(t, await sessionCookieFor(t, userId));
}

async function call(userId: number, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: await as(userId), ...(payload ? { payload } : {}) });
}

async function upload(userId: number, content: Buffer, filename = 'screen.png', contentType = 'image/png') {
  const boundary = '----support-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({ method: 'POST', url: '/api/v2/support/attachments', headers: { ...(await as(userId)), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}

const mailsTo = (email: string) => t.app.mailer.outbox().filter((m) => m.to === email);

describe('attachments', () => {
  it('accepts images and PDFs by their bytes and refuses disguised or oversized files', async () => {
    const user = await buildUser(t);
    const png = await upload(user.id, makePng(40, 20));
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json<AttachmentView>()).toMatchObject({ contentType: 'image/png', filename: 'screen.png' });

    const html = await upload(user.id, Buffer.from('<html><script>alert(1)</script></html>'), 'evil.png', 'image/png');
    expect(html.statusCode).toBe(415);
    expect(html.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const big = Buffer.concat([makePng(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await upload(user.id, big);
    expect(tooBig.statusCode).toBe(413);

    const pdf = await upload(user.id, Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), 'invoice.pdf', 'application/octet-stream');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json<AttachmentView>().contentType).toBe('application/pdf');
  });
});

describe('a ticket from opening to closing', () => {
  it('threads the user and staff, keeps notes internal, records response and resolution times, and mails both ways per settings', async () => {
    const customer = await buildUser(t, { userType: 'customer' });
    const moderator = await buildUser(t, { userType: 'customer', moderator: true });
    const file = (await upload(customer.id, makePng(30, 30))).json<AttachmentView>();

    const created = await call(customer.id, 'POST', '/api/v2/support/tickets', { category: 'refunds', subject: 'Refund for a wrong answer', body: 'Task 123 came back wrong.', attachmentIds: [file.id] });
    expect(created.statusCode, created.body).toBe(200);
    const ticket = created.json<TicketView>();
    expect(ticket).toMatchObject({ status: 'open', enterprise: false, firstResponseSeconds: null });
    expect(ticket.messages[0]!.attachments.map((a) => a.id)).toEqual([file.id]);
    expect(mailsTo(customer.email).some((m) => m.subject.includes(`#${ticket.id}`))).toBe(true);

    // The same upload cannot be attached twice.
    const reuse = await call(customer.id, 'POST', '/api/v2/support/tickets', { category: 'other', subject: 'again', body: 'again', attachmentIds: [file.id] });
    expect(reuse.statusCode).toBe(400);

    const queue = (await call(moderator.id, 'GET', '/api/v2/staff/support/tickets?status=open')).json<QueueView>();
    expect(queue.rows.find((r) => r.id === ticket.id)).toMatchObject({ userEmail: customer.email, lastFromUser: true });

    const note = await call(moderator.id, 'POST', `/api/v2/staff/support/tickets/${ticket.id}/messages`, { body: 'Checked logs: the worker answer was wrong.', internal: true });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json<StaffTicketView>()).toMatchObject({ status: 'open', firstResponseAt: null });
    const mailsBefore = mailsTo(customer.email).length;

    const replied = await call(moderator.id, 'POST', `/api/v2/staff/support/tickets/${ticket.id}/messages`, { body: 'We refunded task 123.' });
    const staffView = replied.json<StaffTicketView>();
    expect(staffView).toMatchObject({ status: 'answered', assigneeId: moderator.id });
    expect(staffView.firstResponseSeconds).not.toBeNull();
    expect(staffView.user).toMatchObject({ email: customer.email, userType: 'customer', balance: '0.00' });
    const mail = mailsTo(customer.email);
    expect(mail.length).toBe(mailsBefore + 1);
    expect(mail[0]!.text).toContain('We refunded task 123.');
    expect(mail[0]!.text).not.toContain('Checked logs');

    // The user's view: no internal note, staff shown without a name.
    const own = (await call(customer.id, 'GET', `/api/v2/support/tickets/${ticket.id}`)).json<TicketView>();
    expect(own.messages.map((m) => m.body)).toEqual(['Task 123 came back wrong.', 'We refunded task 123.']);
    expect(own.messages[1]).toMatchObject({ authorRole: 'staff', authorName: null });

    // The user replies (the assignee is mailed) and staff close it.
    const reply = await call(customer.id, 'POST', `/api/v2/support/tickets/${ticket.id}/messages`, { body: 'Thanks, got it.' });
    expect(reply.json<TicketView>().status).toBe('open');
    expect(mailsTo(moderator.email).some((m) => m.text.includes('Thanks, got it.'))).toBe(true);
    const closed = await call(moderator.id, 'POST', `/api/v2/staff/support/tickets/${ticket.id}/status`, { status: 'closed' });
    expect(closed.json<StaffTicketView>().resolutionSeconds).not.toBeNull();

    // With ticket notifications off, no mail.
    await t.database.db.execute(sql`update users set notifications = notifications || '{"tickets": false}'::jsonb where id = ${customer.id}`);
    const count = mailsTo(customer.email).length;
    await call(customer.id, 'POST', `/api/v2/support/tickets/${ticket.id}/messages`, { body: 'One more thing.' });
    await call(moderator.id, 'POST', `/api/v2/staff/support/tickets/${ticket.id}/messages`, { body: 'Sure.' });
    expect(mailsTo(customer.email).length).toBe(count);
  });

  it('closes answered tickets after the quiet period and leaves open ones', async () => {
    const customer = await buildUser(t);
    const moderator = await buildUser(t, { moderator: true });
    const a = (await call(customer.id, 'POST', '/api/v2/support/tickets', { category: 'api', subject: 'A', body: 'a' })).json<TicketView>();
    const b = (await call(customer.id, 'POST', '/api/v2/support/tickets', { category: 'api', subject: 'B', body: 'b' })).json<TicketView>();
    await call(moderator.id, 'POST', `/api/v2/staff/support/tickets/${a.id}/messages`, { body: 'Answer', status: 'waiting' });
    await t.database.db.execute(sql`update support_tickets set last_activity_at = now() - interval '8 days' where id in (${a.id}, ${b.id})`);
    expect(await autoCloseQuiet(ctx(), 168)).toBeGreaterThanOrEqual(1);
    const [ra, rb] = await Promise.all([a, b].map(async (x) => (await call(customer.id, 'GET', `/api/v2/support/tickets/${x.id}`)).json<TicketView>()));
    expect(ra!.status).toBe('closed');
    expect(rb!.status).toBe('open');
  });
});

describe('no user reaches another user\'s ticket or attachment (IDOR)', () => {
  it('answers 404 for every ticket and attachment id of someone else, for reads and writes', async () => {
    const owner = await buildUser(t);
    const intruder = await buildUser(t, { userType: 'worker' });
    const files: AttachmentView[] = [];
    const tickets: TicketView[] = [];
    for (let i = 0; i < 3; i++) {
      const f = (await upload(owner.id, makePng(20 + i, 20))).json<AttachmentView>();
      files.push(f);
      tickets.push((await call(owner.id, 'POST', '/api/v2/support/tickets', { category: 'payments', subject: `Private ${i}`, body: `secret ${i}`, attachmentIds: [f.id] })).json<TicketView>());
    }
    const loose = (await upload(owner.id, makePng(12, 12))).json<AttachmentView>();
    for (const ticket of tickets) {
      for (const [method, url, body] of [
        ['GET', `/api/v2/support/tickets/${ticket.id}`, undefined],
        ['POST', `/api/v2/support/tickets/${ticket.id}/messages`, { body: 'hi' }],
        ['POST', `/api/v2/support/tickets/${ticket.id}/close`, undefined],
      ] as const) {
        const res = await call(intruder.id, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body).not.toContain('secret');
      }
    }
    for (const f of [...files, loose]) {
      const res = await call(intruder.id, 'GET', `/api/v2/support/attachments/${f.id}`);
      expect(res.statusCode).toBe(404);
      // Nor can they attach it to their own ticket to read it.
      const stolen = await call(intruder.id, 'POST', '/api/v2/support/tickets', { category: 'other', subject: 'x', body: 'x', attachmentIds: [f.id] });
      expect(stolen.statusCode).toBe(400);
    }
    const list = (await call(intruder.id, 'GET', '/api/v2/support/tickets')).json<{ tickets: unknown[] }>();
    expect(list.tickets).toEqual([]);
    // Staff-only routes refuse them, and the owner still sees everything unchanged.
    expect((await call(intruder.id, 'GET', `/api/v2/staff/support/tickets/${tickets[0]!.id}`)).statusCode).toBe(403);
    const own = (await call(owner.id, 'GET', `/api/v2/support/tickets/${tickets[0]!.id}`)).json<TicketView>();
    expect(own.status).toBe('open');
    expect(own.messages).toHaveLength(1);
    expect((await call(owner.id, 'GET', `/api/v2/support/attachments/${files[0]!.id}`)).statusCode).toBe(200);
  });

  it('keeps attachments of internal notes from the ticket owner', async () => {
    const owner = await buildUser(t);
    const admin = await buildUser(t, { admin: true });
    const ticket = (await call(owner.id, 'POST', '/api/v2/support/tickets', { category: 'account', subject: 'S', body: 'b' })).json<TicketView>();
    const f = (await upload(admin.id, makePng(16, 16))).json<AttachmentView>();
    await call(admin.id, 'POST', `/api/v2/staff/support/tickets/${ticket.id}/messages`, { body: 'internal evidence', internal: true, attachmentIds: [f.id] });
    expect((await call(owner.id, 'GET', `/api/v2/support/attachments/${f.id}`)).statusCode).toBe(404);
    expect((await call(admin.id, 'GET', `/api/v2/support/attachments/${f.id}`)).statusCode).toBe(200);
  });
});
