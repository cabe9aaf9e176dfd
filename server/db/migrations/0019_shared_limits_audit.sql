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
