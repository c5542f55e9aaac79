ALTER TABLE "blog_posts" ADD COLUMN "preview_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_preview_token_key" ON "blog_posts" USING btree ("preview_token");