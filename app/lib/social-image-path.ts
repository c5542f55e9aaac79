/** Where the build writes a page's link-preview image: "/" → "social/pages/home.png". */
export function socialImageFile(pagePath: string): string {
  const slug = pagePath === "/" ? "home" : pagePath.replace(/^\/+|\/+$/g, "").replace(/\//g, "--");
  return `social/pages/${slug}.png`;
}
