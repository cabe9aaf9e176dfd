-- Issue 18: the support centre. Tickets with messages, internal notes and attachments (bytes kept
-- in the database like profile documents), canned replies, support-bot threads, enterprise support
-- subscriptions (paid through the ledger), feedback forms; FAQ and knowledge-base articles as two
-- more collections of the content engine; a real queue priority for enterprise customers' tasks.
CREATE TABLE "support_tickets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"user_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"category" text NOT NULL CHECK ("category" in ('payments', 'refunds', 'api', 'solving', 'worker', 'account', 'enterprise', 'other')),
	"subject" text NOT NULL CHECK (length("subject") between 1 and 200),
	"status" text DEFAULT 'open' NOT NULL CHECK ("status" in ('open', 'answered', 'waiting', 'closed')),
	"enterprise" boolean DEFAULT false NOT NULL,
	"assignee_id" bigint REFERENCES "users"("id") ON DELETE SET NULL,
	"bot_thread_id" bigint,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_response_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" text CHECK ("closed_by" in ('user', 'staff', 'auto'))
);
--> statement-breakpoint
CREATE INDEX "support_tickets_user_idx" ON "support_tickets" USING btree ("user_id", "id" DESC);--> statement-breakpoint
CREATE INDEX "support_tickets_queue_idx" ON "support_tickets" USING btree ("status", "enterprise" DESC, "last_activity_at");--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"ticket_id" bigint NOT NULL REFERENCES "support_tickets"("id") ON DELETE CASCADE,
	"author_id" bigint REFERENCES "users"("id") ON DELETE SET NULL,
	"author_role" text NOT NULL CHECK ("author_role" in ('user', 'staff', 'bot')),
	"body" text NOT NULL CHECK (length("body") between 1 and 20000),
	"internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_internal_staff" CHECK (not "internal" or "author_role" = 'staff')
);
--> statement-breakpoint
CREATE INDEX "support_messages_ticket_idx" ON "support_messages" USING btree ("ticket_id", "id");--> statement-breakpoint
CREATE TABLE "support_attachments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"user_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"ticket_id" bigint REFERENCES "support_tickets"("id") ON DELETE CASCADE,
	"message_id" bigint REFERENCES "support_messages"("id") ON DELETE CASCADE,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL CHECK ("size" > 0),
	"content" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "support_attachments_message_idx" ON "support_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "support_attachments_user_idx" ON "support_attachments" USING btree ("user_id", "created_at");--> statement-breakpoint
CREATE TABLE "support_canned_replies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"title" text NOT NULL CHECK (length("title") between 1 and 120),
	"body" text NOT NULL CHECK (length("body") between 1 and 10000),
	"created_by" bigint REFERENCES "users"("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_bot_threads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"user_id" bigint REFERENCES "users"("id") ON DELETE SET NULL,
	"visitor" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"ticket_id" bigint REFERENCES "support_tickets"("id") ON DELETE SET NULL,
	"unanswered" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "support_bot_threads_recent_idx" ON "support_bot_threads" USING btree ("updated_at" DESC);--> statement-breakpoint
CREATE TABLE "support_bot_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"thread_id" bigint NOT NULL REFERENCES "support_bot_threads"("id") ON DELETE CASCADE,
	"role" text NOT NULL CHECK ("role" in ('user', 'bot')),
	"body" text NOT NULL,
	"outcome" text CHECK ("outcome" in ('answered', 'clarify', 'unanswered', 'handoff')),
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "support_bot_messages_thread_idx" ON "support_bot_messages" USING btree ("thread_id", "id");--> statement-breakpoint
CREATE TABLE "enterprise_subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"user_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"plan" text NOT NULL CHECK ("plan" in ('business', 'enterprise')),
	"months" integer NOT NULL CHECK ("months" in (1, 3, 12)),
	"price" bigint NOT NULL CHECK ("price" > 0),
	"ledger_entry_id" bigint NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"renewed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprise_subscriptions_period" CHECK ("expires_at" > "starts_at")
);
--> statement-breakpoint
CREATE INDEX "enterprise_subscriptions_user_idx" ON "enterprise_subscriptions" USING btree ("user_id", "expires_at" DESC);--> statement-breakpoint
CREATE TABLE "support_feedback" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"kind" text NOT NULL CHECK ("kind" in ('service', 'proxy')),
	"rating" smallint NOT NULL CHECK ("rating" between 1 and 5),
	"body" text DEFAULT '' NOT NULL CHECK (length("body") <= 5000),
	"email" text,
	"user_id" bigint REFERENCES "users"("id") ON DELETE SET NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "support_feedback_kind_idx" ON "support_feedback" USING btree ("kind", "created_at" DESC);--> statement-breakpoint
-- FAQ and knowledge-base articles are content articles of two more collections.
ALTER TABLE "content_articles" DROP CONSTRAINT IF EXISTS "content_articles_collection_check";--> statement-breakpoint
ALTER TABLE "content_articles" ADD CONSTRAINT "content_articles_collection_check" CHECK ("collection" in ('blog', 'tutorials', 'software', 'faq', 'kb'));--> statement-breakpoint
UPDATE "content_domains" SET "collections" = "collections" || ARRAY['faq', 'kb']::text[] WHERE NOT ('faq' = any("collections"));--> statement-breakpoint
-- Enterprise customers' tasks are claimed before equal-price tasks of others queued earlier:
-- tasks.priority is set at insert from the customer's running subscription (a trigger, so the
-- group-committed submission statement keeps its text), and the claim orders by it.
ALTER TABLE "tasks" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "tasks_queued_priority_idx" ON "tasks" USING btree ("priority" DESC, "id") WHERE state = 'queued';--> statement-breakpoint
CREATE FUNCTION "tasks_enterprise_priority"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NOT NEW.sandbox AND EXISTS (
		SELECT 1 FROM enterprise_subscriptions s
		WHERE s.user_id = NEW.customer_id AND s.ended_at IS NULL AND s.starts_at <= now() AND s.expires_at > now()
	) THEN
		NEW.priority := 1;
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tasks_enterprise_priority" BEFORE INSERT ON "tasks" FOR EACH ROW EXECUTE FUNCTION "tasks_enterprise_priority"();
