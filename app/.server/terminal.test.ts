import { describe, expect, test } from "vitest";
import { printableLine, printableText } from "#app/.server/terminal.ts";

describe("visitor text printed in a terminal", () => {
  test("escape sequences, C1 controls and bidi overrides are shown, not obeyed", () => {
    const hostile = "Dana\u001b[2J\u009b31m\u202Eevil\u2066";
    const shown = printableLine(hostile);
    expect(shown).toBe("Dana\\u{001b}[2J\\u{009b}31m\\u{202e}evil\\u{2066}");
    expect(shown).not.toMatch(/[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/);
  });

  test("a message keeps its lines; a one-line field does not", () => {
    expect(printableText("Hello\nworld\t!")).toBe("Hello\nworld\t!");
    expect(printableLine("Hello\nworld")).toBe("Hello\\u{000a}world");
    expect(printableText("naïve café — 日本")).toBe("naïve café — 日本");
  });
});
