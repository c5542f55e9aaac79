// negotiator 1.x (the version express's own `accepts` uses) ships no types; this is the part
// the server calls.
declare module "negotiator" {
  import type { IncomingMessage } from "node:http";
  export default class Negotiator {
    constructor(request: IncomingMessage);
    /** The best of `available` for the request; among equal weights, the first `preferred`. */
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined;
  }
}
