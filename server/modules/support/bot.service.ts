import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sitesOf } from '#server/config.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { articleBySlug, searchArticles } from '#server/modules/content/content.service.ts';
import type { BotSource } from '#server/db/schema/index.ts';
import { getOrCreateSecret } from '#server/modules/settings/secrets.repo.ts';
import { COLLECTION_INFO } from '#shared/contracts/content.ts';
import type { BotMessageInput, BotThreadsView, BotThreadView } from '#shared/contracts/support.ts';
import { isLanguage } from '#shared/i18n/languages.ts';
import { canonicalUrl } from '#shared/i18n/routing.ts';
import * as repo from './bot.repo.ts';
import { HELP_COLLECTIONS, bestPassage, stems, toHit } from './help.service.ts';
import { supportText } from './mail.ts';
import { createTicket } from './support.service.ts';

/** Words that ask for a person rather than an article. */
const HANDOFF = /\b(human|person|operator|agent|real support|talk to support|open a ticket|ticket)\b|человек|оператор|сотрудник|живой|тикет|обращени|人工|客服|工单/iu;

export interface BotCaller {
  userId: number | null;
  /** The CSRF visitor id of an anonymous caller (and of a signed-in one, unused). */
  visitor: string;
}

/** HMAC of the thread id with a generated secret: whoever holds it started the thread. */
async function tokenOf(ctx: Ctx, threadId: number): Promise<string> {
  const secret = await getOrCreateSecret(ctx.db, 'support-bot', () => randomBytes(32).toString('base64url'));
  return createHmac('sha256', secret).update(`support-bot-thread:${threadId}`).digest('base64url');
}

async function tokenMatches(ctx: Ctx, threadId: number, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const want = Buffer.from(await tokenOf(ctx, threadId));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}

async function present(ctx: Ctx, thread: repo.ThreadRow, messages: repo.BotMessageRow[]): Promise<BotThreadView> {
  return {
    id: thread.id,
    token: await tokenOf(ctx, thread.id),
    ticketId: thread.ticketId,
    messages: messages.map((m) => ({ id: m.id, role: m.role, body: m.body, outcome: m.outcome, sources: m.sources, createdAt: m.createdAt.toISOString() })),
  };
}

function owns(thread: repo.ThreadRow, who: BotCaller): boolean {
  return thread.userId !== null ? thread.userId === who.userId : thread.visitor === who.visitor;
}

/**
 * The caller's thread: theirs by account or visitor id, or an anonymous visitor's thread whose
 * token they hold (they signed in since; the thread becomes their account's). Someone else's
 * thread reads as missing.
 */
async function ownThread(ctx: Ctx, id: number, who: BotCaller, token?: string): Promise<repo.ThreadRow> {
  const thread = await repo.findThread(ctx.db, id);
  if (thread && owns(thread, who)) return thread;
  if (thread && thread.userId === null && (await tokenMatches(ctx, id, token))) {
    if (who.userId !== null) await repo.claimThread(ctx.db, id, who.userId);
    return { ...thread, userId: who.userId };
  }
  throw new AppError('NOT_FOUND', 'No such conversation.');
}

export async function getThread(ctx: Ctx, id: number, who: BotCaller, token?: string): Promise<BotThreadView> {
  const thread = await ownThread(ctx, id, who, token);
  return present(ctx, thread, await repo.messagesOfThread(ctx.db, id));
}

/** The share of the question's words an article's text holds. */
function coverage(question: string, plain: string): number {
  const wanted = [...new Set(stems(question))];
  if (wanted.length === 0) return 0;
  const have = new Set(stems(plain));
  return wanted.filter((w) => have.has(w)).length / wanted.length;
}

const source = (h: ReturnType<typeof toHit>): BotSource => ({ collection: h.collection, slug: h.slug, title: h.title, path: h.path, quote: h.quote });

/**
 * One turn of the support bot (`POST /api/v2/support/bot/messages`). The answer comes from the
 * help centre's ranked search: the best article's matching passage quoted with its link; a short
 * question two articles answer about equally well gets a clarifying choice between them; a
 * question nothing answers is recorded as unanswered (staff see it) and offers a ticket; asking
 * for a person offers the hand-off at once. Every message is stored.
 */
