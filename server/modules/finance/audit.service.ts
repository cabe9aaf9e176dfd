import type { AuditEntry, AuditPage } from '#shared/contracts/finance.ts';
import { withDb, type Ctx } from '#server/lib/ctx.ts';
import { listAudit, setActor } from './audit.repo.ts';

const PAGE = 50;

/**
 * Runs `fn` in a transaction that names its actor and reason, so the audit triggers (migration
 * 0019) record every change of a user's rights it makes, with before and after, or none if it fails.
 * Money moved through the ledger with an `actorId` is audited whether or not it runs here.
 */
export function asActor<T>(ctx: Ctx, actorId: number, reason: string, fn: (ctx: Ctx) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await setActor(tx, actorId, reason);
    return fn(withDb(ctx, tx));
  });
}

export async function auditLog(ctx: Ctx, query: { page: number; userId?: number }): Promise<AuditPage> {
  const rows = await listAudit(ctx.db, { limit: PAGE, offset: query.page * PAGE, userId: query.userId });
  const entries: AuditEntry[] = rows.slice(0, PAGE).map((r) => ({
    id: Number(r.id),
    at: new Date(r.at as string).toISOString(),
    actorId: r.actor_id === null ? null : Number(r.actor_id),
    actorEmail: (r.actor_email as string | null) ?? null,
    action: String(r.action),
    targetUserId: r.target_user_id === null ? null : Number(r.target_user_id),
    targetEmail: (r.target_email as string | null) ?? null,
    reason: String(r.reason ?? ''),
    before: typeof r.before === 'string' ? JSON.parse(r.before) : (r.before ?? null),
    after: typeof r.after === 'string' ? JSON.parse(r.after) : (r.after ?? null),
  }));
  return { entries, page: query.page, hasMore: rows.length > PAGE };
}
