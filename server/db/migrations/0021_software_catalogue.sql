-- Issue 16: the software catalogue. Listings (each with its own soft_id, a `software` row, once a
-- developer submits it), reviews, screenshots and categories. Seeded entries describe well-known
-- public client libraries from their public facts only: no owner, no soft_id, no reviews, no numbers.
CREATE TABLE "software_categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "software_categories" ("slug", "position") VALUES
	('client-libraries', 1), ('browser-automation', 2), ('browser-extensions', 3), ('desktop-apps', 4),
	('bots-and-scrapers', 5), ('seo-and-marketing', 6), ('other', 7);
--> statement-breakpoint
CREATE TABLE "software_listings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "software_listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"software_id" integer REFERENCES "software"("id") ON DELETE SET NULL,
	"owner_id" bigint REFERENCES "users"("id") ON DELETE SET NULL,
	"slug" text NOT NULL CHECK ("slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length("slug") <= 80),
	"status" text DEFAULT 'pending' NOT NULL CHECK ("status" in ('pending', 'published', 'rejected', 'hidden')),
	"reject_reason" text,
	"name" text NOT NULL,
	"summary" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"categories" text[] DEFAULT '{}' NOT NULL,
	"platforms" text[] DEFAULT '{}' NOT NULL,
	"captcha_types" text[] DEFAULT '{}' NOT NULL,
	"languages" text[] DEFAULT '{}' NOT NULL,
	"price_model" text NOT NULL,
	"site_url" text,
	"repository_url" text,
	"download_url" text,
	"draft" jsonb,
	"draft_at" timestamp with time zone,
	"seed_key" text,
	"published_at" timestamp with time zone,
	"moderated_by" bigint,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "software_listings_published_at" CHECK ("status" <> 'published' or "published_at" is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "software_listings_slug_key" ON "software_listings" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "software_listings_software_key" ON "software_listings" USING btree ("software_id");--> statement-breakpoint
CREATE UNIQUE INDEX "software_listings_seed_key" ON "software_listings" USING btree ("seed_key");--> statement-breakpoint
CREATE INDEX "software_listings_published_idx" ON "software_listings" USING btree ("published_at" DESC, "id" DESC) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "software_listings_categories_idx" ON "software_listings" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "software_listings_owner_idx" ON "software_listings" USING btree ("owner_id");--> statement-breakpoint
CREATE TABLE "software_reviews" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "software_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" bigint NOT NULL REFERENCES "software_listings"("id") ON DELETE CASCADE,
	"user_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"rating" smallint NOT NULL CHECK ("rating" between 1 and 5),
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL CHECK ("status" in ('pending', 'published', 'rejected')),
	"reject_reason" text,
	"reply" text,
	"reply_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"moderated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "software_reviews_once" ON "software_reviews" USING btree ("listing_id", "user_id");--> statement-breakpoint
CREATE INDEX "software_reviews_listing_idx" ON "software_reviews" USING btree ("listing_id", "published_at" DESC, "id" DESC) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "software_reviews_queue_idx" ON "software_reviews" USING btree ("status", "created_at");--> statement-breakpoint
CREATE TABLE "software_screenshots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "software_screenshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" bigint NOT NULL REFERENCES "software_listings"("id") ON DELETE CASCADE,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"full" bytea NOT NULL,
	"thumb" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "software_screenshots_listing_idx" ON "software_screenshots" USING btree ("listing_id", "id");--> statement-breakpoint
-- Per-software statistics and usage read tasks by soft_id and time.
CREATE INDEX IF NOT EXISTS "tasks_soft_id_idx" ON "tasks" USING btree ("soft_id", "created_at") WHERE soft_id IS NOT NULL;--> statement-breakpoint
-- Public client libraries and tools that speak the 2captcha / anti-captcha protocols (their
-- repositories and package registries are the sources). The HTML is rendered on first read.
INSERT INTO "software_listings" ("seed_key", "slug", "status", "name", "summary", "description", "categories", "platforms", "captcha_types", "languages", "price_model", "site_url", "repository_url", "download_url", "published_at") VALUES
('2captcha-python', '2captcha-python', 'published', '2captcha-python', 'The official Python client of the 2captcha API, published by 2captcha.',
 E'The official Python library for the 2captcha API (`pip install 2captcha-python`). It wraps `in.php` / `res.php`: you call a method per captcha type and it submits the task, polls for the answer and returns it.\n\nThe client lets you change the server address, so it works with any service that implements the same protocol.\n\nLicence: MIT.',
 '{client-libraries}', '{python}', '{normal,text,recaptcha_v2,recaptcha_v3,hcaptcha,funcaptcha,geetest,geetest_v4,turnstile,amazon_waf,capy,keycaptcha,lemin,grid,coordinates,rotate,canvas,audio}', '{en}', 'open-source',
 NULL, 'https://github.com/2captcha/2captcha-python', 'https://pypi.org/project/2captcha-python/', now()),
('2captcha-javascript', '2captcha-javascript', 'published', '2captcha-javascript', 'The official JavaScript / Node.js client of the 2captcha API (npm @2captcha/captcha-solver).',
 E'The official JavaScript library for the 2captcha API, published on npm as `@2captcha/captcha-solver`. Promise-based methods per captcha type submit the task and poll for the result.\n\nLicence: MIT.',
 '{client-libraries}', '{nodejs}', '{normal,recaptcha_v2,recaptcha_v3,hcaptcha,funcaptcha,geetest,geetest_v4,turnstile,amazon_waf,lemin,coordinates,grid}', '{en}', 'open-source',
 NULL, 'https://github.com/2captcha/2captcha-javascript', 'https://www.npmjs.com/package/@2captcha/captcha-solver', now()),
('2captcha-php', '2captcha-php', 'published', '2captcha-php', 'The official PHP client of the 2captcha API (Composer package 2captcha/2captcha).',
 E'The official PHP library for the 2captcha API, installed with Composer (`composer require 2captcha/2captcha`). One method per captcha type; it submits, waits and returns the answer.\n\nLicence: MIT.',
 '{client-libraries}', '{php}', '{normal,text,recaptcha_v2,recaptcha_v3,hcaptcha,funcaptcha,geetest,turnstile,capy,keycaptcha,grid,coordinates,rotate,canvas}', '{en}', 'open-source',
 NULL, 'https://github.com/2captcha/2captcha-php', 'https://packagist.org/packages/2captcha/2captcha', now()),
('2captcha-java', '2captcha-java', 'published', '2captcha-java', 'The official Java client of the 2captcha API, published by 2captcha.',
 E'The official Java library for the 2captcha API. Captcha objects per type are passed to a solver that submits them and polls for the answer.\n\nLicence: MIT.',
 '{client-libraries}', '{java}', '{normal,text,recaptcha_v2,recaptcha_v3,hcaptcha,funcaptcha,geetest,turnstile,capy,keycaptcha,grid,coordinates,rotate,canvas}', '{en}', 'open-source',
 NULL, 'https://github.com/2captcha/2captcha-java', NULL, now()),
('2captcha-csharp', '2captcha-csharp', 'published', '2captcha-csharp', 'The official C# / .NET client of the 2captcha API, published by 2captcha.',
 E'The official C# library for the 2captcha API, with asynchronous methods that submit a captcha and wait for its answer.\n\nLicence: MIT.',
 '{client-libraries}', '{dotnet}', '{normal,text,recaptcha_v2,recaptcha_v3,hcaptcha,funcaptcha,geetest,turnstile,capy,keycaptcha,grid,coordinates,rotate,canvas}', '{en}', 'open-source',
 NULL, 'https://github.com/2captcha/2captcha-csharp', NULL, now()),
('2captcha-go', '2captcha-go', 'published', '2captcha-go', 'The official Go client of the 2captcha API, published by 2captcha.',
 E'The official Go module for the 2captcha API (`go get github.com/2captcha/2captcha-go`): build a request per captcha type and let the client submit it and poll for the answer.\n\nLicence: MIT.',
 '{client-libraries}', '{go}', '{normal,text,recaptcha_v2,recaptcha_v3,hcaptcha,funcaptcha,geetest,turnstile,capy,keycaptcha,grid,coordinates,rotate,canvas}', '{en}', 'open-source',
 NULL, 'https://github.com/2captcha/2captcha-go', 'https://pkg.go.dev/github.com/2captcha/2captcha-go', now()),
('2captcha-ruby', '2captcha-ruby', 'published', '2captcha-ruby', 'The official Ruby client of the 2captcha API, published by 2captcha.',
 E'The official Ruby library for the 2captcha API: one method per captcha type that submits the task and polls for the answer.\n\nLicence: MIT.',
 '{client-libraries}', '{ruby}', '{normal,text,recaptcha_v2,recaptcha_v3,hcaptcha,funcaptcha,geetest,turnstile,grid,coordinates,rotate,canvas}', '{en}', 'open-source',
 NULL, 'https://github.com/2captcha/2captcha-ruby', NULL, now()),
('anticaptcha-npm', 'anticaptcha-npm', 'published', 'Anti-Captcha official npm library', 'Anti-Captcha''s official Node.js library (npm @antiadmin/anticaptchaofficial) for the createTask / getTaskResult protocol.',
 E'The official Node.js library of Anti-Captcha, published on npm as `@antiadmin/anticaptchaofficial`. It speaks the JSON protocol (`createTask`, `getTaskResult`), which this service implements too.\n\nLicence: ISC.',
 '{client-libraries}', '{nodejs}', '{normal,recaptcha_v2,recaptcha_v3,hcaptcha,funcaptcha,geetest,turnstile}', '{en}', 'open-source',
 NULL, 'https://github.com/anti-captcha/anticaptcha-npm', 'https://www.npmjs.com/package/@antiadmin/anticaptchaofficial', now()),
('anticaptchaofficial-python', 'anticaptchaofficial-python', 'published', 'Anti-Captcha official Python library', 'Anti-Captcha''s official Python package (anticaptchaofficial) for the createTask / getTaskResult protocol.',
 E'The official Python package of Anti-Captcha (`pip install anticaptchaofficial`), with one solver class per task type over the JSON protocol (`createTask`, `getTaskResult`).',
 '{client-libraries}', '{python}', '{normal,recaptcha_v2,recaptcha_v3,hcaptcha,funcaptcha,geetest,turnstile}', '{en}', 'open-source',
 NULL, NULL, 'https://pypi.org/project/anticaptchaofficial/', now()),
('puppeteer-extra-plugin-recaptcha', 'puppeteer-extra-plugin-recaptcha', 'published', 'puppeteer-extra-plugin-recaptcha', 'A puppeteer-extra plugin that finds reCAPTCHAs and hCaptchas on a page and solves them through a provider such as 2captcha.',
 E'A plugin for [puppeteer-extra](https://github.com/berstend/puppeteer-extra) that detects reCAPTCHA and hCaptcha widgets on the current page and solves them with `page.solveRecaptchas()`. Solving goes through a provider; 2captcha is the built-in one.\n\nLicence: MIT.',
 '{browser-automation}', '{nodejs}', '{recaptcha_v2,hcaptcha}', '{en}', 'open-source',
 NULL, 'https://github.com/berstend/puppeteer-extra/tree/master/packages/puppeteer-extra-plugin-recaptcha', 'https://www.npmjs.com/package/puppeteer-extra-plugin-recaptcha', now()),
('2captcha-ts', '2captcha-ts', 'published', '2captcha-ts', 'A TypeScript / JavaScript library for the 2captcha API, published on npm as 2captcha-ts.',
 E'A library for the 2captcha API written in TypeScript (`npm install 2captcha-ts`), with typed methods per captcha type.\n\nLicence: MIT.',
 '{client-libraries}', '{nodejs}', '{normal,recaptcha_v2,recaptcha_v3,hcaptcha,funcaptcha,geetest}', '{en}', 'open-source',
 NULL, 'https://github.com/dzmitry-duboyski/2captcha-ts', 'https://www.npmjs.com/package/2captcha-ts', now()),
('python-rucaptcha', 'python-rucaptcha', 'published', 'python-rucaptcha', 'A community Python library for the RuCaptcha / 2captcha API, with synchronous and asyncio clients.',
 E'A community-maintained Python library for the RuCaptcha and 2captcha services (`pip install python-rucaptcha`), with synchronous and `asyncio` interfaces.\n\nLicence: MIT.',
 '{client-libraries}', '{python}', '{normal,text,recaptcha_v2,recaptcha_v3,hcaptcha,funcaptcha,geetest,turnstile,capy,keycaptcha,lemin,amazon_waf}', '{en,ru}', 'open-source',
 NULL, 'https://github.com/AndreiDrang/python-rucaptcha', 'https://pypi.org/project/python-rucaptcha/', now()),
('python-anticaptcha', 'python-anticaptcha', 'published', 'python-anticaptcha', 'A community Python client for the Anti-Captcha JSON API.',
 E'A community-maintained Python client for the Anti-Captcha API (`pip install python-anticaptcha`): build a task object, submit it as a job and wait for the solution.\n\nLicence: MIT.',
 '{client-libraries}', '{python}', '{normal,recaptcha_v2,funcaptcha}', '{en}', 'open-source',
 NULL, 'https://github.com/ad-m/python-anticaptcha', 'https://pypi.org/project/python-anticaptcha/', now());
