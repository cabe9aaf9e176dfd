import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

type Row = Record<string, unknown>;
const rowsOf = (res: unknown): Row[] => ((res as { rows?: Row[] }).rows ?? (res as Row[]));

/** Names the actor and reason of the current transaction for the audit triggers (migration 0019). */
export async function setActor(tx: Db, actorId: number, reason: string) {
  await tx.execute(sql`select set_config('captchahub.actor_id', ${String(actorId)}, true), set_config('captchahub.reason', ${reason}, true)`);
}

/** Newest first, with the actor's and target's e-mails; one more than `limit` tells whether more exist. */
export async function listAudit(db: Db, opts: { limit: number; offset: number; userId?: number }) {
  const res = await db.execute(sql`
    select a.id, a.at, a.actor_id, actor.email as actor_email, a.action, a.target_user_id, target.email as target_email, a.reason, a.before, a.after
    from admin_audit_log a
    left join users actor on actor.id = a.actor_id
    left join users target on target.id = a.target_user_id
    where ${opts.userId ?? null}::bigint is null or a.target_user_id = ${opts.userId ?? null}::bigint
    order by a.at desc, a.id desc limit ${opts.limit + 1} offset ${opts.offset}`);
  return rowsOf(res);
}
