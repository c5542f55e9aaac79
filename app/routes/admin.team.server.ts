// What the team page's forms may send, checked by its action.
import { z } from "zod";
import { inviteSchema } from "#app/.server/auth/users.ts";
import { userRoles } from "#app/lib/back-office.ts";

const personId = z.string().max(100).default("");

/** The team page's forms, told apart by their `intent`. */
export const teamForm = z.discriminatedUnion("intent", [
  inviteSchema.extend({
    intent: z.literal("invite"),
    // Where the invitation's link leads once they are signed in (a back-office page).
    start: z
      .string()
      .regex(/^\/admin(\/[a-z]+)?$/, { error: "Choose a page of the back office." })
      .default("/admin"),
  }),
  z.object({
    intent: z.literal("role"),
    id: personId,
    role: z.enum(userRoles, { error: "Choose a role: admin, editor or sales." }),
  }),
  z.object({ intent: z.enum(["disable", "enable", "reinvite", "revoke"]), id: personId }),
]);
