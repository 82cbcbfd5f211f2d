CREATE TABLE "agent_live" (
	"organization_id" bigint NOT NULL,
	"agent_id" bigint NOT NULL,
	"status" text DEFAULT 'OFFLINE' NOT NULL,
	"mode" text,
	"status_time" timestamp with time zone NOT NULL,
	"receptions" integer DEFAULT 0 NOT NULL,
	"last_assign_time" timestamp with time zone,
	"day" text NOT NULL,
	"today_receptions" integer DEFAULT 0 NOT NULL,
	"today_closed" integer DEFAULT 0 NOT NULL,
	"today_sent" integer DEFAULT 0 NOT NULL,
	"today_received" integer DEFAULT 0 NOT NULL,
	"today_transfers" integer DEFAULT 0 NOT NULL,
	"today_online_seconds" integer DEFAULT 0 NOT NULL,
	"today_rest_seconds" integer DEFAULT 0 NOT NULL,
	"first_online_time" timestamp with time zone,
	"last_offline_time" timestamp with time zone,
	"modify_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_live_pk" PRIMARY KEY("organization_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" bigint NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"origin" text NOT NULL,
	"session_id" text,
	"seq" integer,
	"agent_id" bigint,
	"at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	"received_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_queue" (
	"organization_id" bigint NOT NULL,
	"session_id" text NOT NULL,
	"line_id" bigint,
	"track_client" text,
	"group_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"excluded_agent_id" bigint,
	"enqueued_at" timestamp with time zone NOT NULL,
	"position" bigserial NOT NULL,
	CONSTRAINT "live_queue_pk" PRIMARY KEY("organization_id","session_id")
);
--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "arrival_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "join_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "first_reply_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "queue_seconds" integer;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "group_id" bigint;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "live_seq" integer;--> statement-breakpoint
ALTER TABLE "agent_live" ADD CONSTRAINT "agent_live_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_queue" ADD CONSTRAINT "live_queue_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_events_org_event_uq" ON "live_events" USING btree ("organization_id","event_id");--> statement-breakpoint
CREATE INDEX "live_events_org_session_idx" ON "live_events" USING btree ("organization_id","session_id","seq");--> statement-breakpoint
CREATE INDEX "live_events_org_agent_idx" ON "live_events" USING btree ("organization_id","agent_id","at");--> statement-breakpoint
CREATE INDEX "live_queue_org_order_idx" ON "live_queue" USING btree ("organization_id","enqueued_at","position");--> statement-breakpoint
CREATE INDEX "live_queue_groups_idx" ON "live_queue" USING gin ("group_ids");--> statement-breakpoint
CREATE INDEX "chat_sessions_org_agent_status_idx" ON "chat_sessions" USING btree ("organization_id","agent_id","status");--> statement-breakpoint
CREATE INDEX "chat_sessions_org_group_join_idx" ON "chat_sessions" USING btree ("organization_id","group_id","join_time");--> statement-breakpoint
CREATE INDEX "chat_sessions_org_customer_idx" ON "chat_sessions" USING btree ("organization_id","customer_id","begin_time");