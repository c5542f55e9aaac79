/** A page's link-preview image: "/" → "/social/pages/home.png", "/a/b" → "/social/pages/a--b.png". */
export function socialImagePath(pagePath: string): string {
  const slug = pagePath === "/" ? "home" : pagePath.replace(/^\/+|\/+$/g, "").replace(/\//g, "--");
  return `/social/pages/${slug}.png`;
}

/** The page a link-preview image belongs to, or null for a name no page can have. */
export function pagePathOfSocialImage(fileName: string): string | null {
  const slug = fileName.match(/^([a-z0-9]+(?:-{1,2}[a-z0-9]+)*)\.png$/)?.[1];
  if (!slug) return null;
  return slug === "home" ? "/" : `/${slug.replace(/--/g, "/")}`;
}
