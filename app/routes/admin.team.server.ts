// What the team page's forms may send, checked by its action.
import { z } from "zod";
import { inviteSchema } from "#app/.server/auth/users.ts";
import { userRoles } from "#app/lib/back-office.ts";

const personId = z.string().max(100).default("");

/** The team page's forms, told apart by their `intent`. */
export const teamForm = z.discriminatedUnion("intent", [
  inviteSchema.extend({ intent: z.literal("invite") }),
  z.object({
    intent: z.literal("role"),
    id: personId,
    role: z.enum(userRoles, { error: "Choose a role: admin, editor or sales." }),
  }),
  z.object({ intent: z.enum(["disable", "enable", "reinvite"]), id: personId }),
]);
