CREATE TABLE "ai_result_day_bins" (
	"organization_id" bigint NOT NULL,
	"day" date NOT NULL,
	"scheme_id" bigint NOT NULL,
	"line_id" bigint,
	"agent_id" bigint,
	"group_ids" bigint[] NOT NULL,
	"bin" double precision NOT NULL,
	"results" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_result_day_rules" (
	"organization_id" bigint NOT NULL,
	"day" date NOT NULL,
	"scheme_id" bigint NOT NULL,
	"line_id" bigint,
	"agent_id" bigint,
	"group_ids" bigint[] NOT NULL,
	"rule_id" bigint NOT NULL,
	"results" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_result_days" (
	"organization_id" bigint NOT NULL,
	"day" date NOT NULL,
	"scheme_id" bigint NOT NULL,
	"line_id" bigint,
	"agent_id" bigint,
	"group_ids" bigint[] NOT NULL,
	"results" integer NOT NULL,
	"scored" integer NOT NULL,
	"score_sum" double precision NOT NULL,
	"vetoes" integer NOT NULL,
	"complaints" integer NOT NULL,
	"reviews" integer NOT NULL,
	"agent_name" text,
	"agent_nick" text,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_result_dirty_days" (
	"organization_id" bigint NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "ai_result_dirty_days_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
CREATE INDEX "ai_result_day_bins_org_day_idx" ON "ai_result_day_bins" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "ai_result_day_rules_org_day_idx" ON "ai_result_day_rules" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "ai_result_days_org_day_idx" ON "ai_result_days" USING btree ("organization_id","day");--> statement-breakpoint
-- Every statement that writes ai_results marks the UTC days of the session starts it touched (old and new rows), so
-- the overview rebuilds exactly those days of its rollup; one small insert per statement, not per row.
CREATE FUNCTION "ai_results_mark_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "ai_result_dirty_days" ("organization_id", "day")
      SELECT DISTINCT "organization_id", ("session_begin_time" AT TIME ZONE 'UTC')::date FROM new_rows
      ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "ai_result_dirty_days" ("organization_id", "day")
      SELECT DISTINCT "organization_id", ("session_begin_time" AT TIME ZONE 'UTC')::date FROM old_rows
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ai_results_days_insert" AFTER INSERT ON "ai_results" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ai_results_mark_days"();
--> statement-breakpoint
CREATE TRIGGER "ai_results_days_update" AFTER UPDATE ON "ai_results" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ai_results_mark_days"();
--> statement-breakpoint
CREATE TRIGGER "ai_results_days_delete" AFTER DELETE ON "ai_results" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ai_results_mark_days"();
--> statement-breakpoint
-- A truncate leaves nothing to roll up.
CREATE FUNCTION "ai_results_clear_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ai_result_days";
  DELETE FROM "ai_result_day_bins";
  DELETE FROM "ai_result_day_rules";
  DELETE FROM "ai_result_dirty_days";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ai_results_days_truncate" AFTER TRUNCATE ON "ai_results"
  FOR EACH STATEMENT EXECUTE FUNCTION "ai_results_clear_days"();
--> statement-breakpoint
-- Results written before this migration: every day of them is to be rolled up.
INSERT INTO "ai_result_dirty_days" ("organization_id", "day")
  SELECT DISTINCT "organization_id", ("session_begin_time" AT TIME ZONE 'UTC')::date FROM "ai_results"
  ON CONFLICT DO NOTHING;
