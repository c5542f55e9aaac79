import { expect, test } from "vitest";
import { postFormSchema } from "#app/.server/blog/editor.ts";

test("a title or author with control characters is saved as one clean line", () => {
  const parsed = postFormSchema.shape.title.parse(" Bell\u0007 and\nbreak\u001b[31m ");
  expect(parsed).toBe("Bell and break [31m");
  expect(postFormSchema.shape.author.parse("Ada\u0000 Lovelace")).toBe("Ada Lovelace");
  expect(postFormSchema.shape.title.safeParse("\u0007\u0008").success).toBe(false);
});
