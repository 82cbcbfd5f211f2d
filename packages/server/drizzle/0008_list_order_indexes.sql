-- Statistics for the planner on a store upgraded with data in it: PGlite has no autovacuum, so without this its
-- planner guesses every equality matches 0.5 % of the rows and sorts whole tables for a page of them.
ANALYZE "ai_results";--> statement-breakpoint
ANALYZE "chat_sessions";--> statement-breakpoint
CREATE INDEX "ai_results_org_status_begin_idx" ON "ai_results" USING btree ("organization_id","deleted","ai_status","session_begin_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "chat_sessions_org_begin_id_idx" ON "chat_sessions" USING btree ("organization_id","begin_time","id");