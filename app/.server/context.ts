import { createContext } from "react-router";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./log.ts";

export type AppContext = {
  env: Env;
  database: Database;
  log: Logger;
  /** Asks the outbox worker to send now instead of at its next poll. */
  kickMail: () => void;
};

export type RequestInfo = {
  /** CSP nonce for this response's inline scripts; absent when prerendering. */
  nonce?: string;
  clientIp: string;
};

export const appContext = createContext<AppContext | null>(null);
export const requestContext = createContext<RequestInfo | null>(null);
