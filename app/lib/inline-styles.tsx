import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { useNonce } from "#app/lib/nonce.tsx";

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
  // A page rendered for one response carries its nonce, which the back office's policy
  // requires of every <style>; a page kept for everyone has it removed (pages/finish.ts)
  // and is allowed inline styles by the public policy.
  const nonce = useNonce();
  const [css] = useState(
    () =>
      serverCss ??
      (typeof document === "undefined"
        ? ""
        : (document.getElementById("app-styles")?.textContent ?? "")),
  );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled stylesheet, never user input
  return <style id="app-styles" nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />;
}

/**
 * The whole stylesheet as a file, linked once the page has hydrated, for the pages a visitor
 * moves on to. A component of its own, so the re-render that adds the link is this
 * component alone, not the layout with the site's header and footer.
 */
export function FullStylesheet({ href }: { href: string }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <link rel="stylesheet" href={href} /> : null;
}
