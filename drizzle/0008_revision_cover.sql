ALTER TABLE "blog_post_revisions" ADD COLUMN "cover_image" text;--> statement-breakpoint
ALTER TABLE "blog_post_revisions" ADD COLUMN "cover_alt" text;--> statement-breakpoint
ALTER TABLE "blog_post_revisions" ADD CONSTRAINT "blog_post_revisions_cover_image_media_images_id_fk" FOREIGN KEY ("cover_image") REFERENCES "public"."media_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Revisions saved before covers were recorded take the post's cover as it is now: restoring
-- one of them keeps the cover, as it did when they were saved.
UPDATE "blog_post_revisions" AS "revision" SET "cover_image" = "post"."cover_image", "cover_alt" = "post"."cover_alt" FROM "blog_posts" AS "post" WHERE "post"."id" = "revision"."post_id";
