import type { Ctx } from '#server/lib/ctx.ts';
import type { FeedbackInput, FeedbackList, FeedbackQuery } from '#shared/contracts/support.ts';
import * as repo from './support.repo.ts';

/**
 * /p/service-feedback and /p/proxy-feedback: a rating with an optional comment. Signed-in users
 * may send it anonymously (no account and no e-mail kept); the route limits how often.
 */
export async function submitFeedback(ctx: Ctx, userId: number | null, input: FeedbackInput): Promise<{ id: number }> {
  const anonymous = input.anonymous ?? false;
  return repo.insertFeedback(ctx.db, {
    kind: input.kind,
    rating: input.rating,
    body: (input.body ?? '').trim(),
    email: anonymous ? null : input.email?.trim().toLowerCase() || null,
    userId: anonymous ? null : userId,
    language: input.language && /^[a-z]{2}$/.test(input.language) ? input.language : 'en',
  });
}

export async function listFeedback(ctx: Ctx, q: FeedbackQuery, limit = 500): Promise<FeedbackList> {
  const { rows, total, average } = await repo.listFeedback(ctx.db, {
    kind: q.kind,
    rating: q.rating,
    since: q.days ? new Date(Date.now() - q.days * 86_400_000) : undefined,
    limit,
  });
  return { rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total, averageRating: average };
}

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  // A leading = + - @ would be a formula in a spreadsheet: quote it as text.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The filtered list as CSV (staff export). */
export async function feedbackCsv(ctx: Ctx, q: FeedbackQuery): Promise<string> {
  const list = await listFeedback(ctx, q, 10_000);
  const lines = [['id', 'kind', 'rating', 'created_at', 'language', 'email', 'user_email', 'comment'].join(',')];
  for (const r of list.rows) lines.push([r.id, r.kind, r.rating, r.createdAt, r.language, r.email, r.userEmail, r.body].map(csvCell).join(','));
  return lines.join('\r\n') + '\r\n';
}
