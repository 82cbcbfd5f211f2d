ALTER TABLE "ai_results" ADD COLUMN "model_id" text;--> statement-breakpoint
ALTER TABLE "ai_results" ADD COLUMN "model_fallback" boolean DEFAULT false NOT NULL;