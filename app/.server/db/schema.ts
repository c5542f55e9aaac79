import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { type UserRole, userRoles } from "#app/lib/back-office.ts";
import type { Touch } from "#app/lib/lead-source.ts";
import { dealValueMax, leadLostReasons, leadOrigins, leadStatuses } from "#app/lib/leads.ts";
import { signOffVerdicts } from "#app/lib/posts.ts";

/**
 * Database posts. id, title, slug, excerpt, content (HTML), date, read_time, author and
 * published are the columns any SQL client may write (a row with published = true shows on
 * the site); `tags` and the timestamps are ours. The back office's editor and the post
 * command also keep `markdown` (the source they edit; `content` is its sanitised HTML),
 * `publish_at` (a published row shows from that moment: in the future, it is scheduled),
 * `version` (raised by every save, so that two editors cannot overwrite each other),
 * who saved it last, and `html_check`: which sanitiser cleaned `content` and the hash of
 * what it gave (blog/post-renderer.ts); content an SQL client wrote does not match, and is
 * cleaned once when first read.
 */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    content: text("content").notNull().default(""),
    date: date("date", { mode: "string" }).notNull().default(sql`CURRENT_DATE`),
    readTime: text("read_time"),
    author: text("author").notNull().default("The Northstory Team"),
    published: boolean("published").notNull().default(false),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    markdown: text("markdown"),
    htmlCheck: text("html_check"),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    /** The cover image (media_images.id) and its alt text; both or neither. */
    coverImage: text("cover_image").references(() => mediaImages.id, { onDelete: "set null" }),
    coverAlt: text("cover_alt"),
    /** What search results and link previews show instead of the title and excerpt. */
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    /**
     * The secret of the post's preview link (/preview/<token>), for someone without an
     * account (the founder who signs it off): null when no link is shared.
     */
    previewToken: text("preview_token"),
    /** Who made the preview link out now: told by email when its reader signs the post off. */
    previewSharedBy: uuid("preview_shared_by").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("blog_posts_slug_key").on(table.slug),
    uniqueIndex("blog_posts_preview_token_key").on(table.previewToken),
    index("blog_posts_published_date_idx").on(table.published, table.date),
  ],
);

/**
 * What the reader of a post's preview link (the founder whose post it is) said of it:
 * approved, or changes asked for, in their words, with the name they gave and the version
 * of the post they read. Kept with the post (deleted with it), whatever becomes of the link.
 */
