import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { addNote, changeNote, changeStatus, listActivity } from "#app/.server/leads/activity.ts";
import {
  assignLead,
  listLeadOwners,
  setDealValue,
  setFollowUp,
} from "#app/.server/leads/assignment.ts";
import { leadsCsv } from "#app/.server/leads/csv.ts";
import {
  countByStatus,
  countUnread,
  getLead,
  leadNeighbours,
  listLeads,
  markOpened,
  scopeFor,
} from "#app/.server/leads/inbox.ts";
import { leadOverview } from "#app/.server/leads/overview.ts";
import { erasePerson } from "#app/.server/leads/privacy.ts";
import { replyBody, replySubject, sendReply } from "#app/.server/leads/replies.ts";
import { createLogger } from "#app/.server/log.ts";
import { deliverDueMail } from "#app/.server/mail/outbox.ts";
import { describeEachDriver, useTestDatabase } from "../support/db.ts";
import { collect, deliverToFiles, receive, signUp } from "../support/leads.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const page = { page: 1, pageSize: 25 };

describe("a reply's words", () => {
  test("the subject is Re: and the start of the lead's message, greetings skipped", () => {
    expect(
      replySubject("Hi Northstory team,\nWe need a founder-led LinkedIn program for Q1."),
    ).toBe("Re: We need a founder-led LinkedIn program for Q1.");
    expect(replySubject("Hello!")).toBe("Re: Hello!");
  });

  test("a lead added by hand, who wrote nothing through the site, is written to first: no Re:, no quote", () => {
    expect(replySubject("")).toBe("Following up from Northstory");
    expect(
      replyBody("Good to meet you at SaaStr, Dana.", {
        name: "Dana Whitfield",
        message: "",
        createdAt: new Date("2026-11-20T09:00:00Z"),
      }),
    ).toBe("Good to meet you at SaaStr, Dana.\n");
  });

  test("the body is the reply, then the lead's message quoted line by line", () => {
    expect(
      replyBody("Thanks Dana, does Tuesday work?", {
        name: "Dana Whitfield",
        message: "Hi,\r\n\r\nWe need pipeline.",
        createdAt: new Date("2026-11-20T09:00:00Z"),
      }),
    ).toBe(
      "Thanks Dana, does Tuesday work?\n\nOn November 20, 2026, Dana Whitfield wrote:\n> Hi,\n>\n> We need pipeline.\n",
    );
  });
});

