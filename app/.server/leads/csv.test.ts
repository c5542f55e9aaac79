import { describe, expect, test } from "vitest";
import { formatLeadsCsv, type LeadCsvRecord } from "#app/.server/leads/csv.ts";

const record = (overrides: Partial<LeadCsvRecord> = {}): LeadCsvRecord => ({
  id: "0b6f6a63-8f7e-4b0e-9d55-3a2f4b8c1d20",
  received: new Date("2026-03-01T09:30:00.000Z"),
  name: "Dana Whitfield",
  email: "dana@example.com",
  status: "new",
  delivery: "sent",
  message: "Hello",
  ...overrides,
});

const dataLine = (overrides: Partial<LeadCsvRecord>) =>
  formatLeadsCsv([record(overrides)], { first: false }).trimEnd();

describe("leads as CSV", () => {
  test("the first chunk starts with a byte-order mark and the header; later ones have neither", () => {
    const first = formatLeadsCsv([record()], { first: true });
    expect(
      first.startsWith(
        "\uFEFFid,received,name,email,status,delivery,message,call_to_action,form_page,landing_page,referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content,first_landing_page,first_referrer,owner_name,owner_email,follow_up_on,deal_value,first_reply_at,last_reply_at,notes,added_by_hand,linkedin_profile,lost_reason\n",
      ),
    ).toBe(true);
    expect(first).toContain(
      "0b6f6a63-8f7e-4b0e-9d55-3a2f4b8c1d20,2026-03-01T09:30:00.000Z,Dana Whitfield,dana@example.com,new,sent,Hello,,,,,,,,,,,,,,,,,,0,,,\n",
    );
    const later = formatLeadsCsv([record()], { first: false });
    expect(later.startsWith("0b6f6a63")).toBe(true);
  });

  test("commas, quotes and newlines stay inside their cell", () => {
    expect(dataLine({ name: 'Dana "DW" Whitfield, CEO', message: "line one\nline two" })).toBe(
      '0b6f6a63-8f7e-4b0e-9d55-3a2f4b8c1d20,2026-03-01T09:30:00.000Z,"Dana ""DW"" Whitfield, CEO",dana@example.com,new,sent,"line one\nline two",,,,,,,,,,,,,,,,,,0,,,',
    );
  });

  test("where the lead came from has a column each, formulas neutralised there too", () => {
    const line = dataLine({
      call_to_action: "home-hero",
      form_page: "/contact?from=home-hero",
      landing_page: "/?utm_source=linkedin",
      referrer: "https://www.linkedin.com",
      utm_source: "=cmd|' /C calc'!A0",
      utm_campaign: "q4",
    });
    expect(line).toContain(
      ",home-hero,/contact?from=home-hero,/?utm_source=linkedin,https://www.linkedin.com,'=cmd|' /C calc'!A0,,q4,,,,",
    );
  });

  test("a cell a spreadsheet would run as a formula starts with a quote mark instead", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]) {
      const formula = `${start}HYPERLINK("http://evil.example","click")`;
      const line = dataLine({ name: formula, message: formula });
      expect(line).not.toMatch(/,"?[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/);
      expect(line).toContain(`'${start}HYPERLINK`);
    }
  });

  test("a formula further into the text is left as the visitor wrote it", () => {
    expect(dataLine({ message: "Budget: =SUM(A1:A3)" })).toContain(",Budget: =SUM(A1:A3)");
  });

  test("the team's work on a lead follows: owner, follow-up day, deal value, first and last reply, notes", () => {
    expect(
      dataLine({
        ownerName: "Sam Seller",
        ownerEmail: "sam@northstory.example",
        followUpOn: "2026-12-01",
        dealValue: 48000,
        firstReplyAt: new Date("2026-03-01T10:00:00.000Z"),
        lastReplyAt: new Date("2026-03-02T08:15:00.000Z"),
        notes: 2,
      }),
    ).toMatch(
      /,Sam Seller,sam@northstory\.example,2026-12-01,48000,2026-03-01T10:00:00\.000Z,2026-03-02T08:15:00\.000Z,2,,,$/,
    );
  });

  test("a lead added by hand says how they reached the team, then come the LinkedIn profile and why it was lost", () => {
    expect(
      dataLine({
        addedByHand: "LinkedIn message",
        linkedinProfile: "https://www.linkedin.com/in/dana-whitfield",
        lostReason: "Price or budget",
      }),
    ).toMatch(
      /,0,LinkedIn message,https:\/\/www\.linkedin\.com\/in\/dana-whitfield,Price or budget$/,
    );
  });

  test("a lead whose email was never queued has an empty delivery cell", () => {
    expect(dataLine({ delivery: null })).toContain(",new,,Hello");
  });
});
