import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { followCallsToAction } from "#app/lib/analytics.ts";
import { noteVisitSource } from "#app/lib/visit-source.ts";

// After the first paint, like the rest of this script (see deferred-hydration.ts).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

// In a task of its own, not in the one that has just run React DOM's module: session and
// local storage are synchronous calls to the browser process, milliseconds on a phone. A
// message, not a timer, which a page (or a test's clock) may hold back.
const { port1, port2 } = new MessageChannel();
port1.onmessage = () => {
  port1.close();
  noteVisitSource();
  followCallsToAction();
};
port2.postMessage(null);
