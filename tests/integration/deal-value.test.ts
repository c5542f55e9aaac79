import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { dealsBySource, lastDays } from "#app/.server/analytics/report.ts";
import type { Db } from "#app/.server/db/client.ts";
import { changeStatus, listActivity } from "#app/.server/leads/activity.ts";
import { addLead, addLeadSchema } from "#app/.server/leads/add-lead.ts";
import { dealValueSchema, setDealValue, setLostReason } from "#app/.server/leads/assignment.ts";
import { leadsCsv } from "#app/.server/leads/csv.ts";
import { getLead, listLeads, scopeFor } from "#app/.server/leads/inbox.ts";
import { leadOverview } from "#app/.server/leads/overview.ts";
import { lostLately, pipelineBoard, teamLately } from "#app/.server/leads/pipeline.ts";
import type { LeadLostReason, LeadStatus } from "#app/lib/leads.ts";
import { describeEachDriver, useTestDatabase } from "../support/db.ts";
import { collect, receive, signUp } from "../support/leads.ts";

describe("a deal's value as typed", () => {
  test("whole dollars, written as people write them, are taken; empty is none", () => {
    for (const [typed, dollars] of [
      ["48000", 48000],
      ["48,000", 48000],
      ["$48,000", 48000],
      ["US$ 48 000", 48000],
      ["48000 USD", 48000],
      ["1,250,000.00", 1250000],
      ["  0 ", 0],
      ["", null],
      ["   ", null],
      ["$", null],
    ] as const) {
      expect(dealValueSchema.parse(typed), typed).toBe(dollars);
    }
  });

  test("cents, signs, shorthand and absurd sums are refused with the form to use", () => {
    for (const typed of ["48000.50", "-500", "4.5k", "48,00", "forty", "1e6"]) {
      expect(dealValueSchema.safeParse(typed).error?.issues[0]?.message, typed).toBe(
        "Enter whole US dollars, such as 4,500.",
      );
    }
    expect(dealValueSchema.safeParse("100,000,001").error?.issues[0]?.message).toBe(
      "Enter at most $100,000,000.",
    );
  });
});

