-- Issue 11 scope 4 and 5: money transfers between accounts (confirmed through a mailed hash link)
-- and vouchers issued by admins in batches. ledger_entries.kind is plain text (its closed set lives
-- in the Drizzle schema), so the new 'voucher' kind needs no constraint change here.
CREATE TABLE "money_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "money_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sender_id" bigint NOT NULL REFERENCES "users"("id"),
	"recipient_id" bigint REFERENCES "users"("id"),
	"recipient_label" text NOT NULL,
	"amount" bigint NOT NULL CHECK ("amount" > 0),
	"status" text DEFAULT 'pending' NOT NULL CHECK ("status" in ('pending', 'confirmed', 'expired', 'refused')),
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "money_transfers_sender_idx" ON "money_transfers" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "money_transfers_recipient_idx" ON "money_transfers" USING btree ("recipient_id","created_at") WHERE recipient_id is not null;--> statement-breakpoint
CREATE TABLE "voucher_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voucher_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"amount" bigint NOT NULL CHECK ("amount" > 0),
	"count" integer NOT NULL CHECK ("count" > 0),
	"note" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" bigint NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"batch_id" bigint NOT NULL REFERENCES "voucher_batches"("id"),
	"code_hash" text NOT NULL,
	"code_hint" text NOT NULL,
	"redeemed_by" bigint REFERENCES "users"("id"),
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_hash_key" ON "vouchers" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "vouchers_batch_idx" ON "vouchers" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "vouchers_redeemed_by_idx" ON "vouchers" USING btree ("redeemed_by") WHERE redeemed_by is not null;
