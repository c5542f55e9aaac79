// What the settings page's form may send, checked by its action.
import { z } from "zod";

/** Lead retention in months, or empty for "keep until erased by hand"; the range is setRetention's. */
export const retentionForm = z.object({
  months: z
    .string()
    .trim()
    .regex(/^\d{0,4}$/)
    .default("")
    .transform((value) => (value === "" ? null : Number(value))),
});

/** The settings page's forms, told apart by `intent` (the retention form predates it). */
export const templateForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("template-add"),
    title: z.string().default(""),
    body: z.string().default(""),
  }),
  z.object({ intent: z.literal("template-delete"), id: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("analytics-retention"), days: z.string().trim().default("") }),
]);
