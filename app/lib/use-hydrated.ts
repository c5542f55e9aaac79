import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * True once the page runs its scripts: false in the server's HTML, before the scripts start,
 * and without JavaScript. For the controls that only work with scripts, and the fallbacks
 * that are only needed without them.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
