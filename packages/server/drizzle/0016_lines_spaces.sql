CREATE TABLE "apps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'FRONT' NOT NULL,
	"mode" text DEFAULT 'DEV' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"organization_id" bigint NOT NULL,
	"deleted" text DEFAULT 'NONE' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"creator_id" bigint,
	"creator_name" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modifier_id" bigint,
	"modifier_name" text,
	"modify_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cs_lines" (
	"id" bigserial NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"intro" text,
	"type" text DEFAULT 'ONLINE' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"app_id" bigint,
	"customer_chatbot_id" bigint,
	"agent_chatbot_id" bigint,
	"reply_space_id" bigint,
	"score_config_id" bigint,
	"ticket_space_id" bigint,
	"summary_config_id" bigint,
	"basic_config" jsonb DEFAULT '{"login":false}'::jsonb NOT NULL,
	"member_object_id" text,
	"member_object_type" text,
	"navs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hotline_group_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"agent_config" jsonb,
	"waiting_config" jsonb,
	"note_config" jsonb,
	"prompt_config" jsonb,
	"message_config" jsonb,
	"organization_id" bigint NOT NULL,
	"deleted" text DEFAULT 'NONE' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"creator_id" bigint,
	"creator_name" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modifier_id" bigint,
	"modifier_name" text,
	"modify_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_lines_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "grants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" bigint NOT NULL,
	"target_type" text NOT NULL,
	"target_id" bigint NOT NULL,
	"member_type" text NOT NULL,
	"member_id" bigint NOT NULL,
	"creator_id" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spaces" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"type" text NOT NULL,
	"intro" text,
	"kind_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"organization_id" bigint NOT NULL,
	"deleted" text DEFAULT 'NONE' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"creator_id" bigint,
	"creator_name" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modifier_id" bigint,
	"modifier_name" text,
	"modify_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_kinds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"task_code" text,
	"status" text DEFAULT 'INACTIVE' NOT NULL,
	"organization_id" bigint NOT NULL,
	"deleted" text DEFAULT 'NONE' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"creator_id" bigint,
	"creator_name" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modifier_id" bigint,
	"modifier_name" text,
	"modify_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_lines" ADD CONSTRAINT "cs_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_kinds" ADD CONSTRAINT "task_kinds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apps_org_idx" ON "apps" USING btree ("organization_id","deleted");--> statement-breakpoint
CREATE INDEX "cs_lines_list_idx" ON "cs_lines" USING btree ("organization_id","deleted","modify_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cs_lines_hotline_groups_idx" ON "cs_lines" USING gin ("hotline_group_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "grants_target_member_uq" ON "grants" USING btree ("organization_id","target_type","target_id","member_type","member_id");--> statement-breakpoint
CREATE INDEX "grants_member_idx" ON "grants" USING btree ("member_type","member_id");--> statement-breakpoint
CREATE INDEX "spaces_list_idx" ON "spaces" USING btree ("organization_id","deleted","modify_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "task_kinds_list_idx" ON "task_kinds" USING btree ("organization_id","deleted","modify_time" DESC NULLS LAST);--> statement-breakpoint
-- every organisation starts with one app its lines belong to
INSERT INTO "apps" ("name", "organization_id") SELECT '在线客服', "id" FROM "organizations";--> statement-breakpoint
-- the lines sessions and QC tasks already name become line records, with the desk's ids and names
INSERT INTO "cs_lines" ("id", "name", "organization_id")
  SELECT DISTINCT ON ("organization_id", "line_id") "line_id", left(coalesce(nullif("line_name", ''), "line_id"::text), 100), "organization_id"
  FROM "chat_sessions" WHERE "line_id" IS NOT NULL ORDER BY "organization_id", "line_id", "id" DESC
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "cs_lines" ("id", "name", "organization_id")
  SELECT DISTINCT ON (t."organization_id", (l->>'lineId')::bigint) (l->>'lineId')::bigint, left(coalesce(nullif(l->>'lineName', ''), l->>'lineId'), 100), t."organization_id"
  FROM "qc_tasks" t, jsonb_array_elements(t."lines") l WHERE l->>'lineId' ~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
SELECT setval('cs_lines_id_seq', greatest((SELECT max("id") FROM "cs_lines"), 1), (SELECT count(*) > 0 FROM "cs_lines"));
