DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_message_key";--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "message_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_channel_due_idx" ON "mail_outbox" USING btree ("channel","status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_message_channel_key" ON "mail_outbox" USING btree ("message_id","channel");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_notice_shape" CHECK (("mail_outbox"."channel" = 'notice') = ("mail_outbox"."message_id" is null and "mail_outbox"."payload" is not null));