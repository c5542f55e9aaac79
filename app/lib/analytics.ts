// What the public pages send about a visit (app/.server/analytics/collect.ts takes it):
// a client-side move to another page, or a click on a call to action. No cookie and no
// identifier: the server counts who from the request itself, day by day.

/** Where the browser posts its events. */
export const EVENTS_PATH = "/events";

export type BrowserEvent =
  | { kind: "view"; path: string }
  | { kind: "cta"; path: string; cta: string };

/** Sends one event after the page has painted, without holding anything up. */
export function sendEvent(event: BrowserEvent): void {
  const body = JSON.stringify(event);
  // text/plain: a simple request, sent as the page is left too.
  if (navigator.sendBeacon?.(EVENTS_PATH, new Blob([body], { type: "text/plain" }))) return;
  void fetch(EVENTS_PATH, {
    method: "POST",
    body,
    keepalive: true,
    headers: { "Content-Type": "text/plain" },
  }).catch(() => {});
}

const cta = /^[a-z0-9-]{1,64}$/;

/**
 * Sends a click on a call to action (a link to where leads start that names itself with
 * `from`, see cta.ts) as it happens; the move it starts goes on as usual.
 */
export function followCallsToAction(): void {
  document.addEventListener(
    "click",
    (event) => {
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return;
      const from = new URL(link.href).searchParams.get("from");
      if (from && cta.test(from)) sendEvent({ kind: "cta", path: location.pathname, cta: from });
    },
    { capture: true },
  );
}
