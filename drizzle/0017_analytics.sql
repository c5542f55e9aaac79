CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"visitor" text NOT NULL,
	"landing" boolean DEFAULT false NOT NULL,
	"referrer_host" text,
	"source" text,
	"medium" text,
	"campaign" text,
	"cta" text
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_at_idx" ON "analytics_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "analytics_events_landing_idx" ON "analytics_events" USING btree ("at") WHERE "analytics_events"."landing";