import { describe, expect, test } from "vitest";
import { z } from "zod";
import { checkForm, parseForm, readFormData } from "#app/.server/http/form-data.ts";

const form = (entries: [string, string | File][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

const invite = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("invite"),
    email: z.email({ error: "Enter an email address like name@company.com." }),
    name: z.string().max(5, { error: "A name has at most 5 characters." }).default(""),
  }),
  z.object({ intent: z.literal("remove"), ids: z.array(z.string()).min(1) }),
]);

describe("checking a posted form against its schema", () => {
  test("a valid form gives the schema's data and what was typed", () => {
    const checked = checkForm(
      form([
        ["intent", "invite"],
        ["email", "ada@example.com"],
      ]),
      invite,
    );
    expect(checked).toEqual({
      ok: true,
      data: { intent: "invite", email: "ada@example.com", name: "" },
      values: { intent: "invite", email: "ada@example.com" },
    });
  });

  test("each field's first problem is named by the field, and the values come back to refill the form", () => {
    const checked = checkForm(
      form([
        ["intent", "invite"],
        ["email", "not an address"],
        ["name", "Ada Lovelace"],
      ]),
      invite,
    );
    expect(checked).toEqual({
      ok: false,
      fields: {
        email: "Enter an email address like name@company.com.",
        name: "A name has at most 5 characters.",
      },
      values: { intent: "invite", email: "not an address", name: "Ada Lovelace" },
    });
  });

  test("an unknown or missing intent is a problem of the intent", () => {
    for (const entries of [[["intent", "delete-everything"]], []] as [string, string][][]) {
      const checked = checkForm(form(entries), invite);
      expect(checked.ok).toBe(false);
      expect(checked.ok ? undefined : Object.keys(checked.fields)).toEqual(["intent"]);
    }
  });

  test("a field sent several times is a list; sent once where a list is expected it is refused", () => {
    const many = checkForm(
      form([
        ["intent", "remove"],
        ["ids", "a"],
        ["ids", "b"],
      ]),
      invite,
    );
    expect(many.ok && many.data).toEqual({ intent: "remove", ids: ["a", "b"] });
    expect(
      checkForm(
        form([
          ["intent", "remove"],
          ["ids", "a"],
        ]),
        invite,
      ).ok,
    ).toBe(false);
  });

  test("what comes back to refill a form is cut to 10,000 characters a field", () => {
    const checked = checkForm(
      form([
        ["intent", "invite"],
        ["email", "x".repeat(50_000)],
      ]),
      invite,
    );
    expect(checked.values.email).toHaveLength(10_000);
  });

  test("a body that is not a form is refused with 415 and a reason, not read", async () => {
    const request = new Request("http://localhost/admin/team", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ intent: "invite" }),
    });
    const refusal = await parseForm(request, invite).catch((thrown: unknown) => thrown);
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(415);
    expect(await (refusal as Response).text()).toBe("Send the form as a normal form post.");
  });

  test("past a form's own byte limit the body is refused with 413, whether declared or streamed", async () => {
    const body = new URLSearchParams({ message: "x".repeat(5_000) }).toString();
    const streamed = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body));
        controller.close();
      },
    });
    for (const request of [
      new Request("http://localhost/contact", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      }),
      new Request("http://localhost/contact", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: streamed,
        duplex: "half",
      } as RequestInit),
    ]) {
      const refusal = await readFormData(request, { maxBytes: 1_024 }).catch((thrown) => thrown);
      expect((refusal as Response).status).toBe(413);
    }
    const small = new Request("http://localhost/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "name=Ada",
    });
    expect((await readFormData(small, { maxBytes: 1_024 })).get("name")).toBe("Ada");
  });
});
