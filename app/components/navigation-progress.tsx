import { useNavigation } from "react-router";

/** A slim bar at the top of the window while a client-side navigation loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      aria-busy="true"
      className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-brand-100"
      data-testid="navigation-progress"
    >
      <div className="nav-progress-bar h-full w-2/5 bg-brand-600" />
    </div>
  );
}