describeEachDriver("deal values on %s", (driver) => {
  const handle = useTestDatabase(driver, { truncate: "leads, users, mail_outbox" });
  let db: Db;
  beforeAll(() => {
    db = handle.db;
  });

  test("a value is set, changed and cleared, each step in the history; the same value again changes nothing", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const id = await receive(db, { name: "Dana", email: "dana@acme.test", message: "Hello" });
    expect(await setDealValue(db, { leadId: id, actor: sam, value: 48000 })).toEqual({
      outcome: "changed",
      from: null,
      to: 48000,
    });
    expect(await setDealValue(db, { leadId: id, actor: sam, value: 48000 })).toEqual({
      outcome: "unchanged",
    });
    await setDealValue(db, { leadId: id, actor: sam, value: 60000 });
    await setDealValue(db, { leadId: id, actor: sam, value: null });
    const history = (await listActivity(db, id)).filter((entry) => entry.kind === "value");
    expect(history.map((entry) => [entry.fromValue, entry.toValue])).toEqual([
      [null, "48000"],
      ["48000", "60000"],
      ["60000", null],
    ]);
    expect((await getLead(db, id))?.dealValue).toBeNull();
    expect(
      await setDealValue(db, {
        leadId: "5d6c7b8a-0000-4000-8000-000000000000",
        actor: sam,
        value: 1,
      }),
    ).toEqual({ outcome: "not-found" });
    // The database refuses what the form would: no negative or absurd value gets in.
    await expect(db.execute(sql`update leads set deal_value = -1`)).rejects.toThrow();
  });

  test("the inbox sorts the largest deal first, the CSV has the value, the overview adds up the open pipeline and the deals won lately", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const small = await receive(db, { name: "Small", email: "small@a.test", message: "Hi" }, 30);
    const large = await receive(db, { name: "Large", email: "large@b.test", message: "Hi" }, 20);
    const none = await receive(db, { name: "None", email: "none@c.test", message: "Hi" }, 10);
    const won = await receive(db, { name: "Won", email: "won@d.test", message: "Hi" }, 40);
    const lost = await receive(db, { name: "Lost", email: "lost@e.test", message: "Hi" }, 50);
    await setDealValue(db, { leadId: small, actor: sam, value: 4500 });
    await setDealValue(db, { leadId: large, actor: sam, value: 120000 });
    await setDealValue(db, { leadId: won, actor: sam, value: 36000 });
    await setDealValue(db, { leadId: lost, actor: sam, value: 99000 });
    await changeStatus(db, { leadId: won, actor: sam, status: "won" });
    await changeStatus(db, { leadId: lost, actor: sam, status: "lost" });
    const added = await addLead(
      db,
      addLeadSchema.parse({
        name: "Referred",
        email: "ref@f.test",
        origin: "referral",
        status: "qualified",
        value: "$15,000",
        key: crypto.randomUUID(),
      }),
      sam,
    );
    if (added.outcome !== "added") throw new Error(added.outcome);

    const scope = scopeFor(sam.id);
    const page = await listLeads(db, { page: 1, pageSize: 25, sort: "value" }, scope);
    expect(page.rows.map((row) => [row.name, row.dealValue])).toEqual([
      ["Large", 120000],
      ["Lost", 99000],
      ["Won", 36000],
      ["Referred", 15000],
      ["Small", 4500],
      ["None", null],
    ]);
    expect(none).toBeTruthy();

    const csv = parse(await collect(leadsCsv(db, {}, scope)), {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(Object.fromEntries(csv.map((record) => [record.name, record.deal_value]))).toEqual({
      Large: "120000",
      Lost: "99000",
      Won: "36000",
      Referred: "15000",
      Small: "4500",
      None: "",
    });

    const overview = await leadOverview(db, scope);
    // Open: new, contacted, qualified; 3 of the 4 have a value.
    expect(overview.openPipeline).toEqual({ dollars: 139500, valued: 3, open: 4 });
    expect(overview.wonIn30Days).toEqual({ dollars: 36000, leads: 1 });
    // Won more than 30 days ago counts no more.
    await db.execute(
      sql`update lead_activity set created_at = now() - interval '31 days' where to_status = 'won'`,
    );
    expect((await leadOverview(db, scope)).wonIn30Days).toEqual({ dollars: 0, leads: 0 });
  });

  test("the pipeline board: open leads by stage, largest deal first, each stage counted and summed; won only lately; Mine only the viewer's", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const ada = await signUp(db, "Ada Admin", "ada@northstory.example", "admin");
    const lead = async (name: string, status: LeadStatus, value: number | null, owner = sam) => {
      const id = await receive(db, { name, email: `${name}@x.test`, message: "Hi" });
      if (value !== null) await setDealValue(db, { leadId: id, actor: sam, value });
      if (status !== "new") await changeStatus(db, { leadId: id, actor: sam, status });
      await db.execute(sql`update leads set owner_id = ${owner.id}::uuid where id = ${id}::uuid`);
      return id;
    };
    await lead("small", "new", 1000);
    await lead("none", "new", null);
    await lead("big", "new", 90000, ada);
    await lead("talking", "contacted", 20000);
    await lead("won-now", "won", 36000);
    const old = await lead("won-long-ago", "won", 50000);
    await db.execute(
      sql`update lead_activity set created_at = now() - interval '40 days' where lead_id = ${old}::uuid`,
    );
    await lead("lost", "lost", 70000);
    await lead("spam", "spam", 80000);

    const board = await pipelineBoard(db, scopeFor(sam.id));
    expect(
      board.map((column) => [
        column.stage,
        column.count,
        column.dollars,
        column.cards.map((card) => card.name),
      ]),
    ).toEqual([
      ["new", 3, 91000, ["big", "small", "none"]],
      ["contacted", 1, 20000, ["talking"]],
      ["qualified", 0, 0, []],
      ["won", 1, 36000, ["won-now"]],
    ]);
    const mine = await pipelineBoard(db, scopeFor(sam.id), { mine: true });
    expect(mine[0]?.cards.map((card) => card.name)).toEqual(["small", "none"]);
    expect(mine[0]?.dollars).toBe(1000);
  });

  test("a card left alone for 14 days or more is idle: open, no follow-up day, nothing done since (or since it came)", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const lead = async (name: string) =>
      receive(db, { name, email: `${name}@x.test`, message: "Hi" });
    const agedBy = async (id: string, days: number) => {
      await db.execute(sql`update leads set created_at = now() - make_interval(days => ${days})
        where id = ${id}::uuid`);
      await db.execute(sql`update lead_activity set created_at = now() - make_interval(days => ${days})
        where lead_id = ${id}::uuid`);
    };
    // Arrived 20 days ago, nothing done.
    await agedBy(await lead("untouched"), 20);
    // Arrived 13 days ago: not yet.
    await agedBy(await lead("recent"), 13);
    // Arrived long ago, contacted 16 days ago.
    const contacted = await lead("contacted");
    await changeStatus(db, { leadId: contacted, actor: sam, status: "contacted" });
    await agedBy(contacted, 16);
    // Left alone as long, but with a follow-up day: it is waiting, not forgotten.
    const waiting = await lead("waiting");
    await db.execute(
      sql`update leads set follow_up_on = current_date + 3 where id = ${waiting}::uuid`,
    );
    await agedBy(waiting, 30);
    // Old, but a note two days ago.
    const noted = await lead("noted");
    await agedBy(noted, 40);
    await setDealValue(db, { leadId: noted, actor: sam, value: 1000 });
    await db.execute(sql`update lead_activity set created_at = now() - interval '2 days'
      where lead_id = ${noted}::uuid`);
    // Won long ago stays on the board only for 30 days and is never idle.
    const won = await lead("won");
    await changeStatus(db, { leadId: won, actor: sam, status: "won" });
    await agedBy(won, 20);

    const board = await pipelineBoard(db, scopeFor(sam.id));
    const idle = Object.fromEntries(
      board.flatMap((column) => column.cards.map((card) => [card.name, card.idleDays])),
    );
    expect(idle).toEqual({
      untouched: 20,
      recent: null,
      contacted: 16,
      waiting: null,
      noted: null,
      won: null,
    });
  });

  test("a stage shows its 50 largest deals, and counts and sums all of them", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    // 52 new leads worth $1,000 to $52,000 each, in one statement.
    await db.execute(sql`insert into leads (name, email, message, idempotency_key, deal_value)
      select 'lead-' || n, 'lead-' || n || '@x.test', 'Hi', 'cap-' || n, n * 1000
      from generate_series(1, 52) as n`);
    const [first] = await pipelineBoard(db, scopeFor(sam.id));
    expect(first?.count).toBe(52);
    expect(first?.dollars).toBe((52 * 53 * 1000) / 2);
    expect(first?.cards).toHaveLength(50);
    expect(first?.cards[0]?.name).toBe("lead-52");
    expect(first?.cards.at(-1)?.name).toBe("lead-3");
  });

  test("why a lead was lost is noted and changed in its history, and the board sums the leads lost lately by reason", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const ada = await signUp(db, "Ada Admin", "ada@northstory.example", "admin");
    const lose = async (
      name: string,
      reason: LeadLostReason | null,
      value: number,
      owner = sam,
    ) => {
      const id = await receive(db, { name, email: `${name}@x.test`, message: "Hi" });
      await setDealValue(db, { leadId: id, actor: sam, value });
      await changeStatus(db, { leadId: id, actor: sam, status: "lost" });
      if (reason) await setLostReason(db, { leadId: id, actor: sam, reason });
      await db.execute(sql`update leads set owner_id = ${owner.id}::uuid where id = ${id}::uuid`);
      return id;
    };
    const priced = await lose("priced", "price", 40000);
    await lose("priced-too", "price", 10000, ada);
    await lose("quiet", "no-response", 5000);
    await lose("unsaid", null, 1000);
    const old = await lose("long-ago", "timing", 90000);
    await db.execute(
      sql`update lead_activity set created_at = now() - interval '40 days' where lead_id = ${old}::uuid`,
    );

    expect(await setLostReason(db, { leadId: priced, actor: sam, reason: "competitor" })).toEqual({
      outcome: "changed",
      from: "price",
      to: "competitor",
    });
    expect(
      (await listActivity(db, priced))
        .filter((entry) => entry.kind === "lost-reason")
        .map((entry) => [entry.fromValue, entry.toValue]),
    ).toEqual([
      [null, "price"],
      ["price", "competitor"],
    ]);
    await expect(
      setLostReason(db, { leadId: priced, actor: sam, reason: "bored" as LeadLostReason }),
    ).rejects.toThrow(RangeError);

    expect(await lostLately(db, scopeFor(sam.id))).toEqual({
      count: 4,
      dollars: 56000,
      reasons: [
        { reason: "competitor", count: 1 },
        { reason: "no-response", count: 1 },
        { reason: "price", count: 1 },
        { reason: null, count: 1 },
      ],
    });
    expect((await lostLately(db, scopeFor(sam.id), { mine: true })).count).toBe(3);
  });

  test("the team's numbers: each person's open leads and value, won and lost lately, win rate, follow-ups due and first reply; former owners and unassigned after", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    await signUp(db, "Ada Admin", "ada@northstory.example", "admin");
    await signUp(db, "Ed Editor", "ed@northstory.example", "editor");
    const gone = await signUp(db, "Gus Gone", "gus@northstory.example");
    const scope = scopeFor(sam.id, "UTC", new Date("2026-11-20T12:00:00Z"));
    const lead = async (
      name: string,
      owner: { id: string } | null,
      status: LeadStatus,
      value: number | null,
    ) => {
      const id = await receive(db, { name, email: `${name}@x.test`, message: "Hi" });
      if (value !== null) await setDealValue(db, { leadId: id, actor: sam, value });
      if (status !== "new") await changeStatus(db, { leadId: id, actor: sam, status });
      await db.execute(
        sql`update leads set owner_id = ${owner?.id ?? null}::uuid where id = ${id}::uuid`,
      );
      return id;
    };
    const due = await lead("due", sam, "new", 10000);
    await db.execute(sql`update leads set follow_up_on = '2026-11-19' where id = ${due}::uuid`);
    const later = await lead("later", sam, "contacted", 5000);
    await db.execute(sql`update leads set follow_up_on = '2026-11-21' where id = ${later}::uuid`);
    await lead("won", sam, "won", 20000);
    await lead("lost", sam, "lost", 7000);
    await lead("spam", sam, "spam", 99000);
    await lead("orphan", null, "qualified", 3000);
    await lead("former", gone, "new", 1000);
    await db.execute(sql`update users set disabled_at = now() where id = ${gone.id}::uuid`);
    // First replies 60 and 180 minutes after arrival: the median is 120.
    for (const [id, minutes] of [
      [due, 60],
      [later, 180],
    ] as const) {
      await db.execute(sql`insert into lead_activity (lead_id, actor_id, actor_name, actor_email, kind, note, created_at)
        select id, ${sam.id}::uuid, 'Sam Seller', 'sam@northstory.example', 'reply', 'Hello',
          created_at + ${minutes} * interval '1 minute' from leads where id = ${id}::uuid`);
    }

    const team = await teamLately(db, scope);
    expect(
      team.map((row) => [
        row.owner?.name ?? "Unassigned",
        row.open,
        row.openDollars,
        row.won,
        row.wonDollars,
        row.lost,
        row.due,
        row.medianReplyMinutes === null ? null : Math.round(row.medianReplyMinutes),
      ]),
    ).toEqual([
      ["Ada Admin", 0, 0, 0, 0, 0, 0, null],
      ["Sam Seller", 2, 15000, 1, 20000, 1, 1, 120],
      ["Gus Gone", 1, 1000, 0, 0, 0, 0, null],
      ["Unassigned", 1, 3000, 0, 0, 0, 0, null],
    ]);
    // Won and lost long ago count no more.
    await db.execute(
      sql`update lead_activity set created_at = now() - interval '31 days' where kind = 'status'`,
    );
    const [, samLater] = await teamLately(db, scope);
    expect([samLater?.won, samLater?.lost]).toEqual([0, 0]);
  });

  test("analytics add up what each source's leads are worth, open, won and lost; spam, leads added by hand and unvalued sources stay out", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const linkedin = { utm_source: "LinkedIn", utm_medium: "social", utm_campaign: "q4" };
    const from = async (name: string, touch: object | null, value: number | null) => {
      const id = await receive(db, { name, email: `${name}@x.test`, message: "Hi" });
      await db.execute(
        sql`update leads set first_touch = ${touch ? JSON.stringify(touch) : null}::jsonb where id = ${id}::uuid`,
      );
      if (value !== null) await setDealValue(db, { leadId: id, actor: sam, value });
      return id;
    };
    await from("open", linkedin, 48000);
    const won = await from("won", linkedin, 24000);
    await changeStatus(db, { leadId: won, actor: sam, status: "won" });
    const lost = await from("lost", linkedin, 9000);
    await changeStatus(db, { leadId: lost, actor: sam, status: "lost" });
    await from("unvalued", linkedin, null);
    await from("newsletter", { utm_source: "newsletter" }, null);
    const spam = await from("spam", linkedin, 90000);
    await changeStatus(db, { leadId: spam, actor: sam, status: "spam" });
    await from("direct", null, 5000);
    await addLead(
      db,
      addLeadSchema.parse({
        name: "By hand",
        email: "hand@x.test",
        origin: "call",
        value: "70000",
        key: crypto.randomUUID(),
      }),
      sam,
    );
    expect(await dealsBySource(db, lastDays(7))).toEqual([
      {
        source: "linkedin",
        medium: "social",
        campaign: "q4",
        leads: 4,
        valued: 3,
        open: 48000,
        won: 24000,
        lost: 9000,
      },
      {
        source: null,
        medium: null,
        campaign: null,
        leads: 1,
        valued: 1,
        open: 5000,
        won: 0,
        lost: 0,
      },
    ]);
  });
});
