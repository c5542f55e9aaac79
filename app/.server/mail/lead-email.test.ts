import { simpleParser } from "mailparser";
import nodemailer from "nodemailer";
import { describe, expect, test } from "vitest";
import { buildLeadEmail, type StoredLead } from "#app/.server/mail/lead-email.ts";

async function render(fields: Omit<StoredLead, "id" | "createdAt">) {
  const mail = buildLeadEmail(
    {
      id: "7d0e1c44-1111-4a2b-9c3d-000000000001",
      createdAt: new Date("2026-05-01T10:00:00Z"),
      ...fields,
    },
    { from: "website@northstory.example", to: "sales@northstory.example" },
  );
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail(mail);
  return {
    info,
    parsed: await simpleParser(info.message as Buffer),
    raw: (info.message as Buffer).toString(),
  };
}

const injections = ["\r", "\n", "\r\n", "\u0000", "\u2028", "\u2029", "\u0085"];

describe("the contact email", () => {
  test("carries name, email and message, replies to the visitor and has a stable Message-ID", async () => {
    const { parsed, info } = await render({
      name: "Dana Whitfield",
      email: "dana@example.com",
      message: "We sell to CFOs.\nCan you help?",
    });
    expect(parsed.subject).toBe("New contact message from Dana Whitfield");
    expect(parsed.replyTo?.value).toEqual([
      { name: "Dana Whitfield", address: "dana@example.com" },
    ]);
    expect(parsed.messageId).toBe(
      "<contact-7d0e1c44-1111-4a2b-9c3d-000000000001@northstory.example>",
    );
    expect(parsed.text).toContain("Name: Dana Whitfield");
    expect(parsed.text).toContain("Email: dana@example.com");
    expect(parsed.text).toContain("We sell to CFOs.\nCan you help?");
    expect(info.envelope.to).toEqual(["sales@northstory.example"]);
  });

  // The schema already refuses these; the email builder must hold even if it did not.
  test.each(injections)("%j in any field adds no header and no recipient", async (character) => {
    const evil = `x${character}Bcc: victim@example.com${character}X-Injected: yes`;
    const { parsed, info, raw } = await render({
      name: evil,
      email: `dana@example.com${character}Bcc: victim@example.com`,
      message: evil,
    });
    expect(info.envelope.to).toEqual(["sales@northstory.example"]);
    expect(parsed.headers.has("bcc")).toBe(false);
    expect(parsed.headers.has("x-injected")).toBe(false);
    expect(parsed.subject).not.toMatch(/[\r\n]/);
    const headerBlock = raw.split(/\r?\n\r?\n/)[0] ?? "";
    expect(headerBlock).not.toMatch(/^Bcc:/im);
    expect(headerBlock).not.toMatch(/^X-Injected:/im);
    expect(parsed.to && "value" in parsed.to ? parsed.to.value.map((a) => a.address) : []).toEqual([
      "sales@northstory.example",
    ]);
  });

  test("ends with a Source block: where the visit came from and which call to action led to the form", async () => {
    const { parsed } = await render({
      name: "Dana Whitfield",
      email: "dana@example.com",
      message: "Hello",
      formPage: "/contact?from=home-hero",
      cta: "home-hero",
      lastTouch: {
        landing: "/?utm_source=linkedin&utm_campaign=q4",
        referrer: "https://www.linkedin.com",
        utm_source: "linkedin",
        utm_campaign: "q4",
      },
      firstTouch: { landing: "/blog", referrer: "https://www.google.com" },
    });
    const block = parsed.text?.split("Source:\n")[1] ?? "";
    expect(block).toContain("  Landing page: /?utm_source=linkedin&utm_campaign=q4\n");
    expect(block).toContain("  Referrer: https://www.linkedin.com\n");
    expect(block).toContain("  UTM source: linkedin\n");
    expect(block).toContain("  UTM campaign: q4\n");
    expect(block).toContain("  Call to action: home-hero\n");
    expect(block).toContain("  Sent from: /contact?from=home-hero\n");
    expect(block).toContain("  First visit: /blog from https://www.google.com\n");
  });
});
