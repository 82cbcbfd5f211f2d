CREATE TABLE "censor_bans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"words" text[] DEFAULT '{}'::text[] NOT NULL,
	"operation" text NOT NULL,
	"status" text DEFAULT 'INACTIVE' NOT NULL,
	"flag" text NOT NULL,
	"temp_type" text DEFAULT 'CUSTOM' NOT NULL,
	"scopes" jsonb,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"matches" integer,
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
ALTER TABLE "censor_bans" ADD CONSTRAINT "censor_bans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "censor_bans_org_flag_status_idx" ON "censor_bans" USING btree ("organization_id","flag","status");