import type { UserRole } from "#app/lib/back-office.ts";

/** The parts of the back office, and the roles that may use each. */
export const areas = {
  /** Contact messages: the inbox, a lead's page, exports and erasure. */
  leads: ["admin", "sales"],
  /** Blog posts. */
  posts: ["admin", "editor"],
  /** People, roles and site settings. */
  team: ["admin"],
} as const satisfies Record<string, readonly UserRole[]>;

export type Area = keyof typeof areas;

export function canUse(role: UserRole, area: Area): boolean {
  return (areas[area] as readonly UserRole[]).includes(role);
}
