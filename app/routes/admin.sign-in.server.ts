// What the sign-in pages' forms may send, checked by their actions.
import { z } from "zod";
import { emailSchema } from "#app/.server/auth/users.ts";

/** Where to return after signing in: checked again by safeNextPath before it is used. */
const next = z.string().max(2_000).optional();

/** The email form of /admin/sign-in. */
export const signInForm = z.object({
  email: z.string().default("").pipe(emailSchema),
  next,
});

/** The button of /admin/sign-in/link: the emailed token, sent back to be used. */
export const signInLinkForm = z.object({ token: z.string().max(200).default(""), next });
