CREATE TABLE "score_configs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'ONLINE' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"valid_days" integer DEFAULT 3 NOT NULL,
	"agent_visible" boolean DEFAULT false NOT NULL,
	"online_config" jsonb NOT NULL,
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
CREATE TABLE "cs_navs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"type" text NOT NULL,
	"kind" text NOT NULL,
	"welcome" text,
	"online_config" jsonb,
	"hotline_config" jsonb,
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
ALTER TABLE "score_configs" ADD CONSTRAINT "score_configs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_navs" ADD CONSTRAINT "cs_navs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_configs_list_idx" ON "score_configs" USING btree ("organization_id","deleted","modify_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cs_navs_list_idx" ON "cs_navs" USING btree ("organization_id","deleted","kind","modify_time" DESC NULLS LAST);