CREATE TABLE "ticket_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" bigint NOT NULL,
	"ticket_id" bigint NOT NULL,
	"type" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"node_id" bigint,
	"node_name" text,
	"group_id" bigint,
	"group_name" text,
	"handler_id" bigint,
	"handler_name" text,
	"routed" boolean DEFAULT false NOT NULL,
	"remark" text,
	"actor_id" bigint,
	"actor_name" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_sequences" (
	"organization_id" bigint NOT NULL,
	"prefix" text NOT NULL,
	"last" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_sequences_pk" PRIMARY KEY("organization_id","prefix")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind_id" bigint NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"content" text,
	"state_code" text NOT NULL,
	"status_group" text NOT NULL,
	"group_id" bigint,
	"handler_id" bigint,
	"last_handler_id" bigint,
	"session_id" text,
	"ai_result_id" bigint,
	"field_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state_since" timestamp with time zone DEFAULT now() NOT NULL,
	"alarm_at" timestamp with time zone,
	"timeout_at" timestamp with time zone,
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
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_sequences" ADD CONSTRAINT "ticket_sequences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_events_ticket_idx" ON "ticket_events" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_org_number_uq" ON "tickets" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "tickets_list_idx" ON "tickets" USING btree ("organization_id","deleted","create_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_group_handler_idx" ON "tickets" USING btree ("group_id","handler_id","status_group");--> statement-breakpoint
CREATE INDEX "tickets_handler_idx" ON "tickets" USING btree ("organization_id","handler_id","status_group");--> statement-breakpoint
CREATE INDEX "tickets_session_idx" ON "tickets" USING btree ("organization_id","session_id");--> statement-breakpoint
-- the built-in roles of stores made before tickets existed get the ticket keys their work needs (seed/accounts.ts):
-- the inspector and the agent open and work tickets, the supervisor also moves and assigns any ticket
UPDATE "roles"
SET "permissions" = "permissions" || '["ticket.view","ticket.edit","ticket.manage"]'::jsonb
WHERE "code" = 'supervisor' AND "permissions" @> '["qc-task.edit"]'::jsonb
  AND NOT ("permissions" @> '["ticket.view"]'::jsonb);--> statement-breakpoint
UPDATE "roles"
SET "permissions" = "permissions" || '["ticket.view","ticket.edit"]'::jsonb
WHERE (("code" = 'inspector' AND "permissions" @> '["qc-rule.edit"]'::jsonb)
    OR ("code" = 'agent' AND "permissions" @> '["qc-complaint.edit"]'::jsonb))
  AND NOT ("permissions" @> '["ticket.view"]'::jsonb);
