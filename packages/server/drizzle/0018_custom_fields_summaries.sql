CREATE TABLE "custom_fields" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"placeholder" text,
	"intro" text,
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
CREATE TABLE "summary_configs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'ONLINE' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
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
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_configs" ADD CONSTRAINT "summary_configs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_fields_list_idx" ON "custom_fields" USING btree ("organization_id","deleted","modify_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_org_code_uq" ON "custom_fields" USING btree ("organization_id","code") WHERE "custom_fields"."deleted" <> 'BUFFER';--> statement-breakpoint
CREATE INDEX "summary_configs_list_idx" ON "summary_configs" USING btree ("organization_id","deleted","modify_time" DESC NULLS LAST);