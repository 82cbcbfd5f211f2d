CREATE TABLE "complaints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"result_id" bigint NOT NULL,
	"scheme_id" bigint,
	"session_ref" bigint NOT NULL,
	"session_id" text NOT NULL,
	"chat_id" text NOT NULL,
	"agent_id" bigint,
	"agent_name" text,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reason" text NOT NULL,
	"complaint_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachment" text,
	"complaint_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"common_reason" text,
	"common_attachment" text,
	"note" text,
	"reviewer_id" bigint,
	"reviewer_name" text,
	"review_time" timestamp with time zone,
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
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_session_ref_chat_sessions_id_fk" FOREIGN KEY ("session_ref") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_org_status_create_idx" ON "complaints" USING btree ("organization_id","deleted","status","create_time");--> statement-breakpoint
CREATE INDEX "complaints_org_start_idx" ON "complaints" USING btree ("organization_id","deleted","start_time");--> statement-breakpoint
CREATE INDEX "complaints_org_modify_idx" ON "complaints" USING btree ("organization_id","deleted","modify_time");--> statement-breakpoint
CREATE INDEX "complaints_org_session_idx" ON "complaints" USING btree ("organization_id","session_id");--> statement-breakpoint
CREATE INDEX "complaints_org_agent_idx" ON "complaints" USING btree ("organization_id","agent_id");--> statement-breakpoint
CREATE INDEX "complaints_result_idx" ON "complaints" USING btree ("type","result_id");--> statement-breakpoint
CREATE INDEX "complaints_group_ids_idx" ON "complaints" USING gin ("group_ids");