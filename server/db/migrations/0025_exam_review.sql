-- Issue 21 #4 (worker exam integrity): per-question timing and moderator review of flagged exams.
-- training_images.first_served_at: when the worker's browser first loaded the picture (server clock).
-- training_attempts.question_times: per exam question, ms from issue to the picture's first load and
--   the client-reported ms spent answering it (advisory), recorded at submission.
-- training_attempts.unseen: exam questions answered correctly whose picture was never loaded.
-- training_attempts.review: a flagged exam that would have passed waits for a moderator
--   ('pending' -> 'approved' qualifies the worker, or 'rejected'); null when no review is needed.
ALTER TABLE "training_images" ADD COLUMN "first_served_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "training_attempts" ADD COLUMN "question_times" jsonb;--> statement-breakpoint
ALTER TABLE "training_attempts" ADD COLUMN "unseen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "training_attempts" ADD COLUMN "review" text CHECK ("review" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "training_attempts" ADD COLUMN "reviewed_by" bigint REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "training_attempts" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "training_attempts_review_idx" ON "training_attempts" USING btree ("answered_at") WHERE review = 'pending';
