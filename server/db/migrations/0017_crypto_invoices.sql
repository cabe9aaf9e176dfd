-- Issue 11 scope 1: crypto invoices. An invoice is a payment (provider btc, bch or usdt_trc20) with
-- its own deposit address, derived from the configured account xpub at the next index of that key,
-- and the coin amount at a rate locked until it expires. Deposits are what the chain watcher saw
-- (once per transaction output); each is credited at most once, either with its invoice's payment
-- or, when it came late or after the invoice was settled, as a payment of its own.
CREATE TABLE "crypto_address_counters" (
	"coin" text NOT NULL,
	"key_id" text NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL CHECK ("next_index" >= 0),
	CONSTRAINT "crypto_address_counters_pk" PRIMARY KEY ("coin", "key_id")
);
--> statement-breakpoint
CREATE TABLE "crypto_invoices" (
	"payment_id" bigint PRIMARY KEY NOT NULL REFERENCES "payments"("id"),
	"coin" text NOT NULL CHECK ("coin" in ('BTC', 'BCH', 'USDT_TRC20')),
	"key_id" text NOT NULL,
	"derivation_index" integer NOT NULL,
	"address" text NOT NULL,
	"amount_due" bigint NOT NULL CHECK ("amount_due" > 0),
	"usd_amount" bigint NOT NULL CHECK ("usd_amount" > 0),
	"rate" bigint NOT NULL CHECK ("rate" > 0),
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL CHECK ("status" in ('open', 'confirming', 'paid', 'overpaid', 'underpaid', 'expired')),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_invoices_address_key" ON "crypto_invoices" USING btree ("coin", "address");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_invoices_index_key" ON "crypto_invoices" USING btree ("coin", "key_id", "derivation_index");--> statement-breakpoint
CREATE INDEX "crypto_invoices_watch_idx" ON "crypto_invoices" USING btree ("coin", "expires_at");--> statement-breakpoint
CREATE TABLE "crypto_deposits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crypto_deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"coin" text NOT NULL,
	"txid" text NOT NULL,
	"vout" integer NOT NULL,
	"invoice_id" bigint NOT NULL REFERENCES "crypto_invoices"("payment_id"),
	"amount" bigint NOT NULL CHECK ("amount" > 0),
	"block_height" integer,
	"seen_at" timestamp with time zone NOT NULL,
	"late" boolean NOT NULL,
	"rate" bigint NOT NULL CHECK ("rate" > 0),
	"credited_payment_id" bigint REFERENCES "payments"("id"),
	"credited_amount" bigint,
	"credited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_deposits_output_key" ON "crypto_deposits" USING btree ("coin", "txid", "vout");--> statement-breakpoint
CREATE INDEX "crypto_deposits_invoice_idx" ON "crypto_deposits" USING btree ("invoice_id");
