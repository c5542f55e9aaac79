-- A lead is called a lead: contact_messages becomes leads, and the columns that point at a
-- lead (message_id) become lead_id. Renames only: every row, index and constraint stays as
-- it is (Postgres follows renamed columns in indexes, foreign keys and the outbox's check).
-- Postgres 18 (and PGlite) also name each NOT NULL constraint after its table and column;
-- the block at the end renames those where they exist (earlier versions have none).
ALTER TABLE "contact_messages" RENAME TO "leads";--> statement-breakpoint
ALTER TABLE "leads" RENAME CONSTRAINT "contact_messages_pkey" TO "leads_pkey";--> statement-breakpoint
ALTER TABLE "leads" RENAME CONSTRAINT "contact_messages_owner_id_users_id_fk" TO "leads_owner_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "contact_messages_idempotency_key" RENAME TO "leads_idempotency_key";--> statement-breakpoint
ALTER INDEX "contact_messages_created_at_idx" RENAME TO "leads_created_at_idx";--> statement-breakpoint
ALTER INDEX "contact_messages_email_lower_idx" RENAME TO "leads_email_lower_idx";--> statement-breakpoint
ALTER INDEX "contact_messages_owner_idx" RENAME TO "leads_owner_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" RENAME COLUMN "message_id" TO "lead_id";--> statement-breakpoint
ALTER TABLE "mail_outbox" RENAME CONSTRAINT "mail_outbox_message_id_contact_messages_id_fk" TO "mail_outbox_lead_id_leads_id_fk";--> statement-breakpoint
ALTER INDEX "mail_outbox_message_channel_key" RENAME TO "mail_outbox_lead_channel_key";--> statement-breakpoint
ALTER TABLE "lead_activity" RENAME COLUMN "message_id" TO "lead_id";--> statement-breakpoint
ALTER TABLE "lead_activity" RENAME CONSTRAINT "lead_activity_message_id_contact_messages_id_fk" TO "lead_activity_lead_id_leads_id_fk";--> statement-breakpoint
ALTER INDEX "lead_activity_message_idx" RENAME TO "lead_activity_lead_idx";--> statement-breakpoint
ALTER TABLE "lead_erasures" RENAME COLUMN "messages_erased" TO "leads_erased";
;--> statement-breakpoint
DO $$
DECLARE
  c record;
  renamed text;
BEGIN
  FOR c IN
    SELECT conrelid::regclass AS tbl, conname FROM pg_constraint
    WHERE conrelid IN ('leads'::regclass, 'lead_activity'::regclass, 'lead_erasures'::regclass,
      'mail_outbox'::regclass)
  LOOP
    renamed := replace(replace(replace(c.conname, 'contact_messages_', 'leads_'),
      'message_id', 'lead_id'), 'messages_erased', 'leads_erased');
    IF renamed <> c.conname THEN
      EXECUTE format('ALTER TABLE %s RENAME CONSTRAINT %I TO %I', c.tbl, c.conname, renamed);
    END IF;
  END LOOP;
END $$;
