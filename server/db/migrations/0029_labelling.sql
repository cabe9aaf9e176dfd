-- Issue 19 (data labelling as a product): labelling projects, their uploaded images, the items
-- annotators see (a whole image, possibly downscaled, or one tile of a large image), and the
-- annotations that came back. Each item × annotator is one task on the solving queue; tasks of one
-- item share a group key so the claim never offers two copies of one item to the same worker.
CREATE TABLE "labelling_projects" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "labelling_projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" bigint NOT NULL REFERENCES "users"("id"),
	"name" text NOT NULL,
	"instructions" text NOT NULL,
	"classes" jsonb NOT NULL,
	"kind" text NOT NULL,
	"annotators" integer NOT NULL,
	"tiling" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"type" text NOT NULL,
	"price_each" bigint,
	"charged" bigint,
	"started_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "labelling_projects_owner_idx" ON "labelling_projects" USING btree ("owner_id","id");
--> statement-breakpoint
CREATE INDEX "labelling_projects_running_idx" ON "labelling_projects" USING btree ("id") WHERE status = 'running';
--> statement-breakpoint
CREATE TABLE "labelling_images" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "labelling_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL REFERENCES "labelling_projects"("id") ON DELETE cascade,
	"file_name" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"image" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "labelling_images_project_idx" ON "labelling_images" USING btree ("project_id","id");
--> statement-breakpoint
CREATE TABLE "labelling_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "labelling_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL REFERENCES "labelling_projects"("id") ON DELETE cascade,
	"image_id" bigint NOT NULL REFERENCES "labelling_images"("id") ON DELETE cascade,
	"tile" integer NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"w" integer NOT NULL,
	"h" integer NOT NULL,
	"scale" double precision NOT NULL,
	"image" bytea NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"result" jsonb,
	"disputes" jsonb,
	"round" integer DEFAULT 1 NOT NULL,
	"reviewed_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "labelling_items_project_idx" ON "labelling_items" USING btree ("project_id","status");
--> statement-breakpoint
CREATE TABLE "labelling_tasks" (
	"task_id" bigint PRIMARY KEY NOT NULL,
	"item_id" bigint NOT NULL REFERENCES "labelling_items"("id") ON DELETE cascade,
	"round" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "labelling_tasks_item_idx" ON "labelling_tasks" USING btree ("item_id","round");
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "group_key" text;
--> statement-breakpoint
CREATE INDEX "tasks_group_key_idx" ON "tasks" USING btree ("group_key") WHERE group_key is not null;
