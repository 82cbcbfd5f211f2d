CREATE TABLE "censor_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'RUNNING' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_path" text,
	"file_name" text,
	"error" text,
	"creator_id" bigint NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "censor_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" bigint NOT NULL,
	"message_ref" bigint NOT NULL,
	"censor_ban_id" bigint NOT NULL,
	"censor_ban_name" text NOT NULL,
	"censor_words" text[] NOT NULL,
	"censor_spans" jsonb NOT NULL,
	"censor_operation" text NOT NULL,
	"line_id" bigint,
	"line_name" text,
	"session_id" text NOT NULL,
	"chat_id" text NOT NULL,
	"message_id" text NOT NULL,
	"text" text NOT NULL,
	"sender_nick" text,
	"sender_role" text NOT NULL,
	"sender_avatar" text,
	"send_time" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "masked_content" text;--> statement-breakpoint
ALTER TABLE "censor_jobs" ADD CONSTRAINT "censor_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "censor_logs" ADD CONSTRAINT "censor_logs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "censor_logs" ADD CONSTRAINT "censor_logs_message_ref_chat_messages_id_fk" FOREIGN KEY ("message_ref") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "censor_jobs_org_kind_idx" ON "censor_jobs" USING btree ("organization_id","kind","creator_id");--> statement-breakpoint
CREATE INDEX "censor_logs_org_line_send_idx" ON "censor_logs" USING btree ("organization_id","line_id","send_time","id");--> statement-breakpoint
CREATE INDEX "censor_logs_org_ban_send_idx" ON "censor_logs" USING btree ("organization_id","censor_ban_id","send_time");--> statement-breakpoint
CREATE INDEX "censor_logs_org_session_idx" ON "censor_logs" USING btree ("organization_id","session_id");--> statement-breakpoint
CREATE INDEX "censor_logs_message_idx" ON "censor_logs" USING btree ("message_ref");--> statement-breakpoint
CREATE INDEX "chat_messages_org_send_idx" ON "chat_messages" USING btree ("organization_id","send_time","id");