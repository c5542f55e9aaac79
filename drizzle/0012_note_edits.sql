ALTER TABLE "lead_activity" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_activity" ADD COLUMN "deleted_at" timestamp with time zone;