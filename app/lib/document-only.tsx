import { createContext, type ReactNode, useContext, useState } from "react";

/**
 * HTML the server writes into the document without repeating it in the hydration data (a
 * post's body would otherwise travel twice: once as markup, once as a JSON string). A
 * loader answering a document request leaves such a part out of its data and hands it to
 * the renderer here; in the browser the part is read back from the document when the page
 * hydrates. Loader data for client-side navigations carries it as usual.
 */
const DocumentOnlyContext = createContext<ReadonlyMap<string, string> | null>(null);

export function DocumentOnlyProvider({
  parts,
  children,
}: {
  parts: ReadonlyMap<string, string> | undefined;
  children: ReactNode;
}) {
  return (
    <DocumentOnlyContext.Provider value={parts ?? null}>{children}</DocumentOnlyContext.Provider>
  );
}

/** The HTML of the element with this id: from loader data when given, else from the document. */
export function useDocumentOnlyHtml(id: string, fromData: string | null): string {
  const serverParts = useContext(DocumentOnlyContext);
  const [fromDocument] = useState(
    () =>
      serverParts?.get(id) ??
      (typeof document === "undefined" ? "" : (document.getElementById(id)?.innerHTML ?? "")),
  );
  return fromData ?? fromDocument;
}
