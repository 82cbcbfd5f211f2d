CREATE TABLE "cs_agents" (
	"id" bigserial NOT NULL,
	"user_id" bigint,
	"work_no" text,
	"name" text,
	"nick" text NOT NULL,
	"status" text DEFAULT 'OFFLINE' NOT NULL,
	"mode" text,
	"code" text,
	"avatar" text,
	"capacity" integer DEFAULT 20 NOT NULL,
	"soft_number" text,
	"sip_number" text,
	"mobile" text,
	"call_platform" text,
	"platform_agent_id" text,
	"organization_id" bigint NOT NULL,
	"deleted" text DEFAULT 'NONE' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"creator_id" bigint,
	"creator_name" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modifier_id" bigint,
	"modifier_name" text,
	"modify_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_agents_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "cs_groups" (
	"id" bigserial NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"code" text,
	"intro" text,
	"time_id" bigint,
	"parent_id" bigint,
	"agent_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"config" jsonb,
	"organization_id" bigint NOT NULL,
	"deleted" text DEFAULT 'NONE' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"creator_id" bigint,
	"creator_name" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modifier_id" bigint,
	"modifier_name" text,
	"modify_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_groups_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "cs_times" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"prompt" text,
	"config" jsonb NOT NULL,
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
ALTER TABLE "cs_agents" ADD CONSTRAINT "cs_agents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_groups" ADD CONSTRAINT "cs_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_times" ADD CONSTRAINT "cs_times_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cs_agents_list_idx" ON "cs_agents" USING btree ("organization_id","deleted","modify_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "cs_agents_org_user_uq" ON "cs_agents" USING btree ("organization_id","user_id") WHERE "cs_agents"."user_id" is not null and "cs_agents"."deleted" <> 'BUFFER';--> statement-breakpoint
CREATE UNIQUE INDEX "cs_agents_org_platform_uq" ON "cs_agents" USING btree ("organization_id","call_platform","platform_agent_id") WHERE "cs_agents"."platform_agent_id" is not null and "cs_agents"."deleted" <> 'BUFFER';--> statement-breakpoint
CREATE INDEX "cs_groups_list_idx" ON "cs_groups" USING btree ("organization_id","deleted","modify_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cs_groups_time_idx" ON "cs_groups" USING btree ("organization_id","time_id");--> statement-breakpoint
CREATE INDEX "cs_groups_agents_idx" ON "cs_groups" USING gin ("agent_ids");--> statement-breakpoint
CREATE INDEX "cs_times_list_idx" ON "cs_times" USING btree ("organization_id","deleted","modify_time" DESC NULLS LAST);