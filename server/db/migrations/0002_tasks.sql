CREATE TABLE "api_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"allowed_ips" text[] DEFAULT '{}'::text[] NOT NULL,
	"pingback_hosts" text[] DEFAULT '{}'::text[] NOT NULL,
	"max_bid_per_1000" bigint,
	"sandbox" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pingbacks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pingbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_id" bigint NOT NULL,
	"url" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_id" bigint NOT NULL,
	"worker_id" bigint NOT NULL,
	"outcome" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000000001 CACHE 1),
	"customer_id" bigint NOT NULL,
	"type" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"payload" jsonb NOT NULL,
	"image" "bytea",
	"language" text,
	"price" bigint NOT NULL,
	"reward" bigint NOT NULL,
	"soft_id" integer,
	"pingback" text,
	"api_version" text NOT NULL,
	"source_ip" text NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"worker_id" bigint,
	"lease_expires_at" timestamp with time zone,
	"answer" jsonb,
	"solved_by" bigint,
	"ended_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone,
	"report" text,
	"report_outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_profiles" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"languages" text[] DEFAULT '{en}'::text[] NOT NULL,
	"training_passed_at" timestamp with time zone,
	"training_attempt" integer DEFAULT 0 NOT NULL,
	"blocked_at" timestamp with time zone,
	"mistakes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_settings" ADD CONSTRAINT "api_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pingbacks" ADD CONSTRAINT "pingbacks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_attempts" ADD CONSTRAINT "task_attempts_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD CONSTRAINT "worker_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pingbacks_due_idx" ON "pingbacks" USING btree ("next_attempt_at") WHERE delivered_at is null;--> statement-breakpoint
CREATE INDEX "task_attempts_worker_idx" ON "task_attempts" USING btree ("worker_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_queued_idx" ON "tasks" USING btree ("id") WHERE state = 'queued';--> statement-breakpoint
CREATE INDEX "tasks_leases_idx" ON "tasks" USING btree ("lease_expires_at") WHERE state = 'assigned';--> statement-breakpoint
CREATE INDEX "tasks_open_expiry_idx" ON "tasks" USING btree ("expires_at") WHERE state in ('queued', 'assigned');--> statement-breakpoint
CREATE INDEX "tasks_customer_idx" ON "tasks" USING btree ("customer_id","id");