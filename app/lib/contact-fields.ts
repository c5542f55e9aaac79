// The contact form's fields, their limits and the answer to a missing one: what the form
// draws with the page, before its checks (contact-schema.ts, with zod) have loaded.

export const contactLimits = { name: 200, email: 254, message: 5_000 } as const;

export type ContactField = "name" | "email" | "message";

/** The answer when a field is missing; the contact page's copy shows it as its toast's title. */
export const requiredFieldsMessage = "Please fill in all required fields.";
