-- Issue 12: money out (payout wallets confirmed by a mailed link and held, payout requests, return
-- requests of depositors) and the affiliate programme (referrals bound at sign-up, commissions).
-- ledger_entries.kind is plain text (its closed set lives in the Drizzle schema): the new kinds
-- 'payout_return', 'referral_commission' and 'referral_reversal' need no constraint change.
CREATE TABLE "payout_methods" (
	"method" text PRIMARY KEY CHECK ("method" in ('usdt-trc20', 'btc', 'paypal', 'bank')),
	"enabled" boolean NOT NULL,
	"min_amount" bigint NOT NULL CHECK ("min_amount" > 0),
	"fee_fixed" bigint NOT NULL CHECK ("fee_fixed" >= 0),
	"fee_bps" integer NOT NULL CHECK ("fee_bps" >= 0 and "fee_bps" <= 5000),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "payout_methods" ("method", "enabled", "min_amount", "fee_fixed", "fee_bps") VALUES
	('usdt-trc20', true, 5000000, 1000000, 0),
	('btc', true, 20000000, 2000000, 0),
	('paypal', true, 5000000, 0, 200),
	('bank', false, 50000000, 5000000, 0);
--> statement-breakpoint
CREATE TABLE "payout_wallets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_wallets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"method" text NOT NULL REFERENCES "payout_methods"("method"),
	"address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL CHECK ("status" in ('pending', 'active', 'replaced', 'cancelled')),
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"usable_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "payout_wallets_active_confirmed" CHECK ("status" not in ('active', 'replaced') or ("confirmed_at" is not null and "usable_at" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_wallets_one_active" ON "payout_wallets" USING btree ("user_id","method") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "payout_wallets_one_pending" ON "payout_wallets" USING btree ("user_id","method") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "payout_wallets_user_idx" ON "payout_wallets" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE TABLE "payout_wallet_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_wallet_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"wallet_id" bigint NOT NULL REFERENCES "payout_wallets"("id"),
	"event" text NOT NULL CHECK ("event" in ('requested', 'confirmed', 'cancelled', 'replaced')),
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payout_wallet_events_user_idx" ON "payout_wallet_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"wallet_id" bigint NOT NULL REFERENCES "payout_wallets"("id"),
	"method" text NOT NULL,
	"address" text NOT NULL,
	"amount" bigint NOT NULL CHECK ("amount" > 0),
	"fee" bigint NOT NULL CHECK ("fee" >= 0),
	"status" text DEFAULT 'requested' NOT NULL CHECK ("status" in ('requested', 'approved', 'sent', 'rejected')),
	"provider" text DEFAULT 'manual' NOT NULL,
	"reference" text,
	"reject_reason" text,
	"hold_entry_id" bigint NOT NULL UNIQUE REFERENCES "ledger_entries"("id"),
	"return_entry_id" bigint UNIQUE REFERENCES "ledger_entries"("id"),
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" bigint REFERENCES "users"("id"),
	"sent_at" timestamp with time zone,
	"sent_by" bigint REFERENCES "users"("id"),
	"rejected_at" timestamp with time zone,
	"rejected_by" bigint REFERENCES "users"("id"),
	CONSTRAINT "payouts_fee_below_amount" CHECK ("fee" < "amount"),
	CONSTRAINT "payouts_sent_has_reference" CHECK ("status" <> 'sent' or "reference" is not null),
	CONSTRAINT "payouts_rejected_returned" CHECK ("status" <> 'rejected' or ("reject_reason" is not null and "return_entry_id" is not null))
);
--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","requested_at");--> statement-breakpoint
CREATE TABLE "funds_return_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "funds_return_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"amount" bigint NOT NULL CHECK ("amount" > 0),
	"details" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL CHECK ("status" in ('open', 'closed')),
	"staff_note" text,
	"closed_by" bigint REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "funds_return_requests_status_idx" ON "funds_return_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "funds_return_requests_user_idx" ON "funds_return_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TABLE "referrals" (
	"user_id" bigint PRIMARY KEY REFERENCES "users"("id"),
	"referrer_id" bigint NOT NULL REFERENCES "users"("id"),
	"source" text,
	"worker_bps" integer NOT NULL CHECK ("worker_bps" >= 0 and "worker_bps" <= 5000),
	"customer_bps" integer NOT NULL CHECK ("customer_bps" >= 0 and "customer_bps" <= 5000),
	"customer_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_not_self" CHECK ("referrer_id" <> "user_id")
);
--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE TABLE "referral_commissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_commissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"referrer_id" bigint NOT NULL REFERENCES "users"("id"),
	"referred_id" bigint NOT NULL REFERENCES "users"("id"),
	"side" text NOT NULL CHECK ("side" in ('worker', 'customer')),
	"basis_entry_id" bigint NOT NULL UNIQUE REFERENCES "ledger_entries"("id"),
	"entry_id" bigint NOT NULL UNIQUE REFERENCES "ledger_entries"("id"),
	"task_id" bigint,
	"basis_amount" bigint NOT NULL,
	"amount" bigint NOT NULL CHECK ("amount" <> 0),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "referral_commissions_referrer_idx" ON "referral_commissions" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_commissions_task_idx" ON "referral_commissions" USING btree ("referred_id","task_id","side") WHERE task_id is not null;--> statement-breakpoint