export const postSignOffs = pgTable(
  "post_sign_offs",
  {
    id: serial("id").primaryKey(),
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    verdict: text("verdict", { enum: signOffVerdicts }).notNull(),
    name: text("name").notNull(),
    comment: text("comment").notNull().default(""),
    postVersion: integer("post_version").notNull(),
    /** The link it came through: its reader is shown the notes sent on it, no others. */
    previewToken: text("preview_token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("post_sign_offs_post_idx").on(table.postId, table.createdAt),
    index("post_sign_offs_preview_token_idx").on(table.previewToken),
    check("post_sign_offs_verdict_check", sql`${table.verdict} in ('approved', 'changes')`),
  ],
);

/**
 * Images uploaded in the back office: each is stored as AVIF and WebP in `widths` (pixels),
 * by the media storage under keys "images/<id>/<width>.<format>".
 */
export const mediaImages = pgTable("media_images", {
  id: text("id").primaryKey(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  widths: integer("widths").array().notNull(),
  uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Addresses a published post had before its slug changed: /blog/<old_slug> answers a
 * permanent redirect to the post's address now, so links shared on LinkedIn keep working.
 */
export const blogPostRedirects = pgTable("blog_post_redirects", {
  oldSlug: text("old_slug").primaryKey(),
  postId: integer("post_id")
    .notNull()
    .references(() => blogPosts.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every save of a database post, by the editor or the post command: what was saved, by whom. */
export const blogPostRevisions = pgTable(
  "blog_post_revisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt").notNull(),
    markdown: text("markdown").notNull(),
    tags: text("tags").array().notNull(),
    author: text("author").notNull(),
    /** The cover image (media_images.id) and its alt text the post had at this save. */
    coverImage: text("cover_image").references(() => mediaImages.id, { onDelete: "set null" }),
    coverAlt: text("cover_alt"),
    /** What search results and link previews show instead of the title and excerpt. */
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    savedBy: uuid("saved_by").references(() => users.id, { onDelete: "set null" }),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Where the post stood after this save: draft, scheduled, published or unpublished
     * (null for saves made before it was recorded).
     */
    status: text("status"),
    /** Made by the editor's autosave; autosaves minutes apart are kept as one revision. */
    autosave: boolean("autosave").notNull().default(false),
  },
  (table) => [uniqueIndex("blog_post_revisions_post_version_key").on(table.postId, table.version)],
);

/**
 * Leads: what visitors sent through the contact form (`message` is the text they wrote),
 * with where they came from and where the sales team stands with them.
 */
export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    clientIp: text("client_ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Where the lead stands for the sales team (the back office's leads inbox). */
    status: text("status", { enum: leadStatuses }).notNull().default("new"),
    /** Path and query of the page the form was sent from. */
    formPage: text("form_page"),
    /** The call to action that brought the visitor to the form (the link's `from` value). */
    cta: text("cta"),
    /** The visit the form was sent in, as the visitor's browser noted it. */
    lastTouch: jsonb("last_touch").$type<Touch>(),
    /** The first visit this browser noted, kept from then on. */
    firstTouch: jsonb("first_touch").$type<Touch>(),
    /** Who on the team works this lead; null is "Unassigned". */
    ownerId: uuid("owner_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    /** The day someone should get back to the lead (a calendar day, no time). */
    followUpOn: date("follow_up_on", { mode: "string" }),
    /** When someone on the team first opened the lead; null: unread. */
    openedAt: timestamp("opened_at", { withTimezone: true }),
    /**
     * A lead added by hand in the back office: how they reached the team (leadOrigins).
     * Null for the contact form's leads, which are the only ones the site's analytics count.
     */
    origin: text("origin", { enum: leadOrigins }),
    /** Who added it by hand; null for the contact form's, or once that person is removed. */
    addedBy: uuid("added_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    /** What the deal is worth to the agency, in whole US dollars; null: not estimated yet. */
    dealValue: integer("deal_value"),
    /** The person's LinkedIn profile (https://www.linkedin.com/in/…), noted by the team. */
    linkedinUrl: text("linkedin_url"),
    /** Why the lead was lost (leadLostReasons), once it is; kept if it is reopened. */
    lostReason: text("lost_reason", { enum: leadLostReasons }),
  },
  (table) => [
    uniqueIndex("leads_idempotency_key").on(table.idempotencyKey),
    // The inbox lists newest first and retention deletes by age.
    index("leads_created_at_idx").on(table.createdAt),
    // A person's data is found by address whatever its case (access and erasure requests).
    index("leads_email_lower_idx").on(sql`lower(${table.email})`),
    index("leads_owner_idx").on(table.ownerId),
    check(
      "leads_deal_value_range",
      sql`${table.dealValue} is null or ${table.dealValue} between 0 and ${sql.raw(String(dealValueMax))}`,
    ),
  ],
);

/**
 * Where a lead is delivered: `email` is the team's notification, the others are
 * integrations enabled by configuration. A lead gets one outbox row per channel.
 */
export const leadChannels = ["email", "webhook", "slack", "hubspot"] as const;
export type LeadChannel = (typeof leadChannels)[number];

/** `notice`: an email that belongs to no lead (sign-in links, invitations, replies). */
export const outboxChannels = [...leadChannels, "notice"] as const;
export type OutboxChannel = (typeof outboxChannels)[number];

/** What a `notice` row stores: the email itself, since no lead row holds its content. */
export type NoticePayload = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A person's email (a reply to a lead): their name as sender, answers go to them. */
  fromName?: string;
  replyTo?: string;
  /** The lead a reply answers; its copies on disk are named after it, for erasure. */
  leadId?: string;
  /**
   * The leads a morning email of follow-ups lists (kept once its text is not): its copy on
   * disk is erased with any of them.
   */
  leadIds?: string[];
};

/**
 * One row per delivery to make: a lead on one channel, or a standalone email. Every server
 * copy claims due rows with FOR UPDATE SKIP LOCKED, so each is delivered once. The table
 * kept the name it had when it held only emails.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The lead this row delivers; null for a `notice`. */
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: outboxChannels }).notNull().default("email"),
    /** What a `notice` is for ("sign-in", "invitation"), for logs and the leads command. */
    kind: text("kind"),
    payload: jsonb("payload").$type<NoticePayload>(),
    /** A `notice` still waiting at this time is marked failed ("expired") instead of sent. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("mail_outbox_channel_due_idx").on(table.channel, table.status, table.nextAttemptAt),
    uniqueIndex("mail_outbox_lead_channel_key").on(table.leadId, table.channel),
    check(
      "mail_outbox_notice_shape",
      sql`(${table.channel} = 'notice') = (${table.leadId} is null and ${table.payload} is not null)`,
    ),
  ],
);

/** Accepted contact form submissions per client, shared by every server copy. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    hitAt: timestamp("hit_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("rate_limit_hits_lookup_idx").on(table.bucket, table.key, table.hitAt)],
);

/**
 * Secrets the server generates once per install and every copy shares (the contact form's
 * signing key), so nothing secret is committed or has to be configured by hand.
 */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * People who may sign in to the back office. There are no passwords: a person signs in
 * through an emailed single-use link or a passkey. `admin` does everything and manages
 * people, `editor` writes posts, `sales` works the leads.
 */
export { type UserRole, userRoles };

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased; one person per address. */
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    role: text("role", { enum: userRoles }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** Set: the person can no longer sign in and every session of theirs is refused. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** The IANA zone the back office shows and reads this person's times in; null: UTC. */
    timeZone: text("time_zone"),
    /**
     * Whether this person (if their role works the leads) gets a morning email listing
     * their leads whose follow-up day has come (leads/follow-up-digest.ts).
     */
    followUpDigest: boolean("follow_up_digest").notNull().default(true),
  },
  (table) => [uniqueIndex("users_email_key").on(table.email)],
);

/**
 * The mornings a person's follow-up email has been dealt with (sent, or nothing was due),
 * one row per person and day of theirs: the key lets only one server copy send it.
 */
export const followUpDigests = pgTable(
  "follow_up_digests",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The day in the person's time zone. */
    day: date("day", { mode: "string" }).notNull(),
    /** The leads it listed (0: none was due, no email). */
    leads: integer("leads").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/**
 * Single-use sign-in links. Only a SHA-256 of the token is kept, so a copy of the database
 * cannot be used to sign in; a link works once and for a short time.
 */
export const signInTokens = pgTable(
  "sign_in_tokens",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("sign_in_tokens_hash_key").on(table.tokenHash),
    index("sign_in_tokens_user_idx").on(table.userId),
  ],
);

/**
 * Back-office sessions, shared by every server copy. The cookie holds a random token; the
 * row is keyed by its SHA-256. Deleting rows signs people out (one device or everywhere).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent").notNull().default(""),
    /** How the session began: "link" or "passkey". */
    method: text("method").notNull(),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/** Passkeys (WebAuthn credentials) a signed-in person added. */
export const passkeys = pgTable(
  "passkeys",
  {
    /** The credential id, base64url. */
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").array().notNull().default(sql`'{}'::text[]`),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (table) => [index("passkeys_user_idx").on(table.userId)],
);

/** WebAuthn challenges waiting for an answer; each is used once and lives minutes. */
export const webauthnChallenges = pgTable("webauthn_challenges", {
  /** The challenge itself (base64url); deleting the row is what uses it. */
  challenge: text("challenge").primaryKey(),
  /** Set when adding a passkey (the signed-in person); null for signing in. */
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * The history of a lead: status changes, notes, resent emails, exports. The actor's name
 * and email are copied in, so the history still reads right after that person is removed
 * (actor_id then becomes null).
 */
export const leadActivityKinds = [
  "added",
  "status",
  "value",
  "linkedin",
  "lost-reason",
  "note",
  "resend",
  "export",
  "owner",
  "follow-up",
  "reply",
] as const;
export type LeadActivityKind = (typeof leadActivityKinds)[number];

export const leadActivity = pgTable(
  "lead_activity",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    actorEmail: text("actor_email").notNull(),
    kind: text("kind", { enum: leadActivityKinds }).notNull(),
    fromStatus: text("from_status", { enum: leadStatuses }),
    toStatus: text("to_status", { enum: leadStatuses }),
    /** An owner or follow-up change, as it read then: a person's name, a date, or null. */
    fromValue: text("from_value"),
    toValue: text("to_value"),
    /** A note's or a reply's text. */
    note: text("note"),
    /** A note changed by its author afterwards, or deleted by them (its text then gone). */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** A reply's email in the outbox (its delivery state); null once that row is gone. */
    outboxId: bigint("outbox_id", { mode: "number" }).references(() => mailOutbox.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("lead_activity_lead_idx").on(table.leadId, table.createdAt),
    // The status changes of the last days (won and lost lately: the board, the overview,
    // the team's numbers), without reading every note and reply of the history.
    index("lead_activity_status_changes_idx")
      .on(table.toStatus, table.createdAt)
      .where(sql`${table.kind} = 'status'`),
  ],
);

/**
 * One row per erasure (a person's request, or the retention job): who and how much, never
 * whose. It must hold no personal data of the people erased.
 */
export const leadErasureReasons = ["request", "retention"] as const;

export const leadErasures = pgTable("lead_erasures", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  reason: text("reason", { enum: leadErasureReasons }).notNull(),
  /** Null for the retention job, or once the person who erased is removed. */
  actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
  actorName: text("actor_name").notNull(),
  leadsErased: integer("leads_erased").notNull(),
  filesErased: integer("files_erased").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Settings changed in the back office (not configuration read at start), one row per key. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/**
 * What visitors do on the public pages, without cookies or identifiers in the browser: a
 * page view (`view`) or a click on a call to action (`cta`). `visitor` is a hash of the
 * day's salt, the address, the browser and the site: the same person on one day, never
 * followable across days (the salt is deleted). Kept for the retention period in the
 * settings (docs/analytics.md).
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind", { enum: ["view", "cta"] }).notNull(),
    path: text("path").notNull(),
    visitor: text("visitor").notNull(),
    /** The first page of a visit: arrived from another site, a campaign link or typed in. */
    landing: boolean("landing").notNull().default(false),
    referrerHost: text("referrer_host"),
    /** utm_source, else the referring site's host, on a landing view; null: direct. */
    source: text("source"),
    medium: text("medium"),
    campaign: text("campaign"),
    /** The call to action's name (its `from` value), for a click. */
    cta: text("cta"),
  },
  (table) => [
    index("analytics_events_at_idx").on(table.at),
    index("analytics_events_landing_idx").on(table.at).where(sql`${table.landing}`),
  ],
);

/** The day's secret for visitor hashes; yesterday's and older are deleted. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});

/**
 * Each whole day of analytics_events summed up, kept for good (the raw events go after the
 * retention period): per `kind` (`total`, `source` with medium and campaign, `landing` page,
 * `article`, `cta`), that day's visitors and views (clicks, for a call to action).
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind", { enum: ["total", "source", "landing", "article", "cta"] }).notNull(),
    /** The source, the page's path or the call to action's name ("" for none). */
    a: text("a").notNull().default(""),
    /** The medium, with a source. */
    b: text("b").notNull().default(""),
    /** The campaign, with a source. */
    c: text("c").notNull().default(""),
    visitors: integer("visitors").notNull(),
    views: integer("views").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.kind, table.a, table.b, table.c] })],
);

/** The days already summed up into analytics_daily (the report reads those from there). */
export const analyticsRolledDays = pgTable("analytics_rolled_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  rolledAt: timestamp("rolled_at", { withTimezone: true }).notNull().defaultNow(),
  /**
   * Events of this day were written after it was summed up (a copy that could not reach the
   * database for a while writes what it kept when it can): the hourly job sums it up again.
   */
  stale: boolean("stale").notNull().default(false),
});
