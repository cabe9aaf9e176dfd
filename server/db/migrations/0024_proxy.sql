-- Issue 17: the proxy product. Plans bought from the balance (ledger kind 'proxy_purchase'; the
-- kind column is plain text, its closed set lives in the Drizzle schema), sub-users with hashed
-- passwords, the IP whitelist, and traffic per sub-user and day flushed by the gateway.
CREATE TABLE "proxy_purchases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proxy_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"plan_type" text NOT NULL CHECK ("plan_type" in ('residential', 'mobile', 'datacenter', 'isp')),
	"unit" text NOT NULL CHECK ("unit" in ('gb', 'ip')),
	"country" text,
	"quantity" integer NOT NULL CHECK ("quantity" > 0),
	"bytes_total" bigint NOT NULL CHECK ("bytes_total" >= 0),
	"bytes_used" bigint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL CHECK ("amount" > 0),
	"ledger_entry_id" bigint NOT NULL REFERENCES "ledger_entries"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "proxy_purchases_used_within" CHECK ("bytes_used" >= 0 and "bytes_used" <= "bytes_total")
);
--> statement-breakpoint
CREATE INDEX "proxy_purchases_user_idx" ON "proxy_purchases" USING btree ("user_id","plan_type","expires_at");
--> statement-breakpoint
CREATE TABLE "proxy_sub_users" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proxy_sub_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"login" text NOT NULL CHECK ("login" ~ '^[a-z0-9]{4,32}$'),
	"label" text DEFAULT '' NOT NULL,
	"password_salt" text NOT NULL,
	"password_hash" text NOT NULL,
	"traffic_limit" bigint CHECK ("traffic_limit" > 0),
	"max_connections" integer CHECK ("max_connections" > 0),
	"bytes_up" bigint DEFAULT 0 NOT NULL,
	"bytes_down" bigint DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_sub_users_login" ON "proxy_sub_users" USING btree ("login");
--> statement-breakpoint
CREATE INDEX "proxy_sub_users_user_idx" ON "proxy_sub_users" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "proxy_ip_whitelist" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proxy_ip_whitelist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"sub_user_id" bigint NOT NULL REFERENCES "proxy_sub_users"("id"),
	"cidr" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_ip_whitelist_cidr" ON "proxy_ip_whitelist" USING btree ("cidr");
--> statement-breakpoint
CREATE TABLE "proxy_usage_daily" (
	"sub_user_id" bigint NOT NULL REFERENCES "proxy_sub_users"("id"),
	"day" date NOT NULL,
	"plan_type" text NOT NULL CHECK ("plan_type" in ('residential', 'mobile', 'datacenter', 'isp')),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"bytes_up" bigint DEFAULT 0 NOT NULL,
	"bytes_down" bigint DEFAULT 0 NOT NULL,
	"connections" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "proxy_usage_daily_pk" PRIMARY KEY ("sub_user_id","day","plan_type")
);
--> statement-breakpoint
CREATE INDEX "proxy_usage_daily_user_idx" ON "proxy_usage_daily" USING btree ("user_id","day");
