// zod/mini keeps the browser bundle small; the same schema runs on the server. The contact
// form loads this module when the visitor first reaches the form, not with the page.
import * as z from "zod/mini";
import {
  type ContactField,
  contactLimits,
  requiredFieldsMessage,
} from "#app/lib/contact-fields.ts";

export { type ContactField, contactLimits, requiredFieldsMessage };

/**
 * 5000 → "5,000". Not `toLocaleString`: this runs as the contact page's script loads, and a
 * phone spends milliseconds creating its first number formatter.
 */
const thousands = (value: number) => String(value).replace(/\B(?=(\d{3})+$)/g, ",");

const required = requiredFieldsMessage;
// Characters that never belong in a name or address: controls and line/paragraph separators.
const lineBreaking = /[\p{Cc}\u2028\u2029]/u;
// In a message, newlines and tabs are fine; other controls (NUL and the C1 range included)
// are dropped.
const messageControls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/g;
// Invisible characters that reorder or disguise text in a terminal or a mail client (C1
// controls, bidirectional overrides, isolates and marks): nobody types them in a name or an
// address, so they are removed from those single-line fields.
const invisibleControls = /[\u0080-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const withoutInvisibleControls = z.overwrite((value: string) =>
  value.replace(invisibleControls, ""),
);

/**
 * One schema for the browser and the server: name, email and message are required and
 * trimmed (an empty field after trimming is refused); the email must be an address.
 */
export const contactSchema = z.object({
  name: z.string({ error: required }).check(
    withoutInvisibleControls,
    z.trim(),
    z.minLength(1, { error: required }),
    z.maxLength(contactLimits.name, {
      error: `Name must be ${contactLimits.name} characters or fewer.`,
    }),
    z.refine((value) => !lineBreaking.test(value), {
      error: "Name must be a single line of text.",
    }),
  ),
  email: z.pipe(
    z.string({ error: required }).check(
      withoutInvisibleControls,
      z.trim(),
      z.minLength(1, { error: required }),
      z.maxLength(contactLimits.email, {
        error: `Email must be ${contactLimits.email} characters or fewer.`,
      }),
    ),
    z.email({ error: "Please enter a valid email address." }),
  ),
  message: z.pipe(
    z.pipe(
      z.string({ error: required }),
      z.transform((value: string) =>
        value.replace(/\r\n?/g, "\n").replace(messageControls, "").trim(),
      ),
    ),
    z.string().check(
      z.minLength(1, { error: required }),
      z.maxLength(contactLimits.message, {
        error: `Message must be ${thousands(contactLimits.message)} characters or fewer.`,
      }),
    ),
  ),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** The first problem, phrased for a toast: empty fields first, then the specific limit. */
export function firstContactProblem(error: { issues: readonly { message: string }[] }): string {
  const messages = error.issues.map((issue) => issue.message);
  return messages.includes(required) ? required : (messages[0] ?? required);
}

const fieldNames: Record<ContactField, string> = {
  name: "Name",
  email: "Email",
  message: "Message",
};

/**
 * Each field's first problem, phrased to be shown under it ("Email is required.", "Please
 * enter a valid email address."), for the fields that have one.
 */
export function contactFieldProblems(error: {
  issues: readonly { message: string; path: readonly PropertyKey[] }[];
}): Partial<Record<ContactField, string>> {
  const problems: Partial<Record<ContactField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field !== "name" && field !== "email" && field !== "message") continue;
    problems[field] ??=
      issue.message === required ? `${fieldNames[field]} is required.` : issue.message;
  }
  return problems;
}
