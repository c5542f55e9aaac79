import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { lastDays, totals } from "#app/.server/analytics/report.ts";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { listActivity } from "#app/.server/leads/activity.ts";
import { type AddLeadInput, addLead, addLeadSchema } from "#app/.server/leads/add-lead.ts";
import { countUnread, getLead, listLeads, scopeFor } from "#app/.server/leads/inbox.ts";
import { leadOverview } from "#app/.server/leads/overview.ts";
import { erasePerson } from "#app/.server/leads/privacy.ts";
import { createLogger } from "#app/.server/log.ts";
import { describeEachDriver, useTestDatabase } from "../support/db.ts";
import { receive, signUp } from "../support/leads.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

/** The form as a salesperson fills it, checked as the route checks it. */
function form(fields: Record<string, string>): AddLeadInput {
  return addLeadSchema.parse({ key: randomUUID(), ...fields });
}

const priya = { name: "Priya Raman", email: "priya@lumen-health.test", origin: "linkedin" };

describeEachDriver("leads added by hand on %s", (driver) => {
  const handle = useTestDatabase(driver, {
    truncate: "leads, lead_erasures, users, mail_outbox",
  });
  let db: Db;
  beforeAll(() => {
    db = handle.db;
  });

  test("a lead added by hand is opened, owned, dated, in the inbox with its note, and notifies nobody", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const result = await addLead(
      db,
      form({
        ...priya,
        status: "contacted",
        owner: sam.id,
        followUpOn: "2026-12-02",
        note: "  Replied to our post on ghostwriting.\r\nWants a call in December.  ",
      }),
      sam,
    );
    if (result.outcome !== "added") throw new Error(result.outcome);

    const [row] = await queryRows<Record<string, unknown>>(
      db,
      sql`select message, status, origin, added_by, owner_id, to_char(follow_up_on, 'YYYY-MM-DD') as follow_up_on,
        opened_at is not null as opened, client_ip, first_touch from leads where id = ${result.id}::uuid`,
    );
    expect(row).toEqual({
      message: "",
      status: "contacted",
      origin: "linkedin",
      added_by: sam.id,
      owner_id: sam.id,
      follow_up_on: "2026-12-02",
      opened: true,
      client_ip: null,
      first_touch: null,
    });
    // Nobody is notified: no email, webhook, Slack or HubSpot delivery is queued.
    const outbox = await queryRows(db, sql`select id from mail_outbox`);
    expect(outbox).toEqual([]);
    expect(await countUnread(db)).toBe(0);

    const history = await listActivity(db, result.id);
    expect(history.map((entry) => [entry.kind, entry.toValue, entry.toStatus, entry.note])).toEqual(
      [
        ["added", "linkedin", "contacted", null],
        ["note", null, null, "Replied to our post on ghostwriting.\nWants a call in December."],
      ],
    );
    expect(history[0]?.actor.name).toBe("Sam Seller");

    const lead = await getLead(db, result.id);
    expect(lead?.added).toEqual({ origin: "linkedin", by: "Sam Seller" });
    const page = await listLeads(db, { page: 1, pageSize: 25 }, scopeFor(sam.id));
    expect(
      page.rows.map((entry) => [entry.name, entry.source, entry.excerpt, entry.unread]),
    ).toEqual([
      [
        "Priya Raman",
        "LinkedIn message · added by hand",
        "Replied to our post on ghostwriting. Wants a call in December.",
        false,
      ],
    ]);
  });

  test("the same form sent twice, even at once, adds one lead", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const input = form(priya);
    const results = await Promise.all(Array.from({ length: 8 }, () => addLead(db, input, sam)));
    const ids = new Set(results.map((result) => (result.outcome === "added" ? result.id : "")));
    expect(ids.size).toBe(1);
    expect([...ids][0]).not.toBe("");
    const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from leads`);
    expect(count?.n).toBe(1);
    const [added] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from lead_activity where kind = 'added'`,
    );
    expect(added?.n).toBe(1);

    // The same form brought back (the browser's Back) and filled in for someone else adds them.
    const other = await addLead(
      db,
      { ...input, name: "Tomás Ruiz", email: "tomas@ruiz-partners.test" },
      sam,
    );
    expect(other.outcome).toBe("added");
    expect(other.outcome === "added" && ids.has(other.id)).toBe(false);
  });

  test("an address that wrote before is asked about first; spam does not count; ticking adds it", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const earlier = await receive(db, { ...priya, message: "Pricing for a team of three?" }, 90);
    const asked = await addLead(db, form({ ...priya, email: "PRIYA@Lumen-Health.test" }), sam);
    expect(asked).toMatchObject({
      outcome: "exists",
      lead: { id: earlier, name: "Priya Raman" },
    });
    const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from leads`);
    expect(count?.n).toBe(1);

    const added = await addLead(db, form({ ...priya, anyway: "yes" }), sam);
    expect(added.outcome).toBe("added");

    await receive(db, { name: "Bot", email: "spam@bots.test", message: "Buy links" });
    await db.execute(sql`update leads set status = 'spam' where email = 'spam@bots.test'`);
    const overSpam = await addLead(
      db,
      form({ name: "Real Person", email: "spam@bots.test", origin: "call" }),
      sam,
    );
    expect(overSpam.outcome).toBe("added");

    // Erased together on request, whichever way each came.
    await erasePerson(db, {
      email: priya.email,
      dataDir: temporaryDirectory("added-by-hand"),
      actor: sam,
      log: createLogger("silent"),
    });
    const left = await queryRows(db, sql`select id from leads where lower(email) = ${priya.email}`);
    expect(left).toEqual([]);
  });

  test("an owner who cannot own leads, or a note too long, adds nothing", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const eve = await signUp(db, "Eve Editor", "eve@northstory.example", "editor");
    expect(await addLead(db, form({ ...priya, owner: eve.id }), sam)).toEqual({
      outcome: "not-an-owner",
    });
    expect(await addLead(db, form({ ...priya, owner: randomUUID() }), sam)).toEqual({
      outcome: "not-an-owner",
    });
    expect(await addLead(db, form({ ...priya, note: "x".repeat(5_001) }), sam)).toEqual({
      outcome: "invalid",
      field: "note",
      problem: "A note must be 5,000 characters or fewer.",
    });
    const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from leads`);
    expect(count?.n).toBe(0);
  });

  test("the form refuses what a lead added by hand cannot be", () => {
    const problems = (fields: Record<string, unknown>) =>
      addLeadSchema
        .safeParse({ ...priya, key: randomUUID(), ...fields })
        .error?.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
    expect(problems({})).toBeUndefined();
    expect(problems({ name: "Priya\nRaman" })).toEqual([
      "name: Name must be a single line of text.",
    ]);
    expect(problems({ origin: "website" })).toEqual(["origin: Choose how they reached you."]);
    // Won, lost and spam are where a lead ends, not where one is added.
    expect(problems({ status: "won" })).toEqual(["status: Choose New, Contacted or Qualified."]);
    expect(problems({ followUpOn: "2026-02-30" })).toEqual([
      "followUpOn: Enter a date such as 2026-12-01.",
    ]);
    expect(problems({ key: "1" })).toEqual(["key: Reload the page and send the form again."]);
  });

  test("the site's analytics count only the contact form's leads; the overview counts both, by how they came", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    await receive(db, { name: "Dana", email: "dana@acme.test", message: "Hello" });
    await addLead(db, form({ ...priya, origin: "referral" }), sam);
    expect((await totals(db, lastDays(7))).leads).toBe(1);
    const overview = await leadOverview(db, scopeFor(sam.id));
    expect(overview.thisWeek).toBe(2);
    expect(overview.weekly.series.map((series) => series.source).sort()).toEqual([
      "Not known",
      "Referral",
    ]);
  });
});
