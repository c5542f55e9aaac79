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
