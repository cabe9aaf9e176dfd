import { z } from 'zod';

/** The support centre (issue 18): tickets, staff queue, help search, bot, enterprise, feedback. */
export const TICKET_CATEGORIES = ['payments', 'refunds', 'api', 'solving', 'worker', 'account', 'enterprise', 'other'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const TICKET_STATUSES = ['open', 'answered', 'waiting', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Attachments: checked by their bytes, not their name or declared type. */
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf'] as const;
export const SUPPORT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_ATTACHMENTS_PER_MESSAGE = 5;
/** Spec §5: search only from 3 characters. */
export const HELP_SEARCH_MIN_CHARS = 3;

const idList = z.array(z.number().int().positive()).max(MAX_ATTACHMENTS_PER_MESSAGE).default([]);
const text = (max: number) => z.string().trim().min(1).max(max);

export const NewTicketSchema = z.object({
  category: z.enum(TICKET_CATEGORIES),
  subject: text(200),
  body: text(20_000),
  attachmentIds: idList,
  language: z.string().max(8).optional(),
});
export type NewTicket = z.input<typeof NewTicketSchema>;

export const ReplySchema = z.object({ body: text(20_000), attachmentIds: idList });
export type Reply = z.input<typeof ReplySchema>;
export const StaffReplySchema = ReplySchema.extend({
  /** An internal note: staff only, never shown or mailed to the user. */
  internal: z.boolean().default(false),
  /** After a public reply: answered (default) or waiting for the user's information. */
  status: z.enum(['answered', 'waiting', 'closed']).optional(),
});
export type StaffReply = z.input<typeof StaffReplySchema>;
export const TicketIdSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const AssignSchema = z.object({ assigneeId: z.number().int().positive().nullable() });
export const StatusSchema = z.object({ status: z.enum(TICKET_STATUSES) });

export const QUEUE_AGES = ['1h', '24h', '3d', '7d'] as const;
export const QueueQuerySchema = z.object({
  status: z.enum([...TICKET_STATUSES, 'active', 'all']).default('active'),
  category: z.enum(TICKET_CATEGORIES).optional(),
  plan: z.enum(['enterprise', 'standard']).optional(),
  /** Waiting at least this long since the last activity. */
  age: z.enum(QUEUE_AGES).optional(),
  assignee: z.enum(['me', 'none']).optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type QueueQuery = z.infer<typeof QueueQuerySchema>;

export interface AttachmentView {
  id: number;
  filename: string;
  contentType: string;
  size: number;
  url: string;
}

export interface MessageView {
  id: number;
  authorRole: 'user' | 'staff' | 'bot';
  /** Staff show as "Support" to the user; staff see the name or e-mail. */
  authorName: string | null;
  body: string;
  internal: boolean;
  createdAt: string;
  attachments: AttachmentView[];
}

export interface TicketSummary {
  id: number;
  category: TicketCategory;
  subject: string;
  status: TicketStatus;
  enterprise: boolean;
  createdAt: string;
  lastActivityAt: string;
  firstResponseAt: string | null;
  closedAt: string | null;
}

export interface TicketView extends TicketSummary {
  messages: MessageView[];
  /** Seconds from opening to the first staff reply, and to closing. */
  firstResponseSeconds: number | null;
  resolutionSeconds: number | null;
}

export interface TicketList {
  tickets: TicketSummary[];
}

export interface QueueRow extends TicketSummary {
  userId: number;
  userEmail: string;
  userType: string | null;
  assigneeId: number | null;
  assigneeEmail: string | null;
  lastFromUser: boolean;
}

export interface QueueView {
  rows: QueueRow[];
  total: number;
  page: number;
  pageSize: number;
  /** Open (not closed) tickets by status, for the filter chips. */
  counts: Record<TicketStatus, number>;
  staff: { id: number; email: string }[];
}

/** What staff see beside a thread, read through the other modules' public services. */
export interface UserContext {
  id: number;
  email: string;
  name: string;
  userType: string | null;
  language: string;
  createdAt: string;
  balance: string;
  blocked: boolean;
  enterprise: { plan: string; expiresAt: string } | null;
  recentTasks: { id: number; type: string; state: string; price: string; createdAt: string }[];
  recentErrors: { code: string; at: string; summary: string }[];
  payments: { id: number; status: string; amount: string; provider: string; createdAt: string }[];
  otherTickets: { id: number; subject: string; status: TicketStatus }[];
}

export interface StaffTicketView extends TicketView {
  assigneeId: number | null;
  user: UserContext;
}

export const CannedSchema = z.object({ title: text(120), body: text(10_000) });
export type CannedInput = z.infer<typeof CannedSchema>;
export interface CannedReply {
  id: number;
  title: string;
  body: string;
}

// Help centre

export const HelpSearchQuerySchema = z.object({ q: z.string().max(200).default(''), language: z.string().max(8).optional(), hostname: z.string().max(253).optional() });
export type HelpSearchQuery = z.input<typeof HelpSearchQuerySchema>;
export interface HelpHit {
  collection: 'faq' | 'kb' | 'tutorials';
  slug: string;
  title: string;
  summary: string;
  /** The unprefixed page path. */
  path: string;
  /** The passage that matched, plain text. */
  quote: string;
  rank: number;
}
export interface HelpSearchResult {
  q: string;
  language: 'en' | 'ru';
  hits: HelpHit[];
  /** False when the text is under 3 characters (nothing was searched). */
  searched: boolean;
}

// Bot

export const BotMessageSchema = z.object({
  threadId: z.number().int().positive().optional(),
  text: z.string().trim().min(1).max(1000),
  language: z.string().max(8).optional(),
  /** The thread's token (from an earlier answer): continues an anonymous visitor's thread after signing in. */
  token: z.string().max(100).optional(),
  /** The article picked from a clarifying choice. */
  choice: z.object({ collection: z.enum(['faq', 'kb', 'tutorials']), slug: z.string().max(120) }).optional(),
});
export type BotMessageInput = z.input<typeof BotMessageSchema>;
export interface BotSourceView {
  collection: string;
  slug: string;
  title: string;
  path: string;
  quote: string;
}
export interface BotMessageView {
  id: number;
  role: 'user' | 'bot';
  body: string;
  outcome: 'answered' | 'clarify' | 'unanswered' | 'handoff' | null;
  sources: BotSourceView[];
  createdAt: string;
}
export interface BotThreadView {
  id: number;
  /** Proves the thread is the caller's when they sign in later (kept in the tab's sessionStorage). */
  token: string;
  ticketId: number | null;
  messages: BotMessageView[];
}
export const HandoffSchema = z.object({ threadId: z.number().int().positive(), token: z.string().max(100).optional(), subject: z.string().trim().max(200).optional() });
export interface BotThreadRow {
  id: number;
  userEmail: string | null;
  language: string;
  ticketId: number | null;
  unanswered: number;
  messages: number;
  firstQuestion: string;
  updatedAt: string;
}
export interface BotThreadsView {
  threads: BotThreadRow[];
  /** Questions the bot could not answer, newest first: the articles to write. */
  unanswered: { threadId: number; text: string; at: string }[];
}
export const BotThreadsQuerySchema = z.object({ filter: z.enum(['all', 'handed_off', 'unanswered']).default('all') });

// Enterprise support (spec §7 pricing, conditions, buy)

export const ENTERPRISE_PLANS = ['business', 'enterprise'] as const;
export type EnterprisePlan = (typeof ENTERPRISE_PLANS)[number];
export const ENTERPRISE_PERIODS = [1, 3, 12] as const;
export const CurrencyQuerySchema = z.object({
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'a three-letter currency code')
    .transform((s) => s.toUpperCase())
    .optional(),
});
export interface EnterprisePlanView {
  plan: EnterprisePlan;
  /** Price per month in `currency`, and per period (longer periods are discounted). */
  monthly: string;
  periods: { months: number; price: string; priceUsd: string; discountPercent: number }[];
  responseHours: number;
  /** Multiplier of the API's request limits. */
  rateLimitMultiplier: number;
  features: string[];
}
export interface EnterprisePricing {
  currency: string;
  plans: EnterprisePlanView[];
}
export interface EnterpriseConditions {
  currency: string;
  /** The minimum balance to buy the cheapest period, in `currency`. */
  minimumBalance: string;
  paymentFrom: 'balance';
  renewal: 'automatic_from_balance';
  /** Days a subscription keeps working after a failed renewal: none. */
  graceDays: 0;
  refund: 'none_after_start';
  periods: number[];
  responseHours: Record<EnterprisePlan, number>;
  queuePriority: true;
  subscription: EnterpriseSubscriptionView | null;
}
export const BuyEnterpriseSchema = z.object({
  plan: z.enum(ENTERPRISE_PLANS),
  months: z.union([z.literal(1), z.literal(3), z.literal(12)]),
  autoRenew: z.boolean().default(true),
});
export type BuyEnterprise = z.input<typeof BuyEnterpriseSchema>;
export interface EnterpriseSubscriptionView {
  id: number;
  plan: EnterprisePlan;
  months: number;
  priceUsd: string;
  autoRenew: boolean;
  startsAt: string;
  expiresAt: string;
  active: boolean;
}
export interface BuyEnterpriseResult {
  subscription: EnterpriseSubscriptionView;
  balance: string;
}
export const AutoRenewSchema = z.object({ autoRenew: z.boolean() });

// Feedback

export const FEEDBACK_KINDS = ['service', 'proxy'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];
export const FeedbackSchema = z.object({
  kind: z.enum(FEEDBACK_KINDS),
  rating: z.number().int().min(1).max(5),
  body: z.string().trim().max(5000).default(''),
  email: z.union([z.literal(''), z.email().max(254)]).optional(),
  anonymous: z.boolean().default(false),
  language: z.string().max(8).optional(),
});
export type FeedbackInput = z.input<typeof FeedbackSchema>;
export const FeedbackQuerySchema = z.object({
  kind: z.enum(FEEDBACK_KINDS).optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  days: z.coerce.number().int().min(1).max(3650).optional(),
});
export type FeedbackQuery = z.infer<typeof FeedbackQuerySchema>;
export interface FeedbackRow {
  id: number;
  kind: FeedbackKind;
  rating: number;
  body: string;
  email: string | null;
  userEmail: string | null;
  language: string;
  createdAt: string;
}
export interface FeedbackList {
  rows: FeedbackRow[];
  averageRating: number | null;
  total: number;
}