describeEachDriver("the sales workspace on %s", (driver) => {
  const handle = useTestDatabase(driver, { truncate: "leads, lead_erasures, users, mail_outbox" });
  let db: Db;
  beforeAll(() => {
    db = handle.db;
  });

  test("a lead is owned by someone who works the leads: assigned, reassigned, unassigned, each step in the history", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const ada = await signUp(db, "Ada Admin", "ada@northstory.example", "admin");
    const eve = await signUp(db, "Eve Editor", "eve@northstory.example", "editor");
    const gone = await signUp(db, "Gus Gone", "gus@northstory.example");
    await db.execute(sql`update users set disabled_at = now() where id = ${gone.id}::uuid`);
    const id = await receive(db, {
      name: "Dana Whitfield",
      email: "dana@acme.test",
      message: "Hi",
    });

    expect((await listLeadOwners(db)).map((owner) => owner.name)).toEqual([
      "Ada Admin",
      "Sam Seller",
    ]);
    // An editor or a disabled person cannot own a lead; nothing changes.
    for (const ownerId of [eve.id, gone.id, randomUUID()]) {
      expect(await assignLead(db, { leadId: id, actor: ada, ownerId })).toEqual({
        outcome: "not-an-owner",
      });
    }
    expect(await assignLead(db, { leadId: id, actor: ada, ownerId: sam.id })).toEqual({
      outcome: "changed",
      from: null,
      to: "Sam Seller",
    });
    expect(await assignLead(db, { leadId: id, actor: ada, ownerId: sam.id })).toEqual({
      outcome: "unchanged",
    });
    await assignLead(db, { leadId: id, actor: sam, ownerId: ada.id });
    await assignLead(db, { leadId: id, actor: ada, ownerId: null });
    expect(await assignLead(db, { leadId: randomUUID(), actor: ada, ownerId: null })).toEqual({
      outcome: "not-found",
    });

    const history = await listActivity(db, id);
    expect(
      history.map((entry) => [entry.actor.name, entry.kind, entry.fromValue, entry.toValue]),
    ).toEqual([
      ["Ada Admin", "owner", null, "Sam Seller"],
      ["Sam Seller", "owner", "Sam Seller", "Ada Admin"],
      ["Ada Admin", "owner", "Ada Admin", null],
    ]);
    expect((await getLead(db, id))?.owner).toBeNull();
  });

  test("Idle lists the open leads with no follow-up day nobody has done anything on for 14 days, the largest deals first", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const lead = async (name: string, daysAgo: number, value: number | null = null) => {
      const id = await receive(db, { name, email: `${name}@x.test`, message: "Hi" });
      if (value !== null) await setDealValue(db, { leadId: id, actor: sam, value });
      await db.execute(sql`update leads set created_at = now() - make_interval(days => ${daysAgo})
        where id = ${id}::uuid`);
      await db.execute(sql`update lead_activity set created_at = now() - make_interval(days => ${daysAgo})
        where lead_id = ${id}::uuid`);
      return id;
    };
    await lead("forgotten-small", 20, 1000);
    await lead("forgotten-big", 30, 90000);
    await lead("forgotten-none", 15);
    await lead("fresh", 10);
    const noted = await lead("noted-lately", 40);
    await addNote(db, { leadId: noted, actor: sam, text: "Called, left a message." });
    const waiting = await lead("waiting", 40);
    await setFollowUp(db, { leadId: waiting, actor: sam, on: "2026-12-24" });
    await db.execute(sql`update lead_activity set created_at = now() - interval '40 days'
      where lead_id = ${waiting}::uuid`);
    const lost = await lead("lost", 40);
    await changeStatus(db, { leadId: lost, actor: sam, status: "lost" });
    await db.execute(sql`update lead_activity set created_at = now() - interval '40 days'
      where lead_id = ${lost}::uuid`);

    const scope = { viewerId: sam.id, today: "2026-11-27" };
    const idle = await listLeads(db, { ...page, view: "idle" }, scope);
    // Each row says for how long, as the board's cards do.
    expect(idle.rows.map((row) => [row.name, row.idleDays])).toEqual([
      ["forgotten-big", 30],
      ["forgotten-small", 20],
      ["forgotten-none", 15],
    ]);
    const all = await listLeads(db, page, scope);
    expect(all.rows.filter((row) => row.idleDays !== null)).toHaveLength(3);
    expect((await countByStatus(db, {}, scope)).views.idle).toBe(3);
    // Anything done takes a lead off the list.
    await addNote(db, { leadId: idle.rows[0]?.id ?? "", actor: sam, text: "Emailed." });
    expect(
      (await listLeads(db, { ...page, view: "idle" }, scope)).rows.map((row) => row.name),
    ).toEqual(["forgotten-small", "forgotten-none"]);
  });

  test("Mine, Unassigned and Follow-up due list the right leads, and spam only under its own status", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const ada = await signUp(db, "Ada Admin", "ada@northstory.example", "admin");
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push(
        await receive(
          db,
          { name: `Lead ${i}`, email: `lead${i}@example.com`, message: "Hi" },
          60 - i,
        ),
      );
    }
    const [l0, l1, l2, l3, l4, l5] = ids as [string, string, string, string, string, string];
    await assignLead(db, { leadId: l0, actor: sam, ownerId: sam.id });
    await assignLead(db, { leadId: l1, actor: sam, ownerId: sam.id });
    await assignLead(db, { leadId: l2, actor: sam, ownerId: ada.id });
    const today = "2026-11-27";
    await setFollowUp(db, { leadId: l0, actor: sam, on: "2026-11-27" }); // due today
    await setFollowUp(db, { leadId: l2, actor: sam, on: "2026-11-01" }); // overdue
    await setFollowUp(db, { leadId: l3, actor: sam, on: "2026-12-24" }); // not yet
    await setFollowUp(db, { leadId: l4, actor: sam, on: "2026-11-02" }); // overdue, but won
    await changeStatus(db, { leadId: l4, actor: sam, status: "won" });
    await changeStatus(db, { leadId: l5, actor: sam, status: "spam" });

    const samScope = { viewerId: sam.id, today };
    const names = async (view: "mine" | "unassigned" | "due" | "my-due") =>
      (await listLeads(db, { ...page, view }, samScope)).rows.map((row) => row.name);
    expect(await names("mine")).toEqual(["Lead 1", "Lead 0"]);
    expect(await names("unassigned")).toEqual(["Lead 4", "Lead 3"]);
    expect(await names("due")).toEqual(["Lead 2", "Lead 0"]);
    // Sam's own: Lead 2 is due but Ada's.
    expect(await names("my-due")).toEqual(["Lead 0"]);
    // The Follow-up due view puts the longest overdue first, whenever the lead came in;
    // Previous and Next follow the same order.
    await setFollowUp(db, { leadId: l0, actor: sam, on: "2026-10-15" });
    expect(await names("due")).toEqual(["Lead 0", "Lead 2"]);
    expect(await leadNeighbours(db, l0, { view: "due" }, samScope)).toMatchObject({
      previous: null,
      next: l2,
      position: 1,
    });
    await setFollowUp(db, { leadId: l0, actor: sam, on: "2026-11-27" });
    expect((await listLeads(db, page, samScope)).rows.map((row) => row.name)).toEqual([
      "Lead 4",
      "Lead 3",
      "Lead 2",
      "Lead 1",
      "Lead 0",
    ]);
    expect(await countByStatus(db, {}, samScope)).toMatchObject({
      total: 5,
      views: { mine: 2, unassigned: 2, due: 2, "my-due": 1 },
    });
    // Ada's "Mine" is hers.
    expect((await countByStatus(db, {}, { viewerId: ada.id, today })).views.mine).toBe(1);

    const rows = new Map((await listLeads(db, page, samScope)).rows.map((row) => [row.name, row]));
    expect(rows.get("Lead 0")).toMatchObject({
      owner: { name: "Sam Seller" },
      followUpOn: "2026-11-27",
      followUpDue: true,
    });
    expect(rows.get("Lead 3")).toMatchObject({ owner: null, followUpDue: false });
    expect(rows.get("Lead 4")).toMatchObject({ followUpOn: "2026-11-02", followUpDue: false });

    // Follow-up changes are in the history, cleared too.
    await setFollowUp(db, { leadId: l3, actor: ada, on: null });
    const followUps = (await listActivity(db, l3)).filter((entry) => entry.kind === "follow-up");
    expect(followUps.map((entry) => [entry.fromValue, entry.toValue])).toEqual([
      [null, "2026-12-24"],
      ["2026-12-24", null],
    ]);
    expect(await setFollowUp(db, { leadId: l3, actor: ada, on: null })).toEqual({
      outcome: "unchanged",
    });
    await expect(setFollowUp(db, { leadId: l3, actor: ada, on: "27/11/2026" })).rejects.toThrow();
  });

  test("a lead is unread until someone on the team opens it; spam is not counted", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const a = await receive(db, { name: "A", email: "a@example.com", message: "Hi" });
    const b = await receive(db, { name: "B", email: "b@example.com", message: "Hi" });
    const c = await receive(db, { name: "C", email: "c@example.com", message: "Hi" });
    expect(await countUnread(db)).toBe(3);
    await markOpened(db, a);
    await markOpened(db, a);
    await changeStatus(db, { leadId: c, actor: sam, status: "spam" });
    expect(await countUnread(db)).toBe(1);
    const rows = (await listLeads(db, page, scopeFor(sam.id))).rows;
    expect(rows.map((row) => [row.name, row.unread])).toEqual([
      ["B", true],
      ["A", false],
    ]);
    expect(b).toBeTruthy();
  });

  test("a salesperson sorts the list: oldest first, next follow-up first, latest activity first; previous and next follow", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push(
        await receive(db, { name: `S${i}`, email: `s${i}@example.com`, message: "Hi" }, 10 - i),
      );
    }
    const [s0, s1, s2, s3] = ids as [string, string, string, string];
    const scope = scopeFor(sam.id);
    const names = async (sort: "newest" | "oldest" | "follow-up" | "activity") =>
      (await listLeads(db, { ...page, sort }, scope)).rows.map((row) => row.name);
    expect(await names("newest")).toEqual(["S3", "S2", "S1", "S0"]);
    expect(await names("oldest")).toEqual(["S0", "S1", "S2", "S3"]);
    await setFollowUp(db, { leadId: s1, actor: sam, on: "2026-12-10" });
    await setFollowUp(db, { leadId: s3, actor: sam, on: "2026-12-01" });
    // Soonest first; leads without a date after them, newest first.
    expect(await names("follow-up")).toEqual(["S3", "S1", "S2", "S0"]);
    await addNote(db, { leadId: s0, actor: sam, text: "Called, call back Monday." });
    // The lead worked last first; a lead nobody has touched counts from its arrival.
    expect(await names("activity")).toEqual(["S0", "S3", "S1", "S2"]);
    expect(await leadNeighbours(db, s3, { sort: "activity" }, scope)).toEqual({
      previous: s0,
      next: s1,
      position: 2,
      total: 4,
    });
    expect(await leadNeighbours(db, s1, { sort: "oldest" }, scope)).toMatchObject({
      previous: s0,
      next: s2,
    });
  });

  test("a search finds the leads a campaign or source brought, by their first or last visit", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const launch = await receive(db, {
      name: "Cam Paign",
      email: "cam@example.com",
      message: "Hi",
    });
    const returning = await receive(db, {
      name: "Ret Urn",
      email: "ret@example.com",
      message: "Hi",
    });
    await receive(db, { name: "No Touch", email: "none@example.com", message: "Hi" });
    await db.execute(
      sql`update leads set first_touch = ${JSON.stringify({ utm_source: "linkedin", utm_campaign: "Q4-Launch" })}::jsonb where id = ${launch}::uuid`,
    );
    await db.execute(
      sql`update leads set last_touch = ${JSON.stringify({ utm_source: "newsletter", utm_campaign: "december" })}::jsonb where id = ${returning}::uuid`,
    );
    const names = async (q: string) =>
      (await listLeads(db, { ...page, q }, scopeFor(sam.id))).rows.map((row) => row.name);
    expect(await names("q4-launch")).toEqual(["Cam Paign"]);
    expect(await names("LinkedIn")).toEqual(["Cam Paign"]);
    expect(await names("newsletter")).toEqual(["Ret Urn"]);
    // A wildcard typed is a character searched for, here as elsewhere.
    expect(await names("q4_launch")).toEqual([]);
  });

  test("previous and next follow the inbox's order and filter", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push(
        await receive(db, { name: `L${i}`, email: `l${i}@example.com`, message: "Hi" }, 10 - i),
      );
    }
    const [l0, l1, l2, l3] = ids as [string, string, string, string];
    const scope = scopeFor(sam.id);
    // Newest first: l3, l2, l1, l0.
    expect(await leadNeighbours(db, l2, {}, scope)).toEqual({
      previous: l3,
      next: l1,
      position: 2,
      total: 4,
    });
    expect(await leadNeighbours(db, l3, {}, scope)).toMatchObject({ previous: null, next: l2 });
    await assignLead(db, { leadId: l0, actor: sam, ownerId: sam.id });
    await assignLead(db, { leadId: l2, actor: sam, ownerId: sam.id });
    expect(await leadNeighbours(db, l2, { view: "mine" }, scope)).toEqual({
      previous: null,
      next: l0,
      position: 1,
      total: 2,
    });
    // A lead that has left the list (taken by someone else, made Contacted from New) keeps
    // its place in it, so Previous and Next still lead on.
    expect(await leadNeighbours(db, l1, { view: "mine" }, scope)).toEqual({
      previous: l2,
      next: l0,
      position: 2,
      total: 3,
    });
    // Not a lead at all: no neighbours.
    expect(
      await leadNeighbours(db, "0b0f8c3e-5a7b-4c1e-9d2f-3a4b5c6d7e8f", {}, scope),
    ).toMatchObject({
      total: 0,
    });
  });

  test("a reply is stored, sent from the site in the person's name with Reply-To them, quoted, recorded, and moves New to Contacted once", async () => {
    const dataDir = temporaryDirectory("replies");
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const id = await receive(db, {
      name: "Dana Whitfield",
      email: "dana@acme.test",
      message: "Hi team,\nWe need a LinkedIn program for our CEO.",
    });
    await deliverToFiles(db, dataDir); // the team's notification

    expect(await sendReply(db, { leadId: id, actor: sam, text: "  \n " })).toEqual({
      outcome: "invalid",
      field: "reply",
      problem: "Write the reply before sending it.",
    });
    expect(await sendReply(db, { leadId: id, actor: sam, text: "Hi", subject: " \r\n " })).toEqual({
      outcome: "invalid",
      field: "subject",
      problem: "Write a subject, or keep the one suggested.",
    });
    expect(
      (await sendReply(db, { leadId: id, actor: sam, text: "Hi", subject: "x".repeat(201) }))
        .outcome,
    ).toBe("invalid");
    expect(
      (await sendReply(db, { leadId: id, actor: sam, text: "x".repeat(10_001) })).outcome,
    ).toBe("invalid");
    expect((await listActivity(db, id)).length).toBe(0);

    const first = await sendReply(db, {
      leadId: id,
      actor: sam,
      text: "Thanks Dana!\r\nDoes Tuesday at 10 work?",
    });
    expect(first).toMatchObject({ outcome: "queued", contacted: true });
    let history = await listActivity(db, id);
    expect(history.map((entry) => [entry.kind, entry.note, entry.delivery])).toEqual([
      ["reply", "Thanks Dana!\nDoes Tuesday at 10 work?", "pending"],
      ["status", null, null],
    ]);
    expect((await getLead(db, id))?.status).toBe("contacted");

    await deliverToFiles(db, dataDir);
    history = await listActivity(db, id);
    expect(history[0]?.delivery).toBe("sent");
    const replyFile = readdirSync(path.join(dataDir, "mail")).find((name) =>
      name.includes("-reply-"),
    );
    expect(replyFile).toBeDefined();
    const email = readFileSync(path.join(dataDir, "mail", replyFile ?? ""), "utf8");
    expect(email).toMatch(/^From: Sam Seller at Northstory <website@northstory\.example>$/m);
    expect(email).toMatch(/^Reply-To: sam@northstory\.example$/m);
    expect(email).toMatch(/^To: dana@acme\.test$/m);
    expect(email).toMatch(/^Subject: Re: We need a LinkedIn program for our CEO\.$/m);
    expect(email).not.toMatch(/^Auto-Submitted:/m);
    expect(email).toContain("Does Tuesday at 10 work?");
    expect(email).toContain("> We need a LinkedIn program for our CEO.");

    // A second reply leaves the status as it is.
    await changeStatus(db, { leadId: id, actor: sam, status: "qualified" });
    // A subject of the salesperson's own, on one line whatever was pasted into it.
    expect(
      await sendReply(db, {
        leadId: id,
        actor: sam,
        text: "Agenda attached.",
        subject: "Agenda for Tuesday\r\nBcc: everyone@example.com",
      }),
    ).toMatchObject({ contacted: false });
    expect((await getLead(db, id))?.status).toBe("qualified");
    await deliverToFiles(db, dataDir);
    const agenda = readdirSync(path.join(dataDir, "mail"))
      .filter((name) => name.includes("-reply-"))
      .map((name) => readFileSync(path.join(dataDir, "mail", name), "utf8"))
      .find((text) => text.includes("Agenda attached."));
    expect(agenda).toMatch(/^Subject: Agenda for Tuesday Bcc: everyone@example\.com$/m);
    expect(agenda).not.toMatch(/^Bcc:/m);

    // The CSV says who replied when, and how many notes.
    const [row] = parse(await collect(leadsCsv(db, {}, scopeFor(sam.id))), {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(row?.first_reply_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(row?.last_reply_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(row?.first_reply_at && row.last_reply_at && row.first_reply_at < row.last_reply_at).toBe(
      true,
    );
    expect(row?.notes).toBe("0");

    // Erasing the person takes the replies (outbox rows and their files) with them.
    await erasePerson(db, {
      email: "dana@acme.test",
      dataDir,
      actor: sam,
      log: createLogger("silent"),
    });
    const left = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from mail_outbox where payload::text like '%dana@acme.test%'`,
    );
    expect(left[0]?.n).toBe(0);
    expect(readdirSync(path.join(dataDir, "mail"))).toEqual([]);
  });

  test("a reply that the mail server refuses stays queued and is retried, its state shown in the history", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const id = await receive(db, { name: "Dana", email: "dana@acme.test", message: "Hi" });
    await db.execute(sql`update mail_outbox set status = 'sent'`); // the notification is done
    await sendReply(db, { leadId: id, actor: sam, text: "Hello Dana" });
    const failing = {
      async send() {
        throw new Error("421 try again later");
      },
    };
    const result = await deliverDueMail({
      db,
      sender: failing,
      from: "website@northstory.example",
      to: "sales@northstory.example",
      log: createLogger("silent"),
    });
    expect(result).toMatchObject({ sent: 0, retried: 1 });
    const [reply] = await listActivity(db, id);
    expect(reply).toMatchObject({ kind: "reply", delivery: "pending" });
    const [row] = await queryRows<{ attempts: number; last_error: string }>(
      db,
      sql`select attempts, last_error from mail_outbox where kind = 'reply'`,
    );
    expect(row).toMatchObject({ attempts: 1 });
    expect(row?.last_error).toContain("421");
  });

  test("the CSV carries owner and follow-up", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const id = await receive(db, { name: "Dana", email: "dana@acme.test", message: "Hi" });
    await assignLead(db, { leadId: id, actor: sam, ownerId: sam.id });
    await setFollowUp(db, { leadId: id, actor: sam, on: "2026-12-01" });
    const [row] = parse(await collect(leadsCsv(db, { view: "mine" }, scopeFor(sam.id))), {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(row).toMatchObject({
      owner_name: "Sam Seller",
      owner_email: "sam@northstory.example",
      follow_up_on: "2026-12-01",
      first_reply_at: "",
      notes: "0",
    });
  });

  test("the overview counts what waits, what is due, this week against last, the median first reply and leads per week by source", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const now = new Date("2026-11-27T12:00:00Z"); // a Friday; the week began on the 23rd
    const at = async (id: string, moment: string) =>
      db.execute(sql`update leads set created_at = ${moment}::timestamptz where id = ${id}::uuid`);
    const linkedIn = await receive(db, { name: "A", email: "a@example.com", message: "Hi" });
    await at(linkedIn, "2026-11-24T09:00:00Z");
    await db.execute(
      sql`update leads set first_touch = '{"utm_source":"linkedin","utm_campaign":"q4"}' where id = ${linkedIn}::uuid`,
    );
    const google = await receive(db, { name: "B", email: "b@example.com", message: "Hi" });
    await at(google, "2026-11-25T09:00:00Z");
    await db.execute(
      sql`update leads set first_touch = '{"referrer":"https://www.google.com/"}' where id = ${google}::uuid`,
    );
    const lastWeek = await receive(db, { name: "C", email: "c@example.com", message: "Hi" });
    await at(lastWeek, "2026-11-18T09:00:00Z");
    const spam = await receive(db, { name: "S", email: "s@example.com", message: "Buy" });
    await at(spam, "2026-11-26T09:00:00Z");
    await changeStatus(db, { leadId: spam, actor: sam, status: "spam" });
    // Replies 30 and 90 minutes after arrival (the median is 60), one to a lead still New.
    await sendReply(db, { leadId: linkedIn, actor: sam, text: "Hello" });
    await sendReply(db, { leadId: google, actor: sam, text: "Hello" });
    await db.execute(sql`
      update lead_activity a set created_at = l.created_at + case when l.id = ${linkedIn}::uuid
        then interval '30 minutes' else interval '90 minutes' end
      from leads l where a.lead_id = l.id`);
    await changeStatus(db, { leadId: google, actor: sam, status: "new" });
    await assignLead(db, { leadId: lastWeek, actor: sam, ownerId: sam.id });
    await setFollowUp(db, { leadId: lastWeek, actor: sam, on: "2026-11-26" });

    const overview = await leadOverview(db, { viewerId: sam.id, today: "2026-11-27" }, now);
    expect(overview).toMatchObject({
      newUnanswered: 1, // C: B is New again but was answered; spam does not count
      myFollowUpsDue: 1,
      thisWeek: 2,
      lastWeek: 1,
      medianFirstReplyMinutes: 60,
      repliedIn30Days: 2,
      failedDeliveries: 0,
    });
    expect(overview.weekly.weeks.at(-1)).toBe("2026-11-23");
    expect(overview.weekly.totals.slice(-2)).toEqual([1, 2]);
    expect(
      overview.weekly.series.map((series) => [series.source, series.counts.slice(-2)]),
    ).toEqual([
      ["Google", [0, 1]],
      ["LinkedIn", [0, 1]],
      ["Not known", [1, 0]],
    ]);
  });

  test("a note can be changed or deleted by its author only; the history keeps that it happened", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const ada = await signUp(db, "Ada Admin", "ada@northstory.example", "admin");
    const id = await receive(db, { name: "Dana", email: "dana@acme.test", message: "Hi" });
    const added = await addNote(db, { leadId: id, actor: sam, text: "Called, no answer." });
    if (added.outcome !== "added") throw new Error("not added");
    const noteId = added.entry.id;
    expect(await changeNote(db, { leadId: id, noteId, actor: ada, text: "Hacked" })).toEqual({
      outcome: "not-yours",
    });
    expect(await changeNote(db, { leadId: id, noteId, actor: sam, text: "  " })).toMatchObject({
      outcome: "invalid",
    });
    expect(
      await changeNote(db, { leadId: randomUUID(), noteId, actor: sam, text: "Moved" }),
    ).toEqual({ outcome: "not-found" });
    expect(
      await changeNote(db, { leadId: id, noteId, actor: sam, text: "Called twice, no answer." }),
    ).toEqual({ outcome: "changed" });
    let [entry] = await listActivity(db, id);
    expect(entry).toMatchObject({ note: "Called twice, no answer.", deletedAt: null });
    expect(entry?.editedAt).toBeInstanceOf(Date);

    expect(await changeNote(db, { leadId: id, noteId, actor: sam, text: null })).toEqual({
      outcome: "changed",
    });
    [entry] = await listActivity(db, id);
    expect(entry).toMatchObject({ kind: "note", note: null, actor: { name: "Sam Seller" } });
    expect(entry?.deletedAt).toBeInstanceOf(Date);
    // Deleted stays deleted: it can be neither changed nor deleted again.
    expect(await changeNote(db, { leadId: id, noteId, actor: sam, text: "Back" })).toEqual({
      outcome: "not-found",
    });
  });
});
