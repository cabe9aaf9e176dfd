-- Issue 14: the product's own demo captchas (single-use, expiring, answers kept server-side) and
-- the recognition examples drawn from demo captchas that were solved through the product's API.
CREATE TABLE "demo_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"answer" jsonb NOT NULL,
	"image" bytea,
	"question" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE INDEX "demo_challenges_expires_idx" ON "demo_challenges" USING btree ("expires_at");
--> statement-breakpoint
CREATE TABLE "recognition_examples" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recognition_examples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"challenge_id" text NOT NULL,
	"task_id" bigint NOT NULL,
	"type" text NOT NULL,
	"image" bytea,
	"question" text,
	"params" jsonb NOT NULL,
	"answer" text NOT NULL,
	"solve_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recognition_examples_challenge_unique" UNIQUE("challenge_id"),
	CONSTRAINT "recognition_examples_task_unique" UNIQUE("task_id")
);
--> statement-breakpoint
CREATE INDEX "recognition_examples_slug_idx" ON "recognition_examples" USING btree ("slug","id");
