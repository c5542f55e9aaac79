import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { addNote, changeStatus, listActivity } from "#app/.server/leads/activity.ts";
import { leadsCsv } from "#app/.server/leads/csv.ts";
import { countByStatus, getLead, listLeads, scopeFor } from "#app/.server/leads/inbox.ts";
import { erasePerson, exportPerson } from "#app/.server/leads/privacy.ts";
import { resendLeadEmail } from "#app/.server/leads/resend.ts";
import { applyRetention, getRetention, setRetention } from "#app/.server/leads/retention.ts";
import { createLogger } from "#app/.server/log.ts";
import { createMailSender, deliverDueMail } from "#app/.server/mail/outbox.ts";
import { parseLeadFilter } from "#app/lib/leads.ts";
import { describeEachDriver, useTestDatabase } from "../support/db.ts";
import { collect, deliverToFiles, receive, signUp } from "../support/leads.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

/** Someone who owns no lead, looking today. */
const scope = scopeFor(randomUUID());

const corpus: { id: string; payload: string }[] = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../fixtures/xss-corpus.json"), "utf8"),
);
const silent = createLogger("silent");

const dana = { name: "Dana Whitfield", email: "dana@example.com" };
const omar = { name: "Omar Haddad", email: "omar@acme.test" };

describeEachDriver("the leads inbox on %s", (driver) => {
  const handle = useTestDatabase(driver, {
    truncate: "leads, lead_erasures, app_settings, users, rate_limit_hits",
  });
  let db: Db;
  beforeAll(() => {
    db = handle.db;
  });

  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(db, query))[0]?.n ?? 0;

  test("search matches name, email or message text whatever the case, and % and _ only literally", async () => {
    await receive(db, { ...dana, message: "We need PIPELINE from LinkedIn." });
    await receive(db, { ...omar, message: "Budget is 50% of last year." });
    await receive(db, { name: "Li Wei", email: "li_wei@example.org", message: "Hello there" });
    await receive(db, { name: "Zoe Park", email: "zoe@example.org", message: "A 50 percent cut" });
    const names = async (q: string) =>
      (await listLeads(db, { q, page: 1, pageSize: 25 }, scope)).rows.map((row) => row.name).sort();

    expect(await names("whitFIELD")).toEqual(["Dana Whitfield"]);
    expect(await names("ACME.test")).toEqual(["Omar Haddad"]);
    expect(await names("pipeline")).toEqual(["Dana Whitfield"]);
    expect(await names("50%")).toEqual(["Omar Haddad"]);
    expect(await names("%")).toEqual(["Omar Haddad"]);
    expect(await names("_")).toEqual(["Li Wei"]);
    expect(await names("i_w")).toEqual(["Li Wei"]);
    expect(await names("\\")).toEqual([]);
    expect(await names("example.org")).toEqual(["Li Wei", "Zoe Park"]);
  });

  test("leads are listed newest first in pages, filtered by status and delivery, with counts per status", async () => {
    const dataDir = temporaryDirectory("leads");
    const ids: string[] = [];
    // Oldest first: lead 0 arrived 70 minutes ago, lead 6 ten minutes ago.
    for (let i = 0; i < 7; i++) {
      ids.push(
        await receive(
          db,
          {
            name: `Lead ${i}`,
            email: `lead${i}@example.com`,
            message: `First line ${i}\nSecond line`,
          },
          70 - i * 10,
        ),
      );
    }
    await deliverToFiles(db, dataDir);
    const actor = await signUp(db, "Sam Seller", "sam@northstory.example");
    const [l0, l1, l2, l3, l4, l5, l6] = ids as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    for (const id of [l1, l2, l3])
      await changeStatus(db, { leadId: id, actor, status: "contacted" });
    await changeStatus(db, { leadId: l4, actor, status: "spam" });
    // Two emails not delivered yet, one given up on.
    await db.execute(
      sql`update mail_outbox set status = 'pending' where lead_id in (${l5}, ${l6})`,
    );
    await db.execute(
      sql`update mail_outbox set status = 'failed', last_error = 'Mailbox full' where lead_id = ${l0}`,
    );

    // Spam is left out of the list, unless asked for by its status.
    const first = await listLeads(db, { page: 1, pageSize: 3 }, scope);
    expect(first.total).toBe(6);
    expect(first.pageCount).toBe(2);
    expect(first.rows.map((row) => row.name)).toEqual(["Lead 6", "Lead 5", "Lead 3"]);
    expect(first.rows[0]).toMatchObject({
      id: l6,
      email: "lead6@example.com",
      excerpt: "First line 6 Second line",
      source: null,
      status: "new",
      delivery: "pending",
      attempts: 1,
    });
    expect(first.rows[0]?.createdAt).toBeInstanceOf(Date);
    const last = await listLeads(db, { page: 2, pageSize: 3 }, scope);
    expect(last.rows.map((row) => row.name)).toEqual(["Lead 2", "Lead 1", "Lead 0"]);
    // A page past the last shows the last, as a URL typed by hand might ask.
    const beyond = await listLeads(
      db,
      parseLeadFilter(new URLSearchParams("page=99&size=4")),
      scope,
    );
    expect(beyond.page).toBe(2);
    expect(beyond.rows.map((row) => row.name)).toEqual(["Lead 1", "Lead 0"]);
    const spam = await listLeads(db, { status: "spam", page: 1, pageSize: 25 }, scope);
    expect(spam.rows.map((row) => row.name)).toEqual(["Lead 4"]);

    const contacted = await listLeads(db, { status: "contacted", page: 1, pageSize: 25 }, scope);
    expect(contacted.rows.map((row) => row.name)).toEqual(["Lead 3", "Lead 2", "Lead 1"]);
    const pending = await listLeads(db, { delivery: "pending", page: 1, pageSize: 25 }, scope);
    expect(pending.rows.map((row) => row.name)).toEqual(["Lead 6", "Lead 5"]);
    const failed = await listLeads(db, { delivery: "failed", page: 1, pageSize: 25 }, scope);
    expect(failed.rows.map((row) => [row.name, row.delivery])).toEqual([["Lead 0", "failed"]]);
    const sentAndContacted = await listLeads(
      db,
      {
        status: "contacted",
        delivery: "sent",
        page: 1,
        pageSize: 25,
      },
      scope,
    );
    expect(sentAndContacted.total).toBe(3);
    const none = await listLeads(db, { status: "won", page: 1, pageSize: 25 }, scope);
    expect(none).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });

    expect(await countByStatus(db, {}, scope)).toEqual({
      counts: { new: 3, contacted: 3, qualified: 0, won: 0, lost: 0, spam: 1 },
      total: 6,
      views: { mine: 0, unassigned: 6, due: 0, "my-due": 0, idle: 0 },
    });
    expect(await countByStatus(db, { delivery: "sent" }, scope)).toEqual({
      counts: { new: 0, contacted: 3, qualified: 0, won: 0, lost: 0, spam: 1 },
      total: 3,
      views: { mine: 0, unassigned: 3, due: 0, "my-due": 0, idle: 0 },
    });
    expect((await countByStatus(db, { q: "lead6@" }, scope)).counts.new).toBe(1);
  });

  test("a lead delivered on other channels too shows once, with its email's delivery state", async () => {
    const dataDir = temporaryDirectory("leads");
    const id = await receive(db, { ...dana, message: "We need pipeline." });
    await deliverToFiles(db, dataDir);
    await db.execute(
      sql`insert into mail_outbox (lead_id, channel, status, attempts, last_error)
          values (${id}, 'webhook', 'failed', 3, 'HTTP 500'), (${id}, 'slack', 'pending', 0, null)`,
    );
    const page = await listLeads(db, { page: 1, pageSize: 25 }, scope);
    expect(page.total).toBe(1);
    expect(page.rows.map((row) => [row.id, row.delivery, row.attempts])).toEqual([[id, "sent", 1]]);
    expect((await listLeads(db, { delivery: "failed", page: 1, pageSize: 25 }, scope)).total).toBe(
      0,
    );
    expect((await countByStatus(db, { delivery: "sent" }, scope)).total).toBe(1);
    expect((await getLead(db, id))?.delivery).toMatchObject({ status: "sent", lastError: null });
    expect(parse(await collect(leadsCsv(db, {}, scope)), { bom: true })).toHaveLength(2);

    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    await resendLeadEmail(db, { leadId: id, actor: sam });
    const rows = await queryRows<{ channel: string; status: string; attempts: number }>(
      db,
      sql`select channel, status, attempts from mail_outbox where lead_id = ${id} order by channel`,
    );
    expect(rows).toEqual([
      { channel: "email", status: "pending", attempts: 0 },
      { channel: "slack", status: "pending", attempts: 0 },
      { channel: "webhook", status: "failed", attempts: 3 },
    ]);
  });

  test("status changes and notes make a history with who did it and when", async () => {
    const id = await receive(db, { ...dana, message: "We need pipeline." });
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const before = Date.now();

    expect(await changeStatus(db, { leadId: id, actor: sam, status: "contacted" })).toEqual({
      outcome: "changed",
      from: "new",
      to: "contacted",
    });
    expect(await changeStatus(db, { leadId: id, actor: sam, status: "contacted" })).toEqual({
      outcome: "unchanged",
    });
    const added = await addNote(db, {
      leadId: id,
      actor: sam,
      text: "  Called; wants a quote.\r\n  ",
    });
    expect(added).toMatchObject({
      outcome: "added",
      entry: { kind: "note", note: "Called; wants a quote." },
    });
    expect(await addNote(db, { leadId: id, actor: sam, text: " \n\t " })).toEqual({
      outcome: "invalid",
      problem: "A note cannot be empty.",
    });
    expect(await addNote(db, { leadId: id, actor: sam, text: "x".repeat(5_001) })).toEqual({
      outcome: "invalid",
      problem: "A note must be 5,000 characters or fewer.",
    });
    expect((await addNote(db, { leadId: id, actor: sam, text: "x".repeat(5_000) })).outcome).toBe(
      "added",
    );
    await changeStatus(db, { leadId: id, actor: sam, status: "spam" });

    const history = await listActivity(db, id);
    expect(
      history.map((entry) => [
        entry.kind,
        entry.fromStatus,
        entry.toStatus,
        entry.note?.length ?? null,
      ]),
    ).toEqual([
      ["status", "new", "contacted", null],
      ["note", null, null, 22],
      ["note", null, null, 5_000],
      ["status", "contacted", "spam", null],
    ]);
    for (const entry of history) {
      expect(entry.actor).toEqual({
        id: sam.id,
        name: "Sam Seller",
        email: "sam@northstory.example",
      });
      expect(entry.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
      expect(entry.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
    }
    expect((await getLead(db, id))?.status).toBe("spam");

    // The history still reads right after the person who acted is removed.
    await db.execute(sql`delete from users where id = ${sam.id}`);
    const after = await listActivity(db, id);
    expect(after).toHaveLength(4);
    expect(after[0]?.actor).toEqual({
      id: null,
      name: "Sam Seller",
      email: "sam@northstory.example",
    });
  });

  test("an unknown or malformed lead id is answered as not found, never as an error", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    for (const id of [randomUUID(), "not-a-uuid", "", "1' or '1'='1"]) {
      expect(await getLead(db, id)).toBeNull();
      expect(await listActivity(db, id)).toEqual([]);
      expect(await changeStatus(db, { leadId: id, actor: sam, status: "won" })).toEqual({
        outcome: "not-found",
      });
      expect(await addNote(db, { leadId: id, actor: sam, text: "hi" })).toEqual({
        outcome: "not-found",
      });
      expect(await resendLeadEmail(db, { leadId: id, actor: sam })).toEqual({
        outcome: "not-found",
      });
    }
  });

  test("a lead shows in full, and resending puts its email back in the queue, due now", async () => {
    const dataDir = temporaryDirectory("leads");
    const id = await receive(db, { ...dana, message: "We need pipeline.\nAnd a blog." });
    await deliverToFiles(db, dataDir);
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");

    const sent = await getLead(db, id);
    expect(sent).toMatchObject({
      id,
      name: "Dana Whitfield",
      email: "dana@example.com",
      message: "We need pipeline.\nAnd a blog.",
      clientIp: "203.0.113.7",
      status: "new",
      delivery: { status: "sent", attempts: 1, lastError: null },
    });
    expect(sent?.delivery?.sentAt).toBeInstanceOf(Date);

    expect(await resendLeadEmail(db, { leadId: id, actor: sam })).toEqual({
      outcome: "queued",
      previous: "sent",
    });
    const queued = await getLead(db, id);
    expect(queued?.delivery).toMatchObject({ status: "pending", attempts: 0, sentAt: null });
    expect(queued?.delivery?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect((await listActivity(db, id)).map((entry) => [entry.kind, entry.actor.name])).toEqual([
      ["resend", "Sam Seller"],
    ]);

    expect((await deliverToFiles(db, dataDir)).sent).toBe(1);
    expect(
      readdirSync(path.join(dataDir, "mail")).filter((name) => name.endsWith(`-${id}.eml`)),
    ).toHaveLength(2);
    expect((await getLead(db, id))?.delivery?.status).toBe("sent");
  });

  test("the CSV export holds every matching lead as data: quoting, formulas neutralised, hostile payloads intact", async () => {
    const tricky = [
      {
        name: 'Dana "DW" Whitfield, CEO',
        email: "dana@example.com",
        message: "Line one\nline two, with a comma",
      },
      {
        name: '=HYPERLINK("http://evil.example","x")',
        email: "a@example.com",
        message: "+1 555 0100",
      },
      { name: "@SUM(A1)", email: "b@example.com", message: "-2+3" },
      { name: "Zoë Ångström", email: "zoe@example.com", message: "Café crème" },
    ];
    for (const [i, input] of tricky.entries()) await receive(db, input, 1_000 + i);
    // More than one export batch (500), so the chunks must join without a gap or a repeat.
    for (const entry of corpus) {
      await receive(db, {
        name: "Corpus",
        email: `${entry.id}@corpus.test`,
        message: entry.payload,
      });
    }

    const text = await collect(leadsCsv(db, {}, scope));
    expect(
      text.startsWith(
        "\uFEFFid,received,name,email,status,delivery,message,call_to_action,form_page,landing_page,referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content,first_landing_page,first_referrer,owner_name,owner_email,follow_up_on,deal_value,first_reply_at,last_reply_at,notes,added_by_hand,linkedin_profile,lost_reason\n",
      ),
    ).toBe(true);
    const [header, ...records] = parse(text, { bom: true }) as string[][];
    expect(header?.slice(0, 7)).toEqual([
      "id",
      "received",
      "name",
      "email",
      "status",
      "delivery",
      "message",
    ]);
    expect(records).toHaveLength(corpus.length + tricky.length);
    expect(new Set(records.map((record) => record[0])).size).toBe(records.length);

    const byEmail = new Map(records.map((record) => [record[3], record]));
    expect(byEmail.get("dana@example.com")?.slice(2, 7)).toEqual([
      'Dana "DW" Whitfield, CEO',
      "dana@example.com",
      "new",
      "pending",
      "Line one\nline two, with a comma",
    ]);
    expect(byEmail.get("dana@example.com")?.[1]).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    );
    expect(byEmail.get("a@example.com")?.[2]).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(byEmail.get("a@example.com")?.[6]).toBe("'+1 555 0100");
    expect(byEmail.get("b@example.com")?.[2]).toBe("'@SUM(A1)");
    expect(byEmail.get("b@example.com")?.[6]).toBe("'-2+3");
    expect(byEmail.get("zoe@example.com")?.[2]).toBe("Zoë Ångström");
    for (const entry of corpus) {
      const cell = byEmail.get(`${entry.id}@corpus.test`)?.[6];
      expect(cell).toBe(/^[=+\-@\t\r]/.test(entry.payload) ? `'${entry.payload}` : entry.payload);
    }
    for (const record of records) expect(record.join("")).not.toMatch(/^[=+\-@\t\r]|,[=+\-@\t\r]/);

    // The export follows the filter, on every page.
    const filtered = parse(await collect(leadsCsv(db, { q: "corpus.test" }, scope)), { bom: true });
    expect(filtered).toHaveLength(corpus.length + 1);
    const empty = await collect(leadsCsv(db, { status: "won" }, scope));
    expect(empty).toBe(
      "\uFEFFid,received,name,email,status,delivery,message,call_to_action,form_page,landing_page,referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content,first_landing_page,first_referrer,owner_name,owner_email,follow_up_on,deal_value,first_reply_at,last_reply_at,notes,added_by_hand,linkedin_profile,lost_reason\n",
    );
  });

  test("a person's export holds all their leads, history and emails, whatever the address's case, and no one else's", async () => {
    const dataDir = temporaryDirectory("leads");
    const first = await receive(db, { ...dana, message: "First enquiry" }, 60);
    const second = await receive(
      db,
      { name: "Dana W.", email: "Dana@Example.COM", message: "Second enquiry" },
      30,
    );
    const other = await receive(db, { ...omar, message: "Omar's secret plans" });
    await deliverToFiles(db, dataDir);
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    await changeStatus(db, { leadId: first, actor: sam, status: "qualified" });
    await addNote(db, { leadId: second, actor: sam, text: "Same person as the first." });
    await addNote(db, { leadId: other, actor: sam, text: "Omar note" });

    const exported = await exportPerson(db, "  DANA@example.com ", { actor: sam });
    expect(exported.email).toBe("DANA@example.com");
    expect(exported.leads.map((entry) => entry.lead.id)).toEqual([first, second]);
    expect(exported.leads[0]?.lead).toMatchObject({
      name: "Dana Whitfield",
      email: "dana@example.com",
      message: "First enquiry",
      client_ip: "203.0.113.7",
      status: "qualified",
    });
    expect(exported.leads[0]?.activity).toEqual([
      expect.objectContaining({
        kind: "status",
        from_status: "new",
        to_status: "qualified",
        actor_name: "Sam Seller",
      }),
    ]);
    expect(exported.leads[1]?.activity).toEqual([
      expect.objectContaining({ kind: "note", note: "Same person as the first." }),
    ]);
    expect(exported.leads[1]?.outbox).toEqual([
      expect.objectContaining({ status: "sent", attempts: 1, last_error: null }),
    ]);
    const json = JSON.stringify(exported);
    expect(JSON.parse(json)).toEqual(exported);
    expect(json).not.toMatch(/omar|Omar note|secret plans/i);
    // Staff addresses are not the person's data.
    expect(json).not.toContain("sam@northstory.example");
    // The export itself is recorded in the history.
    expect((await listActivity(db, first)).at(-1)?.kind).toBe("export");

    expect((await exportPerson(db, "nobody@example.com")).leads).toEqual([]);
  });

  test("erasing a person removes their leads, history, emails and .eml files, keeps everyone else, and audits without personal data", async () => {
    const dataDir = temporaryDirectory("leads");
    const danaIds = [
      await receive(db, { ...dana, message: "Dana's first enquiry" }),
      await receive(db, {
        name: "Dana Whitfield",
        email: "DANA@example.com",
        message: "Dana again",
      }),
    ];
    const omarId = await receive(db, { ...omar, message: "Omar's enquiry" });
    expect((await deliverToFiles(db, dataDir)).sent).toBe(3);
    const mailDir = path.join(dataDir, "mail");
    const emlFor = (id: string) =>
      readdirSync(mailDir).filter((name) => name.endsWith(`-${id}.eml`));
    for (const id of [...danaIds, omarId]) expect(emlFor(id)).toHaveLength(1);
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    for (const id of [...danaIds, omarId]) {
      await addNote(db, { leadId: id, actor: sam, text: "Called back." });
    }

    const lines: string[] = [];
    const log = createLogger("info", (line) => lines.push(line));
    const result = await erasePerson(db, { email: "dana@EXAMPLE.com", dataDir, actor: sam, log });
    expect(result).toEqual({ leadsErased: 2, filesErased: 2 });

    const ids = sql.join(
      danaIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    expect(await count(sql`select count(*)::int as n from leads where id in (${ids})`)).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from lead_activity where lead_id in (${ids})`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from mail_outbox where lead_id in (${ids})`),
    ).toBe(0);
    for (const id of danaIds) expect(emlFor(id)).toEqual([]);

    // Everyone else is untouched.
    expect(emlFor(omarId)).toHaveLength(1);
    expect((await getLead(db, omarId))?.delivery?.status).toBe("sent");
    expect(await listActivity(db, omarId)).toHaveLength(1);

    const audit = await queryRows<Record<string, unknown>>(db, sql`select * from lead_erasures`);
    expect(audit).toEqual([
      expect.objectContaining({
        reason: "request",
        actor_id: sam.id,
        actor_name: "Sam Seller",
        leads_erased: 2,
        files_erased: 2,
      }),
    ]);
    const personal = /dana|whitfield|enquiry|again|example\.com/i;
    expect(JSON.stringify(audit)).not.toMatch(personal);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({
      msg: "person erased",
      leadsErased: 2,
      filesErased: 2,
    });
    expect(lines.join("\n")).not.toMatch(personal);

    // A second request for the same address finds nothing and is still recorded.
    expect(await erasePerson(db, { email: "dana@example.com", dataDir, actor: sam, log })).toEqual({
      leadsErased: 0,
      filesErased: 0,
    });
    expect(await erasePerson(db, { email: "   ", dataDir, actor: sam, log })).toEqual({
      leadsErased: 0,
      filesErased: 0,
    });
    expect(await count(sql`select count(*)::int as n from leads`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from lead_erasures`)).toBe(3);
  });

  test("a person erased while the team's emails are going out gets no email sent or kept afterwards", async () => {
    const dataDir = temporaryDirectory("leads");
    const omarId = await receive(db, { ...omar, message: "Omar's enquiry" });
    const danaId = await receive(db, { ...dana, message: "Dana's enquiry" });
    const lenaId = await receive(db, {
      name: "Lena Ortiz",
      email: "lena@example.org",
      message: "Lena's enquiry",
    });
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const files = createMailSender({ dataDir });
    const sent: string[] = [];
    // The outbox claims a batch and then sends one email after another: Dana is erased
    // while Omar's email is being sent (so after the batch was read), and Lena while her
    // own is (before its copy is written).
    const sender = {
      async send(mail: Parameters<typeof files.send>[0]) {
        const subject = String(mail.subject);
        if (subject.includes("Omar")) {
          await erasePerson(db, { email: dana.email, dataDir, actor: sam, log: silent });
        }
        if (subject.includes("Lena")) {
          await erasePerson(db, { email: "lena@example.org", dataDir, actor: sam, log: silent });
        }
        sent.push(subject);
        await files.send(mail);
      },
      forget: async (id: string) => files.forget?.(id),
    };
    await deliverDueMail({
      db,
      sender,
      from: "website@northstory.example",
      to: "sales@northstory.example",
      log: silent,
    });

    const emlFor = (id: string) =>
      readdirSync(path.join(dataDir, "mail")).filter((name) => name.endsWith(`-${id}.eml`));
    expect(sent.some((subject) => subject.includes("Dana"))).toBe(false);
    expect(emlFor(danaId)).toEqual([]);
    expect(emlFor(lenaId)).toEqual([]);
    expect(emlFor(omarId)).toHaveLength(1);
    expect(await count(sql`select count(*)::int as n from leads`)).toBe(1);
  });

  test("retention is off by default and then deletes nothing; on, it deletes only leads older than its months", async () => {
    const dataDir = temporaryDirectory("leads");
    const minutesPerMonth = 31 * 24 * 60;
    const old = await receive(db, { ...dana, message: "Old enquiry" }, 13 * minutesPerMonth);
    const recent = await receive(db, { ...omar, message: "Recent enquiry" }, 10 * minutesPerMonth);
    const today = await receive(db, { ...dana, message: "New enquiry" });
    await deliverToFiles(db, dataDir);
    const mailFiles = () => readdirSync(path.join(dataDir, "mail")).sort();
    expect(mailFiles()).toHaveLength(3);

    expect(await getRetention(db)).toBeNull();
    expect(await applyRetention(db, { dataDir, log: silent })).toEqual({
      months: null,
      skipped: false,
      leadsErased: 0,
      filesErased: 0,
    });
    expect(await count(sql`select count(*)::int as n from leads`)).toBe(3);

    const admin = await signUp(db, "Ada Admin", "ada@northstory.example");
    for (const bad of [0, 121, 1.5, Number.NaN]) {
      expect((await setRetention(db, bad, admin)).outcome).toBe("invalid");
    }
    expect(await getRetention(db)).toBeNull();
    expect(await setRetention(db, 12, admin)).toEqual({ outcome: "saved", months: 12 });
    expect(await getRetention(db)).toBe(12);

    // Two server copies running the job at once erase each lead once between them.
    const runs = await Promise.all([
      applyRetention(db, { dataDir, log: silent }),
      applyRetention(db, { dataDir, log: silent }),
    ]);
    expect(runs.reduce((sum, run) => sum + run.leadsErased, 0)).toBe(1);
    expect(runs.reduce((sum, run) => sum + run.filesErased, 0)).toBe(1);
    expect(await getLead(db, old)).toBeNull();
    expect(await getLead(db, recent)).not.toBeNull();
    expect(await getLead(db, today)).not.toBeNull();
    expect(mailFiles().some((name) => name.endsWith(`-${old}.eml`))).toBe(false);
    expect(mailFiles()).toHaveLength(2);
    const audit = await queryRows<Record<string, unknown>>(db, sql`select * from lead_erasures`);
    expect(audit).toEqual([
      expect.objectContaining({
        reason: "retention",
        actor_id: null,
        leads_erased: 1,
        files_erased: 1,
      }),
    ]);
    expect(JSON.stringify(audit)).not.toMatch(/dana|enquiry|example\.com/i);

    // A later run with nothing old enough leaves no audit row; turning it off stops it.
    expect((await applyRetention(db, { dataDir, log: silent })).leadsErased).toBe(0);
    expect(await count(sql`select count(*)::int as n from lead_erasures`)).toBe(1);
    await setRetention(db, null, admin);
    expect(
      (
        await applyRetention(db, {
          dataDir,
          log: silent,
          now: new Date(Date.now() + 10 * 365 * 86_400_000),
        })
      ).leadsErased,
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from leads`)).toBe(2);
  });
});
