import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { leadStatuses } from "#app/lib/leads.ts";

/**
 * Database posts. id, title, slug, excerpt, content (HTML), date, read_time, author and
 * published are the columns any SQL client may write (a row with published = true shows on
 * the site); `tags` and the timestamps are ours.
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("blog_posts_slug_key").on(table.slug),
    index("blog_posts_published_date_idx").on(table.published, table.date),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
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
  },
  (table) => [
    uniqueIndex("contact_messages_idempotency_key").on(table.idempotencyKey),
    // The inbox lists newest first and retention deletes by age.
    index("contact_messages_created_at_idx").on(table.createdAt),
    // A person's data is found by address whatever its case (access and erasure requests).
    index("contact_messages_email_lower_idx").on(sql`lower(${table.email})`),
  ],
);

/** One row per email to send; the sender claims due rows with FOR UPDATE SKIP LOCKED. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
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
    index("mail_outbox_due_idx").on(table.status, table.nextAttemptAt),
    uniqueIndex("mail_outbox_message_key").on(table.messageId),
  ],
);

/** Accepted contact messages per client, shared by every server copy. */
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
export const userRoles = ["admin", "editor", "sales"] as const;
export type UserRole = (typeof userRoles)[number];

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
  },
  (table) => [uniqueIndex("users_email_key").on(table.email)],
);

/**
 * The history of a lead: status changes, notes, resent emails, exports. The actor's name
 * and email are copied in, so the history still reads right after that person is removed
 * (actor_id then becomes null).
 */
export const leadActivityKinds = ["status", "note", "resend", "export"] as const;
export type LeadActivityKind = (typeof leadActivityKinds)[number];

export const leadActivity = pgTable(
  "lead_activity",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    actorEmail: text("actor_email").notNull(),
    kind: text("kind", { enum: leadActivityKinds }).notNull(),
    fromStatus: text("from_status", { enum: leadStatuses }),
    toStatus: text("to_status", { enum: leadStatuses }),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("lead_activity_message_idx").on(table.messageId, table.createdAt)],
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
  messagesErased: integer("messages_erased").notNull(),
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
