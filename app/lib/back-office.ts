/**
 * What the back office's pages and its server code share: roles and their names, and how
 * long a sign-in link works.
 *
 * `admin` does everything and manages people, `editor` writes posts, `sales` works leads.
 */
export const userRoles = ["admin", "editor", "sales"] as const;
export type UserRole = (typeof userRoles)[number];

export const roleLabels: Record<UserRole, string> = {
  admin: "Admin",
  editor: "Editor",
  sales: "Sales",
};

export const roleDescriptions: Record<UserRole, string> = {
  admin: "Everything, including people and settings",
  editor: "Blog posts",
  sales: "Leads",
};

/** How long an emailed sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 15;
