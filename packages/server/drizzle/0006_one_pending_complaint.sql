-- One pending complaint per result. Before this index, concurrent filings on PostgreSQL could leave several
-- PENDING complaints on one result. Of those, the newest stays PENDING (it is the one the result shows as its
-- complaint); the others are closed as rejected (INACTIVE, qc-area §4: PENDING, ACTIVE approved, INACTIVE rejected)
-- with a reason naming the one kept, so that the index below can be created on any stored data.
UPDATE "complaints" AS "c"
SET "status" = 'INACTIVE',
  "common_reason" = '重复的待审核申诉，以申诉 ' || "k"."keep_id" || ' 为准 / duplicate of pending complaint ' || "k"."keep_id",
  "review_time" = now(),
  "modify_time" = now(),
  "version" = "c"."version" + 1
FROM (
  SELECT "id",
    first_value("id") OVER (PARTITION BY "type", "result_id" ORDER BY "create_time" DESC, "id" DESC) AS "keep_id"
  FROM "complaints"
  WHERE "status" = 'PENDING' AND "deleted" = 'NONE'
) AS "k"
WHERE "c"."id" = "k"."id" AND "k"."id" <> "k"."keep_id";--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_one_pending_uq" ON "complaints" USING btree ("type","result_id") WHERE "complaints"."status" = 'PENDING' and "complaints"."deleted" = 'NONE';