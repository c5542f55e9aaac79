// What the account page's forms may send, checked by its action.
import { z } from "zod";

/** The account page's forms, told apart by their `intent`. */
export const accountForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("rename"),
    name: z.string().trim().max(100, { error: "A name has at most 100 characters." }).default(""),
  }),
  z.object({ intent: z.literal("delete-passkey"), id: z.string().max(1_000).default("") }),
  z.object({ intent: z.literal("sign-out-everywhere") }),
]);
