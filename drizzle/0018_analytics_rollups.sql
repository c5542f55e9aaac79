CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"a" text DEFAULT '' NOT NULL,
	"b" text DEFAULT '' NOT NULL,
	"c" text DEFAULT '' NOT NULL,
	"visitors" integer NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "analytics_daily_day_kind_a_b_c_pk" PRIMARY KEY("day","kind","a","b","c")
);
--> statement-breakpoint
CREATE TABLE "analytics_rolled_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
