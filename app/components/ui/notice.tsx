import type { ReactNode, Ref } from "react";
import { cn } from "#app/components/ui/cn.ts";

/**
 * The outcome of a form post, announced to screen readers: a status for success (or
 * information), an alert for a refusal. Rendered by the server too, so it shows without
 * JavaScript. A page can move focus to it (`ref`, with `tabIndex` -1) when nothing else says
 * what went wrong, or that the form was sent.
 */
export function Notice({
  tone,
  children,
  ref,
  tabIndex,
  className,
}: {
  tone: "success" | "error" | "info";
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
  tabIndex?: number;
  className?: string;
}) {
  return (
    <div
      ref={ref}
      tabIndex={tabIndex}
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-lg border-l-4 p-4",
        tone === "success" && "border-green-700 bg-green-50 text-green-900",
        tone === "error" && "border-red-700 bg-red-50 text-red-900",
        tone === "info" && "border-brand-700 bg-brand-50 text-brand-900",
        className,
      )}
    >
      {children}
    </div>
  );
}
