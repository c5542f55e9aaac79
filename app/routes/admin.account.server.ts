// What the account page's forms may send, checked by its action.
import { z } from "zod";
import { canonicalTimeZone, isTimeZone } from "#app/lib/time-zone.ts";

/** The account page's forms, told apart by their `intent`. */
export const accountForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("rename"),
    name: z.string().trim().max(100, { error: "A name has at most 100 characters." }).default(""),
  }),
  z.object({ intent: z.literal("delete-passkey"), id: z.string().max(1_000).default("") }),
  z.object({ intent: z.literal("sign-out-everywhere") }),
  z.object({
    intent: z.literal("follow-up-email"),
    // A ticked box is sent ("on"); an unticked one is not sent at all.
    on: z
      .literal("on")
      .optional()
      .transform((value) => value === "on"),
  }),
  z.object({
    intent: z.literal("time-zone"),
    timeZone: z
      .string()
      .refine(isTimeZone, { error: "Choose a time zone from the list." })
      .transform(canonicalTimeZone),
    // Sent by the browser on a first visit: it sets a zone only where none was chosen.
    auto: z.literal("yes").optional(),
  }),
]);
