/**
 * Paths rendered to HTML at build time: every page without per-request data. The blog
 * listing and database posts are rendered per request.
 */
export const staticPagePaths: string[] = [
  "/",
  // Marketing pages
  // About, case studies, content examples, legal
  // Blog and feeds
  // Contact
];

export async function prerenderPaths(): Promise<string[]> {
  return [...staticPagePaths];
}
