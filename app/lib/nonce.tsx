import { createContext, type ReactNode, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ value, children }: { value?: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

/** The CSP nonce of a server-rendered response; undefined when prerendered or in the browser. */
export function useNonce() {
  return useContext(NonceContext);
}
