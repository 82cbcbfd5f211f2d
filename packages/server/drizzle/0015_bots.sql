CREATE TABLE "ai_platforms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"outer_id" text,
	"provider" text NOT NULL,
	"base_url" text,
	"api_key" text,
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
CREATE TABLE "chatbots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"nick" text NOT NULL,
	"code" text,
	"status" text DEFAULT 'INACTIVE' NOT NULL,
	"avatar" text,
	"mode" text DEFAULT 'AI' NOT NULL,
	"outer_id" text,
	"platform_id" bigint,
	"space_ids" text[] DEFAULT '{}' NOT NULL,
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
ALTER TABLE "ai_platforms" ADD CONSTRAINT "ai_platforms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_platform_id_ai_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."ai_platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_platforms_list_idx" ON "ai_platforms" USING btree ("organization_id","deleted","modify_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chatbots_list_idx" ON "chatbots" USING btree ("organization_id","deleted","modify_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chatbots_platform_idx" ON "chatbots" USING btree ("platform_id");