export async function say(ctx: Ctx, who: BotCaller, input: BotMessageInput & { hostname?: string }): Promise<BotThreadView> {
  const language = input.language && isLanguage(input.language) ? input.language : 'en';
  const thread = input.threadId ? await ownThread(ctx, input.threadId, who, input.token) : await repo.insertThread(ctx.db, { userId: who.userId, visitor: who.visitor, language });
  if (thread.ticketId !== null) throw new AppError('CONFLICT', 'This conversation was handed to support; continue on the ticket.');
  const text = input.text.trim();
  await repo.insertBotMessage(ctx.db, { threadId: thread.id, role: 'user', body: text });

  if (input.choice) {
    // The user picked an article: quote it for the question they asked before the choice.
    const previous = (await repo.messagesOfThread(ctx.db, thread.id)).filter((m) => m.role === 'user').slice(-2, -1)[0]?.body ?? text;
    const article = await articleBySlug(ctx, input.choice.collection, input.choice.slug, { language, hostname: input.hostname }).catch(() => null);
    if (article) {
      const plain = article.html.replace(/<[^>]+>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ').replace(/[ \t]+/g, ' ');
      const quote = bestPassage(plain, previous);
      const src: BotSource = { collection: input.choice.collection, slug: article.slug, title: article.title, path: `${COLLECTION_INFO[input.choice.collection].path}/${article.slug}`, quote };
      await repo.insertBotMessage(ctx.db, { threadId: thread.id, role: 'bot', body: quote, outcome: 'answered', sources: [src] });
      return getThread(ctx, thread.id, who, input.token);
    }
  }

  if (HANDOFF.test(text)) {
    await repo.insertBotMessage(ctx.db, { threadId: thread.id, role: 'bot', body: '', outcome: 'handoff' });
    return getThread(ctx, thread.id, who, input.token);
  }

  const { hits } = await searchArticles(ctx, { collections: [...HELP_COLLECTIONS], text, language, hostname: input.hostname, limit: 4 });
  const top = hits[0];
  const second = hits[1];
  const words = new Set(stems(text)).size;
  if (top && second && words <= 2 && second.rank >= top.rank * 0.5) {
    const options = hits.slice(0, 3).map((h) => source(toHit(h, text)));
    await repo.insertBotMessage(ctx.db, { threadId: thread.id, role: 'bot', body: '', outcome: 'clarify', sources: options });
  } else if (top && (top.rank >= 1 || coverage(text, `${top.title} ${top.plain}`) >= 0.5)) {
    const best = toHit(top, text);
    const also = second && second.rank >= top.rank * 0.6 ? [source(toHit(second, text))] : [];
    await repo.insertBotMessage(ctx.db, { threadId: thread.id, role: 'bot', body: best.quote, outcome: 'answered', sources: [source(best), ...also] });
  } else {
    await repo.insertBotMessage(ctx.db, { threadId: thread.id, role: 'bot', body: '', outcome: 'unanswered' });
  }
  return getThread(ctx, thread.id, who, input.token);
}

/** The conversation as text for the ticket, in the thread's language. */
function transcript(ctx: Ctx, lang: string, messages: repo.BotMessageRow[]): string {
  const sites = sitesOf(ctx.config);
  const language = isLanguage(lang) ? lang : 'en';
  const lines = [supportText(language, 'botTranscript.heading')];
  for (const m of messages) {
    if (m.role === 'user') lines.push(`${supportText(language, 'botTranscript.user')}: ${m.body}`);
    else if (m.outcome === 'answered') {
      const s = m.sources[0];
      lines.push(`${supportText(language, 'botTranscript.bot')}: «${m.body}»${s ? ` — ${s.title}, ${canonicalUrl(sites, language, s.path)}` : ''}`);
    } else lines.push(`${supportText(language, 'botTranscript.bot')}: ${supportText(language, `botTranscript.${m.outcome ?? 'unanswered'}`)}`);
  }
  return lines.join('\n');
}

/**
 * Hands a conversation to a person: a ticket whose first message is the whole conversation and
 * whose body is the last question. Only the thread's owner, signed in.
 */
export async function handOff(ctx: Ctx, who: BotCaller & { userId: number }, input: { threadId: number; token?: string; subject?: string }): Promise<{ ticketId: number }> {
  const thread = await ownThread(ctx, input.threadId, who, input.token);
  if (thread.ticketId !== null) return { ticketId: thread.ticketId };
  const messages = await repo.messagesOfThread(ctx.db, thread.id);
  const questions = messages.filter((m) => m.role === 'user' && !HANDOFF.test(m.body));
  const last = questions.at(-1)?.body ?? messages.filter((m) => m.role === 'user').at(-1)?.body ?? supportText(thread.language, 'botTranscript.noQuestion');
  const subject = (input.subject?.trim() || questions[0]?.body || last).slice(0, 200);
  const ticket = await createTicket(ctx, who.userId, { category: 'other', subject, body: last, attachmentIds: [], language: thread.language }, { botThreadId: thread.id, transcript: transcript(ctx, thread.language, messages) });
  await repo.setTicket(ctx.db, thread.id, ticket.id);
  await repo.insertBotMessage(ctx.db, { threadId: thread.id, role: 'bot', body: String(ticket.id), outcome: 'handoff' });
  return { ticketId: ticket.id };
}

/** `/p/support-bot-threads`: threads (all, handed off, with unanswered questions) and the unanswered questions. */
export async function staffThreads(ctx: Ctx, filter: 'all' | 'handed_off' | 'unanswered'): Promise<BotThreadsView> {
  const [threads, unanswered] = await Promise.all([repo.listThreads(ctx.db, filter, 200), repo.unansweredQuestions(ctx.db, 100)]);
  return {
    threads: threads.map((t) => ({ ...t, updatedAt: t.updatedAt.toISOString() })),
    unanswered: unanswered.map((u) => ({ ...u, at: u.at.toISOString() })),
  };
}
