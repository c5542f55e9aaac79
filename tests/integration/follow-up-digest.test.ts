import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import type { NoticePayload } from "#app/.server/db/schema.ts";
import { eraseLeads } from "#app/.server/leads/erase.ts";
import { queueFollowUpDigests } from "#app/.server/leads/follow-up-digest.ts";
import { nearDay } from "#app/lib/format-date.ts";
import { describeEachDriver, useTestDatabase } from "../support/db.ts";
import { deliverToFiles, receive, signUp } from "../support/leads.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

// Today's date (UTC), and the days around it: the emails are judged by the day in each
// person's zone. The zones have no summer time, so the hours below hold all year.
const today = new Date().toISOString().slice(0, 10);
const shift = (days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const at = (time: string) => new Date(`${today}T${time}:00Z`);
const siteUrl = "https://www.northstory.example";

describeEachDriver("the morning email of follow-ups on %s", (driver) => {
  const handle = useTestDatabase(driver, {
    truncate: "leads, users, mail_outbox, follow_up_digests",
  });
  let db: Db;
  beforeAll(() => {
    db = handle.db;
  });

  /** A lead owned by `owner`, due on `on`, in `status`. */
  async function lead(name: string, owner: string, on: string | null, status = "contacted") {
    const id = await receive(db, {
      name,
      email: `${name.split(" ")[0]?.toLowerCase()}@${name.split(" ")[1]?.toLowerCase()}.example`,
      message: "Hello",
    });
    await db.execute(
      sql`update leads set owner_id = ${owner}::uuid, follow_up_on = ${on}::date, status = ${status} where id = ${id}::uuid`,
    );
    return id;
  }

  const emails = () =>
    queryRows<{ kind: string; payload: NoticePayload; expires_at: Date | string }>(
      db,
      sql`select kind, payload, expires_at from mail_outbox where channel = 'notice' order by id`,
    );

  test("each person who works the leads gets one email from 8:00 their time, listing their leads due, most overdue first", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const ada = await signUp(db, "Ada Admin", "ada@northstory.example", "admin");
    const eve = await signUp(db, "Eve Editor", "eve@northstory.example", "editor");
    const nora = await signUp(db, "Nora Quiet", "nora@northstory.example");
    const gus = await signUp(db, "Gus Gone", "gus@northstory.example");
    await db.execute(sql`update users set time_zone = 'America/Bogota' where id = ${sam.id}::uuid`);
    await db.execute(sql`update users set time_zone = 'Asia/Tokyo' where id = ${ada.id}::uuid`);
    await db.execute(sql`update users set follow_up_digest = false where id = ${nora.id}::uuid`);
    await db.execute(sql`update users set disabled_at = now() where id = ${gus.id}::uuid`);

    const dana = await lead("Dana Whitfield", sam.id, shift(-3));
    // What the deal is worth comes with it when the team has put a value on it.
    await db.execute(sql`update leads set deal_value = 48000 where id = ${dana}::uuid`);
    const lee = await lead("Lee Park", sam.id, today, "new");
    await lead("Tomorrow Person", sam.id, shift(1));
    await lead("Won Already", sam.id, shift(-1), "won");
    await lead("Lost Cause", sam.id, shift(-1), "lost");
    await lead("Spam Bot", sam.id, shift(-1), "spam");
    const adaLead = await lead("Ada Lead", ada.id, today);
    // Assigned before the person's role changed, or by hand: not a role that works leads.
    await lead("Eve Lead", eve.id, today);
    await lead("Nora Lead", nora.id, today);
    await lead("Gus Lead", gus.id, today);

    // 12:30 UTC: 7:30 in Bogotá (too early), 21:30 in Tokyo (past 8).
    expect(await queueFollowUpDigests(db, { siteUrl, now: at("12:30") })).toBe(1);
    let queued = await emails();
    expect(queued.map((email) => email.payload.to)).toEqual(["ada@northstory.example"]);
    expect(queued[0]?.payload.subject).toBe("Follow up today: 1 lead");

    // 13:10 UTC: 8:10 in Bogotá.
    expect(await queueFollowUpDigests(db, { siteUrl, now: at("13:10") })).toBe(1);
    queued = await emails();
    const sams = queued[1];
    expect(sams?.kind).toBe("follow-ups");
    expect(sams?.payload.to).toBe("sam@northstory.example");
    expect(sams?.payload.subject).toBe("Follow up today: 2 leads (1 overdue)");
    expect(sams?.payload.text).toBe(
      [
        "Good morning Sam Seller,",
        "",
        "2 of your leads are due a follow-up:",
        "",
        // Days said as the inbox says them.
        `- Dana Whitfield, Whitfield: Contacted, $48,000, follow-up ${nearDay(shift(-3), today)}`,
        `  ${siteUrl}/admin/leads/${dana}`,
        "- Lee Park, Park: New, follow-up today",
        `  ${siteUrl}/admin/leads/${lee}`,
        "",
        `All of them in the inbox: ${siteUrl}/admin/leads?view=my-due`,
        "",
        `You get this email on mornings when leads of yours in the Northstory back office are due a follow-up. Turn it off on your account page: ${siteUrl}/admin/account`,
      ].join("\n"),
    );
    // Not sent late: still unsent half a day on (mail down), it is dropped.
    expect(new Date(sams?.expires_at ?? 0).getTime()).toBe(at("13:10").getTime() + 12 * 3_600_000);

    // Later the same day, and again: nothing more, whoever runs it.
    expect(await queueFollowUpDigests(db, { siteUrl, now: at("18:00") })).toBe(0);
    expect(await emails()).toHaveLength(2);

    // Sent through the outbox, marked as automatic (no out-of-office replies).
    const dataDir = temporaryDirectory("digest-mail-");
    await deliverToFiles(db, dataDir);
    const files = readdirSync(path.join(dataDir, "mail"));
    const sent = files.map((file) => readFileSync(path.join(dataDir, "mail", file), "utf8"));
    const toSam = sent.find((mail) => mail.includes("To: sam@northstory.example"));
    expect(toSam).toContain("Auto-Submitted: auto-generated");
    expect(toSam).toContain("Subject: Follow up today: 2 leads (1 overdue)");
    // Once sent, the outbox keeps who and what about, not the list: an erasure could not
    // find the leads' names in it.
    const kept = await emails();
    expect(kept.map((email) => email.payload.text)).toEqual([
      "(Not kept: this email listed leads due a follow-up, which is not stored once the email is sent or expired.)",
      "(Not kept: this email listed leads due a follow-up, which is not stored once the email is sent or expired.)",
    ]);
    expect(kept[1]?.payload.subject).toBe("Follow up today: 2 leads (1 overdue)");

    // Erasing Dana erases the copy on disk of Sam's list that names her (its outbox row kept
    // the ids it listed), and leaves Ada's, which does not.
    expect(kept.map((email) => email.payload.leadIds)).toEqual([[adaLead], [dana, lee]]);
    const erased = await eraseLeads(db, {
      where: sql`l.id = ${dana}::uuid`,
      dataDir,
      reason: "request",
      actor: sam,
    });
    // Her own notification email, and Sam's list.
    expect(erased?.filesErased).toBe(2);
    const lists = readdirSync(path.join(dataDir, "mail"))
      .map((file) => readFileSync(path.join(dataDir, "mail", file), "utf8"))
      .filter((mail) => mail.includes("X-Northstory-Kind: follow-ups"));
    expect(lists).toHaveLength(1);
    expect(lists[0]).toContain("To: ada@northstory.example");
    expect(lists.join("\n")).not.toContain("Dana");
  });

  test("a list still waiting to be sent when a lead on it is erased is not sent: the next run lists the others", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const dana = await lead("Dana Whitfield", sam.id, shift(-1));
    await lead("Lee Park", sam.id, today);
    expect(await queueFollowUpDigests(db, { siteUrl, now: at("12:00") })).toBe(1);
    expect((await emails())[0]?.payload.text).toContain("Dana Whitfield");

    await eraseLeads(db, {
      where: sql`l.id = ${dana}::uuid`,
      dataDir: temporaryDirectory("digest-erase-"),
      reason: "request",
      actor: sam,
    });
    expect(await emails()).toEqual([]);
    expect(await queueFollowUpDigests(db, { siteUrl, now: at("12:10") })).toBe(1);
    const [again] = await emails();
    expect(again?.payload.subject).toBe("Follow up today: 1 lead");
    expect(again?.payload.text).toContain("Lee Park");
    expect(again?.payload.text).not.toContain("Dana");
    // An erasure of someone on no list changes no list.
    const other = await lead("Other Person", sam.id, null);
    await eraseLeads(db, {
      where: sql`l.id = ${other}::uuid`,
      dataDir: temporaryDirectory("digest-erase-"),
      reason: "request",
      actor: sam,
    });
    expect(await emails()).toHaveLength(1);
    expect(await queueFollowUpDigests(db, { siteUrl, now: at("12:20") })).toBe(0);
  });

  test("nobody is sent an empty list, and two copies running at once send one email", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const kim = await signUp(db, "", "kim@northstory.example");
    await lead("Later Person", sam.id, shift(2));
    await lead("Kim Lead", kim.id, shift(-1));

    const runs = await Promise.all(
      [1, 2, 3].map(() => queueFollowUpDigests(db, { siteUrl, now: at("09:00") })),
    );
    expect(runs.reduce((sum, queued) => sum + queued, 0)).toBe(1);
    const queued = await emails();
    expect(queued.map((email) => email.payload.to)).toEqual(["kim@northstory.example"]);
    expect(queued[0]?.payload.text).toMatch(/^Good morning,\n\nOne of your leads is due/);
    expect(queued[0]?.payload.text).toContain("follow-up yesterday");
    // Sam's day is dealt with too: a follow-up set for today later on waits for tomorrow
    // (the inbox's Follow-up due view has it at once).
    const days = await queryRows<{ leads: number }>(
      db,
      sql`select leads from follow_up_digests order by leads`,
    );
    expect(days.map((day) => day.leads)).toEqual([0, 1]);
  });

  test("a long list names the first 25 and counts the rest; the subject counts every overdue lead", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    for (let i = 0; i < 27; i++) await lead(`Lead Number${i}`, sam.id, shift(-1 - i));
    await lead("Today Person", sam.id, today);
    expect(await queueFollowUpDigests(db, { siteUrl, now: at("09:00") })).toBe(1);
    const [email] = await emails();
    expect(email?.payload.subject).toBe("Follow up today: 28 leads (27 overdue)");
    expect(email?.payload.text.match(/^- /gm)).toHaveLength(25);
    expect(email?.payload.text).toContain("\n\nAnd 3 more.\n");
    // Most overdue first.
    expect(email?.payload.text).toMatch(/^- Lead Number26,/m);
    expect(email?.payload.text).not.toContain("Today Person");
  });

  test("one person's time zone that Node does not know stops nobody else's email, and the run says it failed", async () => {
    const odd = await signUp(db, "Odd Zone", "odd@northstory.example");
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    await db.execute(
      sql`update users set time_zone = 'Mars/Olympus_Mons' where id = ${odd.id}::uuid`,
    );
    await lead("Odd Lead", odd.id, today);
    await lead("Sam Lead", sam.id, today);
    await expect(queueFollowUpDigests(db, { siteUrl, now: at("09:00") })).rejects.toThrow(
      "1 morning email could not be queued",
    );
    expect((await emails()).map((email) => email.payload.to)).toEqual(["sam@northstory.example"]);
  });
});
