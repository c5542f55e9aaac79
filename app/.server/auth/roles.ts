import type { Area, UserRole } from "#app/lib/back-office.ts";

export type { Area };

/** The parts of the back office, and the roles that may use each. */
export const areas = {
  /** Leads: the inbox, a lead's page, exports and erasure. */
  leads: ["admin", "sales"],
  /** Blog posts. */
  posts: ["admin", "editor"],
  /** Visits joined to leads: what brings them. */
  analytics: ["admin", "sales", "editor"],
  /** People, roles and site settings. */
  team: ["admin"],
} as const satisfies Record<Area, readonly UserRole[]>;

export function canUse(role: UserRole, area: Area): boolean {
  return (areas[area] as readonly UserRole[]).includes(role);
}
