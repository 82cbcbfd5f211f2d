CREATE TABLE "uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" bigint NOT NULL,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"uploader_id" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_path_uq" ON "uploads" USING btree ("path");--> statement-breakpoint
CREATE INDEX "uploads_org_idx" ON "uploads" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "uploads_unattached_idx" ON "uploads" USING btree ("create_time") WHERE "uploads"."attached_time" is null;