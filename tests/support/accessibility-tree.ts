import type { Page } from "@playwright/test";

/**
 * The headings Chromium's accessibility tree exposes (what a screen reader is given), with
 * their names and levels. Not in reading order. Playwright's own role queries take a native
 * heading's level from its tag and do not see `aria-level`; the browser's tree does.
 */
export async function exposedHeadings(page: Page): Promise<{ name: string; level: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  await cdp.detach();
  return nodes
    .filter((node) => node.role?.value === "heading" && !node.ignored)
    .map((node) => ({
      name: String(node.name?.value ?? ""),
      level: Number(node.properties?.find((property) => property.name === "level")?.value.value),
    }));
}
