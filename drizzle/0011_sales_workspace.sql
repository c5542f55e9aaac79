ALTER TABLE "contact_messages" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "follow_up_on" date;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_activity" ADD COLUMN "from_value" text;--> statement-breakpoint
ALTER TABLE "lead_activity" ADD COLUMN "to_value" text;--> statement-breakpoint
ALTER TABLE "lead_activity" ADD COLUMN "outbox_id" bigint;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_activity" ADD CONSTRAINT "lead_activity_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_owner_idx" ON "contact_messages" USING btree ("owner_id");--> statement-breakpoint
-- Leads someone has already worked on (a status moved, a note, a resend) count as read.
UPDATE "contact_messages" m SET "opened_at" = m."created_at"
WHERE m."status" <> 'new' OR EXISTS (SELECT 1 FROM "lead_activity" a WHERE a."message_id" = m."id");
