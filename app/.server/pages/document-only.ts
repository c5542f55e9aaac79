import type { RouterContextProvider } from "react-router";
import { requestContext } from "#app/.server/context.ts";

/**
 * For a loader: the HTML to return as data. When a whole document is being rendered the
 * HTML goes into the markup only (read back from the document on hydration, see
 * app/lib/document-only.tsx) and the data carries null, so a long body does not travel twice.
 */
export function htmlForData(
  context: Readonly<RouterContextProvider>,
  id: string,
  html: string,
): string | null {
  const info = context.get(requestContext);
  if (!info?.document) return html;
  info.documentOnly.set(id, html);
  return null;
}
