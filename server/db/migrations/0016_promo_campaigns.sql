-- Issue 11 scope 6: promo codes (a bonus percentage on a top-up, or a fixed credit on redemption;
-- once per user, expiry, maximum uses) and discount campaigns (time-boxed percentage discounts per
-- captcha type, applied by the pricing engine). ledger_entries.kind is plain text (its closed set,
-- now with 'promo', lives in the Drizzle schema), so no constraint changes there.
CREATE TABLE "promo_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL CHECK ("kind" in ('bonus', 'credit')),
	"bonus_percent" integer CHECK ("bonus_percent" between 1 and 100),
	"amount" bigint CHECK ("amount" > 0),
	"max_uses" integer NOT NULL CHECK ("max_uses" > 0),
	"uses" integer DEFAULT 0 NOT NULL CHECK ("uses" >= 0),
	"credited" bigint DEFAULT 0 NOT NULL CHECK ("credited" >= 0),
	"expires_at" timestamp with time zone,
	"paused" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" bigint NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_uses_max" CHECK ("uses" <= "max_uses"),
	CONSTRAINT "promo_codes_kind_value" CHECK (("kind" = 'bonus' and "bonus_percent" is not null and "amount" is null) or ("kind" = 'credit' and "amount" is not null and "bonus_percent" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"promo_code_id" bigint NOT NULL REFERENCES "promo_codes"("id"),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"payment_id" bigint REFERENCES "payments"("id"),
	"amount" bigint NOT NULL CHECK ("amount" > 0),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_once" ON "promo_redemptions" USING btree ("promo_code_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_payment_key" ON "promo_redemptions" USING btree ("payment_id") WHERE payment_id is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "promo_code_id" bigint REFERENCES "promo_codes"("id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_promo_payment_once" ON "ledger_entries" USING btree ("payment_id") WHERE payment_id is not null and kind = 'promo';--> statement-breakpoint
CREATE TABLE "discount_campaigns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discount_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"types" text[] NOT NULL CHECK (cardinality("types") > 0),
	"percent" integer NOT NULL CHECK ("percent" between 1 and 100),
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"tasks" bigint DEFAULT 0 NOT NULL,
	"discounted" bigint DEFAULT 0 NOT NULL,
	"created_by" bigint NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_campaigns_window" CHECK ("ends_at" > "starts_at")
);
--> statement-breakpoint
CREATE INDEX "discount_campaigns_ends_idx" ON "discount_campaigns" USING btree ("ends_at");
