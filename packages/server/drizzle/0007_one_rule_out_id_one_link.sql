-- A rule is linked into an angle once, and an outside id (ruleOutId) names one rule of an organisation. The routes
-- checked both before writing, which concurrent calls slipped past on PostgreSQL; these unique indexes keep them.
-- Copies made that way are resolved first, so that the indexes can be created on any stored data:
-- a rule linked twice into one angle keeps its oldest live link; the later copies are emptied (BUFFER), nothing of
-- them is lost (a link is only the pair).
UPDATE "qc_angle_rules" AS "l"
SET "deleted" = 'BUFFER', "version" = "l"."version" + 1, "modify_time" = now()
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "angle_id", "rule_id" ORDER BY "id") AS "n"
  FROM "qc_angle_rules"
  WHERE "deleted" = 'NONE'
) AS "d"
WHERE "l"."id" = "d"."id" AND "d"."n" > 1;--> statement-breakpoint
-- an outside id held by several rules stays with the oldest live one (the trash after it); the others lose it
UPDATE "qc_rules" AS "r"
SET "rule_out_id" = NULL, "version" = "r"."version" + 1, "modify_time" = now()
FROM (
  SELECT "id",
    row_number() OVER (PARTITION BY "organization_id", "rule_out_id" ORDER BY ("deleted" = 'NONE') DESC, "id") AS "n"
  FROM "qc_rules"
  WHERE "deleted" <> 'BUFFER' AND "rule_out_id" IS NOT NULL
) AS "d"
WHERE "r"."id" = "d"."id" AND "d"."n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "qc_angle_rules_angle_rule_uq" ON "qc_angle_rules" USING btree ("angle_id","rule_id") WHERE "qc_angle_rules"."deleted" = 'NONE';--> statement-breakpoint
CREATE UNIQUE INDEX "qc_rules_org_out_id_uq" ON "qc_rules" USING btree ("organization_id","rule_out_id") WHERE "qc_rules"."deleted" <> 'BUFFER';