-- hand-written: the old rows were one per failure; the new ones are one per (user name, address) with a count.
-- Forgetting them only lifts lock-outs in progress.
DELETE FROM "login_failures";--> statement-breakpoint
DROP INDEX "login_failures_lookup_idx";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "next_try_time" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "last_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "login_failures_name_ip_key" ON "login_failures" USING btree ("username","ip");--> statement-breakpoint
CREATE INDEX "login_failures_time_idx" ON "login_failures" USING btree ("time");