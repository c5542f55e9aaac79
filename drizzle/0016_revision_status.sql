ALTER TABLE "blog_post_revisions" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "blog_post_revisions" ADD COLUMN "autosave" boolean DEFAULT false NOT NULL;