// What a lead's page's forms may send, checked by its action.
import { z } from "zod";
import { leadStatuses } from "#app/lib/leads.ts";

/** A lead's forms, told apart by their `intent`. */
export const leadForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("status"),
    status: z.enum(leadStatuses, { error: `Choose a status: ${leadStatuses.join(", ")}.` }),
  }),
  z.object({ intent: z.literal("spam") }),
  // Its length and content are addNote's to judge, with a message of their own.
  z.object({ intent: z.literal("note"), note: z.string().default("") }),
  z.object({ intent: z.literal("resend") }),
  z.object({
    intent: z.literal("erase"),
    confirm: z.literal("yes", { error: "Tick the box to confirm the erasure." }),
  }),
]);
