import { describe, expect, test } from "vitest";
import {
  contactFieldProblems,
  contactSchema,
  firstContactProblem,
} from "#app/lib/contact-schema.ts";

const valid = {
  name: "Dana Whitfield",
  email: "dana@example.com",
  message: "We need help with LinkedIn.",
};

function problem(input: Record<string, string>) {
  const result = contactSchema.safeParse(input);
  if (result.success) return null;
  return firstContactProblem(result.error);
}

describe("the contact form schema", () => {
  test("accepts a normal message and trims every value", () => {
    expect(
      contactSchema.parse({ name: "  Dana ", email: " dana@example.com ", message: "\n Hi \n" }),
    ).toEqual({
      name: "Dana",
      email: "dana@example.com",
      message: "Hi",
    });
  });

  test.each([
    ["name", "   "],
    ["email", " \t "],
    ["message", "\n\n  "],
    ["name", ""],
  ])("a %s of only whitespace is refused with the required-fields message", (field, value) => {
    expect(problem({ ...valid, [field]: value })).toBe("Please fill in all required fields.");
  });

  test("an invalid email address is named as such", () => {
    expect(problem({ ...valid, email: "dana@" })).toBe("Please enter a valid email address.");
  });

  test("each limit is explained", () => {
    expect(problem({ ...valid, name: "a".repeat(201) })).toBe(
      "Name must be 200 characters or fewer.",
    );
    expect(problem({ ...valid, email: `${"a".repeat(250)}@example.com` })).toBe(
      "Email must be 254 characters or fewer.",
    );
    expect(problem({ ...valid, message: "a".repeat(5001) })).toBe(
      "Message must be 5,000 characters or fewer.",
    );
    expect(problem({ ...valid, name: "a".repeat(200), message: "a".repeat(5000) })).toBeNull();
  });

  test.each(["\r", "\n", "\u0000", "\u2028"])("a name containing %j is refused", (character) => {
    expect(problem({ ...valid, name: `Dana${character}Bcc: evil@example.com` })).toBe(
      "Name must be a single line of text.",
    );
  });

  test.each(["\r\nBcc: evil@example.com", "\u0000", "\u2028x"])(
    "an email containing %j is refused",
    (suffix) => {
      expect(problem({ ...valid, email: `dana@example.com${suffix}` })).not.toBeNull();
    },
  );

  test("invisible controls that would disguise a name or address in a terminal are removed", () => {
    const parsed = contactSchema.parse({
      ...valid,
      name: "Dana\u202E Whitfield\u0085\u2066",
      email: "\u200Edana@example.com",
    });
    expect(parsed.name).toBe("Dana Whitfield");
    expect(parsed.email).toBe("dana@example.com");
    expect(contactSchema.parse({ ...valid, message: "a\u009Bb" }).message).toBe("ab");
  });

  test("a message keeps its line breaks but loses NUL and other control characters", () => {
    const parsed = contactSchema.parse({
      ...valid,
      message: "Line one\r\nLine two\u0000\u0007\u2028end",
    });
    expect(parsed.message).toBe("Line one\nLine twoend");
  });
});

test("each field's first problem is phrased to be shown under it", () => {
  const checked = contactSchema.safeParse({ name: "  ", email: "riley@", message: "" });
  expect(checked.success).toBe(false);
  if (checked.success) return;
  expect(contactFieldProblems(checked.error)).toEqual({
    name: "Name is required.",
    email: "Please enter a valid email address.",
    message: "Message is required.",
  });
  const long = contactSchema.safeParse({
    name: "Dana\nWhitfield",
    email: "dana@ledgerline.example",
    message: "Hi",
  });
  expect(long.success || contactFieldProblems(long.error)).toEqual({
    name: "Name must be a single line of text.",
  });
});
