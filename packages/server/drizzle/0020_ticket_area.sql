CREATE TABLE "task_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"capacity" integer DEFAULT 20 NOT NULL,
	"route_type" text DEFAULT 'LOAD' NOT NULL,
	"agent_ticket" boolean DEFAULT true NOT NULL,
	"staff_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"intro" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"rotate_cursor" bigint,
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
CREATE TABLE "task_kind_nodes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" bigint NOT NULL,
	"kind_id" bigint NOT NULL,
	"name" text NOT NULL,
	"handler_type" text NOT NULL,
	"handler_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"state_from" text NOT NULL,
	"state_to" text NOT NULL,
	"alarm_minutes" integer DEFAULT 10 NOT NULL,
	"timeout_minutes" integer DEFAULT 720 NOT NULL,
	"creator_id" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modify_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_states" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"status_group" text NOT NULL,
	"color" text NOT NULL,
	"system" boolean DEFAULT false NOT NULL,
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
ALTER TABLE "task_kinds" ADD COLUMN "attachment_required" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_kinds" ADD COLUMN "state_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "task_kinds" ADD COLUMN "fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "task_groups" ADD CONSTRAINT "task_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_kind_nodes" ADD CONSTRAINT "task_kind_nodes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_states" ADD CONSTRAINT "task_states_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_groups_list_idx" ON "task_groups" USING btree ("organization_id","deleted","modify_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "task_kind_nodes_cell_uq" ON "task_kind_nodes" USING btree ("kind_id","state_from","state_to");--> statement-breakpoint
CREATE INDEX "task_states_list_idx" ON "task_states" USING btree ("organization_id","deleted","status_group");--> statement-breakpoint
CREATE UNIQUE INDEX "task_states_org_code_uq" ON "task_states" USING btree ("organization_id","code") WHERE "task_states"."deleted" <> 'BUFFER';--> statement-breakpoint
-- the system states (contracts SYSTEM_TICKET_STATES) for every organisation that exists already; new ones get them in setUpOrganization
INSERT INTO "task_states" ("name", "code", "status_group", "color", "system", "organization_id")
  SELECT s.name, s.code, s.code, s.color, true, o."id"
  FROM "organizations" o, (VALUES ('待处理', 'PENDING', '#1677ff'), ('处理中', 'PROCESSING', '#faad14'), ('挂起', 'SUSPENDED', '#8c8c8c'), ('已解决', 'RESOLVED', '#52c41a'), ('已关闭', 'CLOSED', '#722ed1')) AS s(name, code, color)
  ON CONFLICT DO NOTHING;
