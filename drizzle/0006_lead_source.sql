ALTER TABLE "contact_messages" ADD COLUMN "form_page" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "cta" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "last_touch" jsonb;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "first_touch" jsonb;