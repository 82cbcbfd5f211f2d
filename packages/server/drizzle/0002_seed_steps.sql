ALTER TABLE "organizations" ADD COLUMN "seed_steps" text[];--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","time");