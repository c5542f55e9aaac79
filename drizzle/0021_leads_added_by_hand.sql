ALTER TABLE "leads" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "added_by" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;