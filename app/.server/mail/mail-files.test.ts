import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { temporaryDirectory } from "#tests/support/temporary-directory.ts";
import { deleteMailFiles, partialMailFile } from "./mail-files.ts";
import { createMailSender } from "./outbox.ts";

const dana = "0b7c5d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e";
const omar = "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d";

describe("emails written as files (no SMTP server)", () => {
  test("an email appears whole, under its final name, readable by the server's user alone", async () => {
    const dataDir = temporaryDirectory("mail-files");
    const sender = createMailSender({ dataDir });
    await sender.send({
      from: "site@example.com",
      to: "team@example.com",
      subject: "New contact message from Dana Whitfield",
      text: "Hello",
      messageId: `<contact-${dana}@example.com>`,
    });
    const names = readdirSync(path.join(dataDir, "mail"));
    expect(names).toEqual([expect.stringMatching(new RegExp(`-contact-${dana}\\.eml$`))]);
    const file = path.join(dataDir, "mail", names[0] ?? "");
    expect(readFileSync(file, "utf8")).toContain(
      "Subject: New contact message from Dana Whitfield",
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  test("erasing a lead deletes its emails, and a partial one a stopped copy left, and nobody else's", async () => {
    const dataDir = temporaryDirectory("mail-files");
    const dir = path.join(dataDir, "mail");
    mkdirSync(dir);
    const files = {
      contact: `2026-11-28T10-00-00-000Z-contact-${dana}.eml`,
      reply: `2026-11-28T11-00-00-000Z-reply-7-${dana}.eml`,
      partial: partialMailFile(`2026-11-28T12-00-00-000Z-reply-8-${dana}.eml`),
      other: `2026-11-28T10-30-00-000Z-contact-${omar}.eml`,
      otherPartial: partialMailFile(`2026-11-28T12-30-00-000Z-reply-9-${omar}.eml`),
      notice: "2026-11-28T09-00-00-000Z-notice-3.eml",
    };
    for (const name of Object.values(files)) writeFileSync(path.join(dir, name), "email");
    expect(await deleteMailFiles(dataDir, [dana])).toBe(3);
    expect(readdirSync(dir).sort()).toEqual([files.other, files.otherPartial, files.notice].sort());
    expect(await deleteMailFiles(dataDir, [dana])).toBe(0);
  });
});
