CREATE TABLE "training_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "training_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"items" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"correct" integer,
	"passed" boolean,
	"too_fast" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_attempts" ADD CONSTRAINT "training_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "training_attempts_user_attempt_idx" ON "training_attempts" USING btree ("user_id","attempt");
--> statement-breakpoint
CREATE INDEX "training_attempts_answered_idx" ON "training_attempts" USING btree ("user_id","answered_at") WHERE answered_at is not null;
--> statement-breakpoint
CREATE TABLE "training_images" (
	"token" text PRIMARY KEY NOT NULL,
	"attempt_id" bigint NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_images" ADD CONSTRAINT "training_images_attempt_id_training_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."training_attempts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "training_images_attempt_idx" ON "training_images" USING btree ("attempt_id");
