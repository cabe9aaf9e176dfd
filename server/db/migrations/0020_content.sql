-- Issue 15: one content engine for three collections (blog, tutorials, software articles).
-- An article has per-language versions (en, ru) holding the Markdown and the HTML rendered from it
-- on save, revisions of every version, image attachments (files under DATA_DIR), and the product's
-- hosts it appears on (content_domains: which collections and languages each host shows).
CREATE TABLE "content_articles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"collection" text NOT NULL CHECK ("collection" in ('blog', 'tutorials', 'software')),
	"slug" text NOT NULL CHECK ("slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length("slug") <= 120),
	"status" text DEFAULT 'draft' NOT NULL CHECK ("status" in ('draft', 'scheduled', 'published', 'unpublished')),
	"publish_at" timestamp with time zone,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"hosts" text[] DEFAULT '{intl,ru,zh}' NOT NULL,
	"cover_attachment_id" bigint,
	"author_id" bigint REFERENCES "users"("id") ON DELETE SET NULL,
	"author_name" text DEFAULT '' NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"seed_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_articles_scheduled_time" CHECK ("status" not in ('scheduled', 'published') or "publish_at" is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_articles_slug_key" ON "content_articles" USING btree ("collection", "slug");--> statement-breakpoint
CREATE INDEX "content_articles_listing_idx" ON "content_articles" USING btree ("collection", "publish_at" DESC, "id" DESC) WHERE "status" in ('scheduled', 'published');--> statement-breakpoint
CREATE INDEX "content_articles_tags_idx" ON "content_articles" USING gin ("tags");--> statement-breakpoint
CREATE TABLE "content_versions" (
	"article_id" bigint NOT NULL REFERENCES "content_articles"("id") ON DELETE CASCADE,
	"language" text NOT NULL CHECK ("language" in ('en', 'ru')),
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"toc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plain" text DEFAULT '' NOT NULL,
	"reading_minutes" integer DEFAULT 1 NOT NULL,
	"search" tsvector GENERATED ALWAYS AS (
		setweight(to_tsvector(CASE WHEN "language" = 'ru' THEN 'russian'::regconfig ELSE 'english'::regconfig END, "title"), 'A') ||
		setweight(to_tsvector(CASE WHEN "language" = 'ru' THEN 'russian'::regconfig ELSE 'english'::regconfig END, "summary"), 'B') ||
		setweight(to_tsvector(CASE WHEN "language" = 'ru' THEN 'russian'::regconfig ELSE 'english'::regconfig END, "plain"), 'C')
	) STORED,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_versions_pkey" PRIMARY KEY ("article_id", "language")
);
--> statement-breakpoint
CREATE INDEX "content_versions_search_idx" ON "content_versions" USING gin ("search");--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"article_id" bigint NOT NULL REFERENCES "content_articles"("id") ON DELETE CASCADE,
	"language" text NOT NULL CHECK ("language" in ('en', 'ru')),
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"author_id" bigint REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "content_revisions_article_idx" ON "content_revisions" USING btree ("article_id", "language", "id" DESC);--> statement-breakpoint
CREATE TABLE "content_attachments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"article_id" bigint REFERENCES "content_articles"("id") ON DELETE SET NULL,
	"sha256" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL CHECK ("width" > 0),
	"height" integer NOT NULL CHECK ("height" > 0),
	"bytes" integer NOT NULL CHECK ("bytes" > 0),
	"widths" integer[] NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"created_by" bigint REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_domains" (
	"host" text PRIMARY KEY NOT NULL,
	"collections" text[] NOT NULL,
	"languages" text[] NOT NULL,
	"updated_by" bigint REFERENCES "users"("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "content_domains" ("host", "collections", "languages") VALUES
	('intl', '{blog,tutorials,software}', '{en,ru}'),
	('ru', '{blog,tutorials,software}', '{ru,en}'),
	('zh', '{blog,tutorials,software}', '{en}');
