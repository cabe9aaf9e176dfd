import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotThreadsView, BotThreadView, HelpSearchResult, StaffTicketView, TicketView } from '#shared/contracts/support.ts';
import { importSeedContent } from '#server/modules/content/seed.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  await importSeedContent({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
});
afterAll(() => t.close());

async function search(q: string, language: string): Promise<HelpSearchResult> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v2/support/search?q=${encodeURIComponent(q)}&language=${language}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<HelpSearchResult>();
}

/** Ten questions users ask, in their words, and the article that answers each (collection/slug). */
const QUESTIONS: { en: string; ru: string; answer: string }[] = [
  { en: 'How do I get a refund for a wrong answer?', ru: 'Как вернуть деньги за неверный ответ?', answer: 'kb/report-wrong-answer' },
  { en: 'How much does an image captcha cost?', ru: 'Сколько стоит капча-картинка?', answer: 'kb/prices-and-charges' },
  { en: 'How can I withdraw my earnings to USDT?', ru: 'Как вывести заработок на USDT?', answer: 'kb/worker-payouts' },
  { en: 'How many correct answers do I need to pass the worker exam?', ru: 'Сколько верных ответов нужно, чтобы сдать экзамен работника?', answer: 'kb/worker-training-exam' },
  { en: 'What does ERROR_ZERO_BALANCE mean?', ru: 'Что значит ошибка ERROR_ZERO_BALANCE?', answer: 'kb/api-error-codes' },
  { en: 'Can I get a push notification when a captcha is solved?', ru: 'Можно получить push-уведомление, когда капча решена?', answer: 'kb/send-push-notification' },
  { en: 'Am I charged for an unsolvable captcha?', ru: 'Списываются ли деньги за нерешаемую капчу?', answer: 'kb/unsolvable-captchas' },
  { en: 'Why is my worker account paused after mistakes?', ru: 'Почему мой аккаунт работника приостановлен после ошибок?', answer: 'kb/worker-mistakes' },
  { en: 'How do I top up my balance?', ru: 'Как пополнить баланс?', answer: 'tutorials/top-up-balance' },
  { en: 'What does the enterprise support plan include?', ru: 'Что входит в тариф корпоративной поддержки?', answer: 'kb/enterprise-support' },
];

describe('help centre search', () => {
  for (const language of ['en', 'ru'] as const) {
    it(`ranks the answering article first for ten fixed questions in ${language}`, async () => {
      const misses: string[] = [];
      for (const q of QUESTIONS) {
        const result = await search(q[language], language);
        const top = result.hits[0];
        if (!top || `${top.collection}/${top.slug}` !== q.answer) misses.push(`${q[language]} → ${top ? `${top.collection}/${top.slug}` : 'nothing'} (want ${q.answer})`);
        else expect(top.quote.length).toBeGreaterThan(20);
      }
      expect(misses).toEqual([]);
    });
  }

  it('searches only from three characters and quotes the matching passage', async () => {
    expect(await search('ab', 'en')).toMatchObject({ searched: false, hits: [] });
    const result = await search('reportbad within 15 minutes', 'en');
    expect(result.hits[0]!.path).toBe('/kb/report-wrong-answer');
    expect(result.hits[0]!.quote).toMatch(/15 minutes/);
  });
});

