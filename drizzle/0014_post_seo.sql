ALTER TABLE "blog_post_revisions" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "blog_post_revisions" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "seo_description" text;