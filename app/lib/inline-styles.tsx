import { createContext, type ReactNode, useContext, useState } from "react";

const StylesContext = createContext<string | null>(null);

export function StylesProvider({ css, children }: { css: string; children: ReactNode }) {
  return <StylesContext.Provider value={css}>{children}</StylesContext.Provider>;
}

/**
 * The site's one stylesheet, inlined in the <head>: no render-blocking request, so a phone
 * paints the page as soon as the HTML arrives. The server provides the CSS text; in the
 * browser it is already in the document, and hydration reuses it instead of shipping it
 * again in JavaScript.
 */
export function InlineStyles() {
  const serverCss = useContext(StylesContext);
  const [css] = useState(
    () =>
      serverCss ??
      (typeof document === "undefined"
        ? ""
        : (document.getElementById("app-styles")?.textContent ?? "")),
  );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled stylesheet, never user input
  return <style id="app-styles" dangerouslySetInnerHTML={{ __html: css }} />;
}
