// Saved replies the team reuses ("Thanks {name}, here is our pricing…"), kept by admins in
// the settings, offered in every lead's Reply form.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import type { LeadActor } from "#app/.server/leads/activity.ts";

const templatesKey = "reply_templates";

/** Enough for a team's usual answers; the list stays one short dropdown. */
export const maxReplyTemplates = 20;

export const replyTemplateSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Give the template a title.")
    .max(80, "A title must be 80 characters or fewer."),
  body: z
    .string()
    .transform((value) => value.replace(/\r\n?/g, "\n"))
    .pipe(
      z
        .string()
        .trim()
        .min(1, "Write the template's text.")
        .max(5_000, "A template must be 5,000 characters or fewer."),
    ),
});

const storedTemplates = z.array(replyTemplateSchema.extend({ id: z.string() }));

export type ReplyTemplate = z.infer<typeof storedTemplates>[number];

/** The saved templates in the order they were added (none when the setting is unreadable). */
export async function listReplyTemplates(db: Pick<Db, "execute">): Promise<ReplyTemplate[]> {
  const [row] = await queryRows<{ value: unknown }>(
    db,
    sql`select value from app_settings where key = ${templatesKey}`,
  );
  const parsed = storedTemplates.safeParse(row?.value ?? []);
  return parsed.success ? parsed.data : [];
}

async function saveTemplates(
  tx: Pick<Db, "execute">,
  templates: ReplyTemplate[],
  actor: LeadActor,
): Promise<void> {
  await tx.execute(sql`
    insert into app_settings (key, value, updated_at, updated_by)
    values (${templatesKey}, ${JSON.stringify(templates)}::jsonb, now(), ${actor.id}::uuid)
    on conflict (key) do update
    set value = excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by`);
}

/** Locks the setting's row (when there is one) so that two admins' changes both land. */
async function lockTemplates(tx: Pick<Db, "execute">): Promise<ReplyTemplate[]> {
  await tx.execute(sql`select 1 from app_settings where key = ${templatesKey} for update`);
  return listReplyTemplates(tx);
}

export type AddTemplateResult =
  | { outcome: "added"; template: ReplyTemplate }
  | { outcome: "invalid"; fields: Partial<Record<"title" | "body", string>> }
  | { outcome: "full" };

export async function addReplyTemplate(
  db: Db,
  input: { title: string; body: string },
  actor: LeadActor,
): Promise<AddTemplateResult> {
  const parsed = replyTemplateSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Partial<Record<"title" | "body", string>> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] === "title" ? "title" : "body";
      fields[name] ??= issue.message;
    }
    return { outcome: "invalid", fields };
  }
  return db.transaction(async (tx) => {
    const templates = await lockTemplates(tx);
    if (templates.length >= maxReplyTemplates) return { outcome: "full" } as const;
    const template = { id: randomUUID(), ...parsed.data };
    await saveTemplates(tx, [...templates, template], actor);
    return { outcome: "added", template } as const;
  });
}

/** Deletes a template; false when there was none with that id. */
export async function deleteReplyTemplate(db: Db, id: string, actor: LeadActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const templates = await lockTemplates(tx);
    const kept = templates.filter((template) => template.id !== id);
    if (kept.length === templates.length) return false;
    await saveTemplates(tx, kept, actor);
    return true;
  });
}
