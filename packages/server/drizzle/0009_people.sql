ALTER TABLE "roles" ADD COLUMN "deleted" text DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "creator_id" bigint;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "creator_name" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "modifier_id" bigint;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "modifier_name" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "modify_time" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted" text DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "creator_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "creator_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "modifier_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "modifier_name" text;