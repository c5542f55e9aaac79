import type { CDPSession, Page } from "@playwright/test";

/** A DevTools session on the page that can say which faces drew an element's text. */
export async function fontInspector(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  return cdp;
}

/** The faces that actually drew an element's text: a web font's own name, or a local one's. */
export async function facesDrawing(cdp: CDPSession, selector: string): Promise<string[]> {
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  return fonts.map((font) => `${font.isCustomFont ? "web" : "local"} ${font.familyName}`);
}
