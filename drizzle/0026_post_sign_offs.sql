CREATE TABLE "post_sign_offs" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"verdict" text NOT NULL,
	"name" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"post_version" integer NOT NULL,
	"preview_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_sign_offs_verdict_check" CHECK ("post_sign_offs"."verdict" in ('approved', 'changes'))
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "preview_shared_by" uuid;--> statement-breakpoint
ALTER TABLE "post_sign_offs" ADD CONSTRAINT "post_sign_offs_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_sign_offs_post_idx" ON "post_sign_offs" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "post_sign_offs_preview_token_idx" ON "post_sign_offs" USING btree ("preview_token");--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_preview_shared_by_users_id_fk" FOREIGN KEY ("preview_shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;