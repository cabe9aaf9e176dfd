CREATE TABLE "api_errors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"ip" text NOT NULL,
	"code" text NOT NULL,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_type_settings" (
	"slug" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "load_samples" (
	"at" timestamp with time zone NOT NULL,
	"node" text NOT NULL,
	"workers_online" integer NOT NULL,
	"workers_busy" integer NOT NULL,
	"queued" integer NOT NULL,
	CONSTRAINT "load_samples_at_node_pk" PRIMARY KEY("at","node")
);
--> statement-breakpoint
CREATE TABLE "stats_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"submitted" integer DEFAULT 0 NOT NULL,
	"solved" integer DEFAULT 0 NOT NULL,
	"unsolvable" integer DEFAULT 0 NOT NULL,
	"spend" bigint DEFAULT 0 NOT NULL,
	"earned" bigint DEFAULT 0 NOT NULL,
	"turnaround_ms_sum" bigint DEFAULT 0 NOT NULL,
	"wait_ms_sum" bigint DEFAULT 0 NOT NULL,
	"work_ms_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_hourly_hour_type_pk" PRIMARY KEY("hour","type")
);
--> statement-breakpoint
DROP INDEX "ledger_entries_task_once";--> statement-breakpoint
ALTER TABLE "api_settings" ADD COLUMN "consensus" jsonb;--> statement-breakpoint
ALTER TABLE "api_settings" ADD COLUMN "default_language" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "consensus" jsonb;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "verifies_task_id" bigint;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "flag_dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "trusted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "api_errors_user_idx" ON "api_errors" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_ended_idx" ON "tasks" USING btree ("ended_at") WHERE ended_at is not null;--> statement-breakpoint
CREATE INDEX "tasks_verifies_idx" ON "tasks" USING btree ("verifies_task_id") WHERE verifies_task_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_task_once" ON "ledger_entries" USING btree ("task_id","kind","user_id") WHERE task_id is not null and kind in ('charge', 'refund', 'earning', 'commission', 'hold', 'release');