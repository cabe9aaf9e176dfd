-- Issue 22: limits and bans shared across nodes (lib/shared-store, the PostgreSQL store) and the
-- append-only audit log of admin actions that move money or change a user's rights.
-- UNLOGGED: no WAL for counters written every 100 ms per node; a database crash forgets them,
-- which costs at most one window of a limit.
CREATE UNLOGGED TABLE "shared_counters" (
	"key" text PRIMARY KEY,
	"started_at" bigint NOT NULL,
	"window_ms" bigint NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "shared_bans" (
	"key" text PRIMARY KEY,
	"until" bigint NOT NULL,
	"reset" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
-- No foreign keys: the record outlives the accounts it names.
CREATE TABLE "admin_audit_log" (
	"id" bigserial PRIMARY KEY,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" bigint,
	"action" text NOT NULL,
	"target_user_id" bigint,
	"reason" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "admin_audit_log_at_idx" ON "admin_audit_log" ("at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" ("target_user_id", "at" DESC);
--> statement-breakpoint
CREATE FUNCTION "admin_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'admin_audit_log is append-only';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "admin_audit_log_append_only" BEFORE UPDATE OR DELETE ON "admin_audit_log"
	FOR EACH ROW EXECUTE FUNCTION "admin_audit_log_append_only"();
--> statement-breakpoint
-- Money moved by a person (a ledger entry with an actor: admin adjustments, payment credits and
-- refunds, any kind added later) is audited by the database itself, in the entry's transaction,
-- with the balance before and after (AFTER ROW triggers run once the statement that moved the
-- balance and wrote the entry has finished).
CREATE FUNCTION "audit_ledger_actor"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE bal bigint;
BEGIN
	SELECT balance INTO bal FROM users WHERE id = NEW.user_id;
	INSERT INTO admin_audit_log (actor_id, action, target_user_id, reason, before, after)
	VALUES (NEW.actor_id, 'money.' || NEW.kind, NEW.user_id, NEW.reason,
		jsonb_build_object('balance', bal - NEW.amount),
		jsonb_build_object('balance', bal, 'amount', NEW.amount, 'kind', NEW.kind, 'ledger_entry_id', NEW.id));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_ledger_actor" AFTER INSERT ON "ledger_entries"
	FOR EACH ROW WHEN (NEW.actor_id IS NOT NULL) EXECUTE FUNCTION "audit_ledger_actor"();
--> statement-breakpoint
-- A user's rights (admin, moderator, blocked, role, deletion; a worker's block, training and
-- trust) changed by an admin or moderator: the service names the actor and the reason for its
-- transaction (set_config('captchahub.actor_id' / 'captchahub.reason', …, true), modules/audit);
-- changes a user makes to their own account carry no actor and are not audited here.
CREATE FUNCTION "audit_rights_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	actor bigint := nullif(current_setting('captchahub.actor_id', true), '')::bigint;
	b jsonb;
	a jsonb;
	target bigint;
BEGIN
	IF actor IS NULL THEN RETURN NULL; END IF;
	IF TG_TABLE_NAME = 'users' THEN
		target := NEW.id;
		b := jsonb_build_object('is_admin', OLD.is_admin, 'is_moderator', OLD.is_moderator, 'blocked_at', OLD.blocked_at, 'user_type', OLD.user_type, 'deleted_at', OLD.deleted_at);
		a := jsonb_build_object('is_admin', NEW.is_admin, 'is_moderator', NEW.is_moderator, 'blocked_at', NEW.blocked_at, 'user_type', NEW.user_type, 'deleted_at', NEW.deleted_at);
	ELSE
		target := NEW.user_id;
		b := jsonb_build_object('blocked_at', OLD.blocked_at, 'trusted_at', OLD.trusted_at, 'training_passed_at', OLD.training_passed_at);
		a := jsonb_build_object('blocked_at', NEW.blocked_at, 'trusted_at', NEW.trusted_at, 'training_passed_at', NEW.training_passed_at);
	END IF;
	IF a IS DISTINCT FROM b THEN
		INSERT INTO admin_audit_log (actor_id, action, target_user_id, reason, before, after)
		VALUES (actor, 'rights.' || TG_TABLE_NAME, target, coalesce(current_setting('captchahub.reason', true), ''), b, a);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- WHEN keeps the hot path free: a balance update never calls the function.
CREATE TRIGGER "audit_rights_users" AFTER UPDATE ON "users" FOR EACH ROW
	WHEN (OLD.is_admin IS DISTINCT FROM NEW.is_admin OR OLD.is_moderator IS DISTINCT FROM NEW.is_moderator OR OLD.blocked_at IS DISTINCT FROM NEW.blocked_at
		OR OLD.user_type IS DISTINCT FROM NEW.user_type OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
	EXECUTE FUNCTION "audit_rights_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_rights_worker_profiles" AFTER UPDATE ON "worker_profiles" FOR EACH ROW
	WHEN (OLD.blocked_at IS DISTINCT FROM NEW.blocked_at OR OLD.trusted_at IS DISTINCT FROM NEW.trusted_at OR OLD.training_passed_at IS DISTINCT FROM NEW.training_passed_at)
	EXECUTE FUNCTION "audit_rights_change"();
