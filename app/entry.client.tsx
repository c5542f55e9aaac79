import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { noteVisitSource } from "#app/lib/visit-source.ts";

// After the first paint, like the rest of this script (see deferred-hydration.ts).
noteVisitSource();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
