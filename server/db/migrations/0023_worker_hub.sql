-- Issue 19: the worker hub. A worker's hub settings (leaderboard opt-out) and the rewards the
-- rewards job pays (daily streak, accuracy tier, milestone): one row per worker and reward key,
-- unique, written in the same statement as its ledger entry (kind 'reward'), so a reward is paid
-- exactly once whatever number of job runs overlap. ledger_entries.kind is plain text (its closed
-- set lives in the Drizzle schema): the new kind needs no change here.
CREATE TABLE "worker_hub_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"leaderboard_opt_out" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "worker_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL CHECK ("kind" in ('streak', 'tier', 'milestone')),
	"key" text NOT NULL,
	"amount" bigint NOT NULL CHECK ("amount" > 0),
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "worker_rewards_once" ON "worker_rewards" USING btree ("user_id", "key");--> statement-breakpoint
CREATE INDEX "worker_rewards_user_idx" ON "worker_rewards" USING btree ("user_id", "created_at");