describe('support bot', () => {
  async function say(headers: Record<string, string>, body: object): Promise<BotThreadView> {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/support/bot/messages', headers, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BotThreadView>();
  }

  it('answers from a FAQ article with a quote and its link, asks a clarifying choice for an ambiguous question, and hands an unanswered one off to a ticket carrying the conversation', async () => {
    const customer = await buildUser(t);
    const moderator = await buildUser(t, { moderator: true });
    const headers = browserHeaders(t, await sessionCookieFor(t, customer.id));

    const answered = await say(headers, { text: 'How do I get a refund for a wrong answer?', language: 'en' });
    const reply = answered.messages.at(-1)!;
    expect(reply).toMatchObject({ role: 'bot', outcome: 'answered' });
    expect(reply.sources[0]!.path).toBe('/kb/report-wrong-answer');
    expect(reply.body).toBe(reply.sources[0]!.quote);
    expect(reply.body.length).toBeGreaterThan(20);

    const ambiguous = await say(headers, { threadId: answered.id, text: 'payouts', language: 'en' });
    const clarify = ambiguous.messages.at(-1)!;
    expect(clarify.outcome).toBe('clarify');
    expect(clarify.sources.length).toBeGreaterThanOrEqual(2);
    const picked = await say(headers, { threadId: answered.id, text: clarify.sources[0]!.title, choice: { collection: clarify.sources[0]!.collection, slug: clarify.sources[0]!.slug }, language: 'en' });
    expect(picked.messages.at(-1)).toMatchObject({ outcome: 'answered', sources: [{ slug: clarify.sources[0]!.slug }] });

    const unanswered = await say(headers, { threadId: answered.id, text: 'Do you sell garden furniture with blue cushions?', language: 'en' });
    expect(unanswered.messages.at(-1)!.outcome).toBe('unanswered');

    // Another visitor cannot read or continue this thread.
    const stranger = browserHeaders(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/support/bot/threads/${answered.id}`, headers: stranger })).statusCode).toBe(404);

    const handoff = await t.app.inject({ method: 'POST', url: '/api/v2/support/bot/handoff', headers, payload: { threadId: answered.id } });
    expect(handoff.statusCode, handoff.body).toBe(200);
    const { ticketId } = handoff.json<{ ticketId: number }>();
    const ticket = (await t.app.inject({ method: 'GET', url: `/api/v2/support/tickets/${ticketId}`, headers })).json<TicketView>();
    expect(ticket.messages[0]!.authorRole).toBe('bot');
    expect(ticket.messages[0]!.body).toContain('How do I get a refund for a wrong answer?');
    expect(ticket.messages[0]!.body).toContain('garden furniture');
    expect(ticket.messages.at(-1)!.body).toBe('Do you sell garden furniture with blue cushions?');

    const staffHeaders = browserHeaders(t, await sessionCookieFor(t, moderator.id));
    const staffView = (await t.app.inject({ method: 'GET', url: `/api/v2/staff/support/tickets/${ticketId}`, headers: staffHeaders })).json<StaffTicketView>();
    expect(staffView.messages[0]!.body).toContain('/kb/report-wrong-answer');
    const threads = (await t.app.inject({ method: 'GET', url: '/api/v2/staff/support/bot-threads?filter=handed_off', headers: staffHeaders })).json<BotThreadsView>();
    expect(threads.threads.find((x) => x.id === answered.id)).toMatchObject({ ticketId, unanswered: 1 });
    expect(threads.unanswered.map((u) => u.text)).toContain('Do you sell garden furniture with blue cushions?');
  });

  it('answers from a fixed FAQ page, quoting its passage', async () => {
    const reply = (await say(browserHeaders(t), { text: 'Which API should I use, v1 or v2?', language: 'en' })).messages.at(-1)!;
    expect(reply.outcome).toBe('answered');
    expect(reply.sources[0]).toMatchObject({ path: '/support/faq/developer', title: 'FAQ for developers' });
    expect(reply.body).toContain('createTask');
  });

  it('lets a visitor who signs in hand their anonymous conversation to a ticket with its token, and nobody without it', async () => {
    const visitor = browserHeaders(t);
    const thread = await say(visitor, { text: 'Do you sell garden furniture with blue cushions?', language: 'en' });
    expect(thread.token.length).toBeGreaterThan(20);
    const user = await buildUser(t);
    const signedIn = browserHeaders(t, await sessionCookieFor(t, user.id));
    const other = browserHeaders(t, await sessionCookieFor(t, (await buildUser(t)).id));
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/support/bot/handoff', headers: signedIn, payload: { threadId: thread.id } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/support/bot/handoff', headers: other, payload: { threadId: thread.id, token: thread.token.slice(0, -2) + 'xx' } })).statusCode).toBe(404);
    const restored = await t.app.inject({ method: 'GET', url: `/api/v2/support/bot/threads/${thread.id}?token=${thread.token}`, headers: signedIn });
    expect(restored.json<BotThreadView>().messages.map((m) => m.body)).toContain('Do you sell garden furniture with blue cushions?');
    const handoff = await t.app.inject({ method: 'POST', url: '/api/v2/support/bot/handoff', headers: signedIn, payload: { threadId: thread.id, token: thread.token } });
    expect(handoff.statusCode, handoff.body).toBe(200);
    const ticket = (await t.app.inject({ method: 'GET', url: `/api/v2/support/tickets/${handoff.json<{ ticketId: number }>().ticketId}`, headers: signedIn })).json<TicketView>();
    expect(ticket.messages[0]!.body).toContain('garden furniture');
    // The claimed thread is now the account's: the other user cannot take it even with the token.
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/support/bot/threads/${thread.id}?token=${thread.token}`, headers: other })).statusCode).toBe(404);
  });

  it('answers in Russian from the Russian version', async () => {
    const reply = (await say(browserHeaders(t), { text: 'Как вернуть деньги за неверный ответ?', language: 'ru' })).messages.at(-1)!;
    expect(reply.outcome).toBe('answered');
    expect(reply.sources[0]!.path).toBe('/kb/report-wrong-answer');
    expect(reply.body).toMatch(/[а-я]/);
  });
});
