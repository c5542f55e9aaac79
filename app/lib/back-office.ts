import type { href } from "react-router";

/**
 * What the back office's pages and its server code share: roles and their names, its
 * sections, and how long a sign-in link works.
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

/** How long an invitation's link works: someone invited may not read their email at once. */
export const INVITE_LINK_DAYS = 7;

/**
 * The parts of the back office a role may be given (which roles may use each:
 * app/.server/auth/roles.ts): leads, posts, analytics (visits joined to leads), and team
 * (people, roles and site settings).
 */
export const areaNames = ["leads", "posts", "analytics", "team"] as const;
export type Area = (typeof areaNames)[number];

/**
 * The back office's sections, in the order the navigation and the home page's cards show
 * them: each needs its area (null: everyone signed in). A path must be a page of
 * app/routes.ts (the type says so), written out rather than built with href() so that
 * this list stays data a bundle can leave out when it is unused.
 */
export const backOfficeSections: {
  label: string;
  path: Parameters<typeof href>[0];
  area: Area | null;
  description: string;
}[] = [
  {
    label: "Leads",
    path: "/admin/leads",
    area: "leads",
    description: "Every message sent through the contact form: answer, qualify, export.",
  },
  {
    label: "Posts",
    path: "/admin/posts",
    area: "posts",
    description: "Write, preview, schedule and publish blog posts.",
  },
  {
    label: "Analytics",
    path: "/admin/analytics",
    area: "analytics",
    description: "Which pages, campaigns and calls to action bring visitors and leads.",
  },
  {
    label: "Team",
    path: "/admin/team",
    area: "team",
    description: "Invite people, change their role, or stop someone from signing in.",
  },
  {
    label: "Settings",
    path: "/admin/settings",
    area: "team",
    description: "How long leads are kept before they are erased.",
  },
  {
    label: "Your account",
    path: "/admin/account",
    area: null,
    description: "Your name, your passkeys, and where you are signed in.",
  },
];

/** The lead a back-office path opens (`/admin/leads/<id>`), if it is a lead's page. */
export function leadOpenedBy(pathname: string): string | undefined {
  return /^\/admin\/leads\/([^/.]+)\/?$/.exec(pathname)?.[1];
}

/**
 * Whether the back office's frame (its navigation, and the count of unread leads in it) is
 * loaded again for a move within the back office. Going to the inbox or to a lead changes
 * that count (a lead opened is no longer unread), so those moves ask for it; otherwise the
 * router's own rule holds (after a form, or a change of search).
 */
export function frameNeedsLoading({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: {
  currentUrl: URL;
  nextUrl: URL;
  defaultShouldRevalidate: boolean;
}): boolean {
  const moved = currentUrl.pathname !== nextUrl.pathname;
  return defaultShouldRevalidate || (moved && /^\/admin\/leads(?:\/|$)/.test(nextUrl.pathname));
}
