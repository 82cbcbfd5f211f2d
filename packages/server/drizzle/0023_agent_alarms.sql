CREATE TABLE "agent_alarms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" bigint NOT NULL,
	"agent_id" bigint NOT NULL,
	"session_id" text NOT NULL,
	"type" text NOT NULL,
	"source" text,
	"rule_id" bigint,
	"reason" text NOT NULL,
	"message_seq" integer,
	"alarm_time" timestamp with time zone NOT NULL,
	"handled_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agent_alarms" ADD CONSTRAINT "agent_alarms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_alarms_org_agent_idx" ON "agent_alarms" USING btree ("organization_id","agent_id","alarm_time");--> statement-breakpoint
CREATE INDEX "agent_alarms_org_session_idx" ON "agent_alarms" USING btree ("organization_id","session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_alarms_rule_uq" ON "agent_alarms" USING btree ("organization_id","session_id","rule_id","source");--> statement-breakpoint
-- the built-in supervisor of stores made before the monitors gets the keys a new organisation's has (seed/accounts.ts):
-- he watches the live desk, filters it by group and line, and force-transfers chats
UPDATE "roles"
SET "permissions" = "permissions" || COALESCE(
  (SELECT jsonb_agg(k) FROM jsonb_array_elements_text('["csGroup.view","csLine.view","monitor-agent.view","monitor-group.view","monitor-queue.view","monitor.transfer"]'::jsonb) AS keys(k)
   WHERE NOT ("permissions" @> jsonb_build_array(k))),
  '[]'::jsonb)
WHERE "code" = 'supervisor' AND "permissions" @> '["qc-task.edit"]'::jsonb
  AND NOT ("permissions" @> '["monitor-agent.view"]'::jsonb);