-- Clicks on referral links, counted per referrer on /partner.
CREATE INDEX "tracking_events_referral_from_idx" ON "tracking_events" USING btree ((data->>'from'),"created_at") WHERE type = 'referral';--> statement-breakpoint
-- Commissions are written by the database in the transaction of the entry they are paid on, by
-- whatever path wrote it (submission batches, one-statement solves, consensus, the sweeper,
-- reports): one statement-level trigger joins the statement's new entries with the referrals.
-- Referred workers: worker_bps of each earning (and of a release of a held reward), reversed on a
-- hold. Referred customers: customer_bps of each charge until customer_until, reversed on a
-- refund of that task. A reversal never exceeds what that task's commissions still hold, nor the
-- referrer's balance (a balance never goes below zero; the rest is absorbed by the house).
-- Amounts are rounded down to the micro-dollar. The referred user's own entries never change.
CREATE FUNCTION "referral_commissions_on_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	r record;
	v_side text;
	amt bigint;
	remaining bigint;
	bal bigint;
	eid bigint;
BEGIN
	FOR r IN
		SELECT n.id, n.user_id, n.kind, n.amount, n.task_id, f.referrer_id, f.worker_bps, f.customer_bps, f.customer_until
		FROM new_rows n JOIN referrals f ON f.user_id = n.user_id
		WHERE n.kind IN ('earning', 'release', 'hold', 'charge', 'refund') AND n.amount <> 0
		ORDER BY f.referrer_id, n.id
	LOOP
		IF r.kind IN ('earning', 'release') THEN
			v_side := 'worker';
			amt := (r.amount * r.worker_bps) / 10000;
		ELSIF r.kind = 'hold' THEN
			v_side := 'worker';
			amt := -((-r.amount * r.worker_bps) / 10000);
		ELSIF r.kind = 'charge' THEN
			IF now() >= r.customer_until THEN CONTINUE; END IF;
			v_side := 'customer';
			amt := (-r.amount * r.customer_bps) / 10000;
		ELSE
			v_side := 'customer';
			amt := -((r.amount * r.customer_bps) / 10000);
		END IF;
		IF amt < 0 THEN
			IF r.task_id IS NULL THEN CONTINUE; END IF;
			SELECT coalesce(sum(c.amount), 0) INTO remaining FROM referral_commissions c
			WHERE c.referred_id = r.user_id AND c.task_id = r.task_id AND c.side = v_side;
			SELECT u.balance INTO bal FROM users u WHERE u.id = r.referrer_id FOR NO KEY UPDATE;
			amt := -least(-amt, greatest(remaining, 0), greatest(bal, 0));
		END IF;
		IF amt = 0 THEN CONTINUE; END IF;
		UPDATE users SET balance = balance + amt WHERE id = r.referrer_id;
		INSERT INTO ledger_entries (user_id, amount, kind, reason, task_id)
		VALUES (
			r.referrer_id, amt,
			CASE WHEN amt > 0 THEN 'referral_commission' ELSE 'referral_reversal' END,
			CASE WHEN amt > 0 THEN 'Referral commission' ELSE 'Referral commission reversed' END
				|| ' (' || v_side || ' #' || r.user_id || coalesce(', captcha ' || r.task_id, '') || ')',
			r.task_id
		)
		RETURNING id INTO eid;
		INSERT INTO referral_commissions (referrer_id, referred_id, side, basis_entry_id, entry_id, task_id, basis_amount, amount)
		VALUES (r.referrer_id, r.user_id, v_side, r.id, eid, r.task_id, r.amount, amt);
	END LOOP;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_referral_commissions" AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "referral_commissions_on_ledger"();
