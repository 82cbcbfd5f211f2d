CREATE TABLE "live_batches" (
	"organization_id" bigint NOT NULL,
	"batch_id" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_batches_organization_id_batch_id_pk" PRIMARY KEY("organization_id","batch_id")
);
--> statement-breakpoint
ALTER TABLE "live_batches" ADD CONSTRAINT "live_batches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_batches_created_idx" ON "live_batches" USING btree ("created_time");