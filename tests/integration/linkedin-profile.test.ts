import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { listActivity } from "#app/.server/leads/activity.ts";
import { linkedinProfileSchema, setLinkedinProfile } from "#app/.server/leads/assignment.ts";
import { getLead } from "#app/.server/leads/inbox.ts";
import { exportPerson } from "#app/.server/leads/privacy.ts";
import { linkedinLabel } from "#app/lib/leads.ts";
import { describeEachDriver, useTestDatabase } from "../support/db.ts";
import { receive, signUp } from "../support/leads.ts";

describe("a LinkedIn profile as pasted", () => {
  test("the usual forms of a profile's address become one", () => {
    for (const typed of [
      "linkedin.com/in/dana-whitfield",
      "https://www.linkedin.com/in/dana-whitfield/",
      "http://linkedin.com/in/dana-whitfield",
      "https://uk.linkedin.com/in/dana-whitfield?utm_source=share&utm_medium=member_ios",
      "  www.linkedin.com/in/dana-whitfield#experience ",
    ]) {
      expect(linkedinProfileSchema.parse(typed), typed).toBe(
        "https://www.linkedin.com/in/dana-whitfield",
      );
    }
    expect(linkedinProfileSchema.parse("")).toBeNull();
    // Letters beyond ASCII, as LinkedIn writes them in its addresses, and as the page shows them.
    const accented = linkedinProfileSchema.parse("linkedin.com/in/jos%C3%A9-garc%C3%ADa");
    expect(accented).toBe("https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa");
    expect(linkedinLabel(accented ?? "")).toBe("linkedin.com/in/josé-garcía");
  });

  test("anything that is not a profile on LinkedIn's own host is refused, never linked", () => {
    for (const typed of [
      "javascript:alert(1)//linkedin.com/in/dana",
      "https://linkedin.com.evil.example/in/dana-whitfield",
      "https://evil.example/linkedin.com/in/dana-whitfield",
      "https://www.linkedin.com/company/northstory",
      "https://www.linkedin.com/in/",
      "https://www.linkedin.com/in/dana/details/experience",
      "https://www.linkedin.com/in/%E0%A4%A",
      "https://www.linkedin.com/in/<script>",
      "dana-whitfield",
      "https://user@www.linkedin.com/in/dana",
    ]) {
      expect(linkedinProfileSchema.safeParse(typed).error?.issues[0]?.message, typed).toBe(
        "Paste the address of their LinkedIn profile, such as linkedin.com/in/dana-whitfield.",
      );
    }
  });
});

describeEachDriver("a lead's LinkedIn profile on %s", (driver) => {
  const handle = useTestDatabase(driver, { truncate: "leads, users, mail_outbox" });
  let db: Db;
  beforeAll(() => {
    db = handle.db;
  });

  test("it is noted, changed and removed, each step in the history, and exported with the person's data", async () => {
    const sam = await signUp(db, "Sam Seller", "sam@northstory.example");
    const id = await receive(db, { name: "Dana", email: "dana@acme.test", message: "Hello" });
    const url = "https://www.linkedin.com/in/dana-whitfield";
    expect(await setLinkedinProfile(db, { leadId: id, actor: sam, url })).toEqual({
      outcome: "changed",
      from: null,
      to: url,
    });
    expect(await setLinkedinProfile(db, { leadId: id, actor: sam, url })).toEqual({
      outcome: "unchanged",
    });
    expect((await getLead(db, id))?.linkedinUrl).toBe(url);
    const exported = await exportPerson(db, "dana@acme.test");
    expect(exported.leads[0]?.lead.linkedin_url).toBe(url);
    await setLinkedinProfile(db, { leadId: id, actor: sam, url: null });
    const history = (await listActivity(db, id)).filter((entry) => entry.kind === "linkedin");
    expect(history.map((entry) => [entry.fromValue, entry.toValue])).toEqual([
      [null, url],
      [url, null],
    ]);
    // Only an address as the schema stores it gets in.
    await expect(
      setLinkedinProfile(db, { leadId: id, actor: sam, url: "https://evil.example/in/x" }),
    ).rejects.toThrow(RangeError);
    const [row] = await queryRows<{ url: string | null }>(
      db,
      sql`select linkedin_url as url from leads where id = ${id}::uuid`,
    );
    expect(row?.url).toBeNull();
  });
});
