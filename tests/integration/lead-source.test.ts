import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { postContact } from "../support/contact.ts";
import { type SpawnedServer, startBuiltServer } from "../support/server.ts";
import { startTestSmtp, type TestSmtp } from "../support/smtp.ts";

/** The contact form as served for `path`: its token and the page field the server wrote. */
async function servedForm(baseUrl: string, path: string) {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const field = (name: string) =>
    html
      .match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1]
      ?.replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"');
  return { token: field("token") ?? "", page: field("page") };
}

const linkedinVisit = {
  landing: "/?utm_source=linkedin&utm_campaign=q4",
  referrer: "https://www.linkedin.com",
  at: "2026-11-20T09:30:00.000Z",
  utm_source: "linkedin",
  utm_campaign: "q4",
};

describe("where a lead came from", () => {
  let smtp: TestSmtp;
  let server: SpawnedServer;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startBuiltServer({
      SMTP_URL: smtp.url,
      CONTACT_MIN_FILL_MS: "0",
      CONTACT_RATE_LIMIT: "50",
      MAIL_POLL_MS: "100",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const mailFrom = async (name: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mail = smtp.messages.find((m) => m.subject === `New contact message from ${name}`);
      if (mail) return mail.text ?? "";
      if (Date.now() > deadline) throw new Error(`no email from ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  test("the form served for a call to action sends its page back, and the email's Source block tells the visit", async () => {
    const form = await servedForm(server.url, "/contact?from=pricing-full-service");
    expect(form.page).toBe("/contact?from=pricing-full-service");
    const answer = await postContact(server.url, {
      name: "Source Visitor",
      token: form.token,
      page: form.page ?? "",
      touch: JSON.stringify(linkedinVisit),
      first_touch: JSON.stringify({ landing: "/blog", referrer: "https://www.google.com" }),
    });
    expect(answer.status).toBe(200);
    const text = await mailFrom("Source Visitor");
    expect(text).toContain("Source:\n");
    expect(text).toContain("  Landing page: /?utm_source=linkedin&utm_campaign=q4\n");
    expect(text).toContain("  Referrer: https://www.linkedin.com\n");
    expect(text).toContain("  UTM source: linkedin\n");
    expect(text).toContain("  UTM campaign: q4\n");
    expect(text).toContain("  Call to action: pricing-full-service\n");
    expect(text).toContain("  Sent from: /contact?from=pricing-full-service\n");
    expect(text).toContain("  First visit: /blog from https://www.google.com");
  });

  test("bad or oversized attribution is dropped and the lead still arrives", async () => {
    const form = await servedForm(server.url, "/contact");
    const answer = await postContact(server.url, {
      name: "Odd Source",
      token: form.token,
      page: "https://evil.example/",
      touch: JSON.stringify({ ...linkedinVisit, utm_medium: "m".repeat(5_000) }),
      first_touch: "{not json",
    });
    expect(answer.status).toBe(200);
    expect(answer.html).toContain("Message Sent Successfully!");
    const text = await mailFrom("Odd Source");
    expect(text).not.toContain("mmmm");
    expect(text).not.toContain("evil.example");
    expect(text).not.toContain("UTM source: linkedin");
    expect(text).toContain("Visit: not known");
  });

  test("a form without the page field names the page from a same-origin Referer only", async () => {
    const own = await postContact(
      server.url,
      { name: "Referer Visitor", token: (await servedForm(server.url, "/contact")).token },
      { headers: { referer: `${server.url}/contact?from=home-hero` } },
    );
    expect(own.status).toBe(200);
    const foreign = await postContact(
      server.url,
      { name: "Foreign Referer", token: (await servedForm(server.url, "/contact")).token },
      { headers: { referer: "https://elsewhere.example/contact?from=home-hero" } },
    );
    expect(foreign.status).toBe(200);
    expect(await mailFrom("Referer Visitor")).toContain(
      "  Call to action: home-hero\n  Sent from: /contact?from=home-hero\n",
    );
    const text = await mailFrom("Foreign Referer");
    expect(text).not.toContain("Call to action");
    expect(text).not.toContain("Sent from");
  });
});
