import type { HTMLAttributes } from "react";
import { cn } from "#app/components/ui/cn.ts";

export const containerClass = "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8";

/** The centred, padded page-width column every full-width band lines its content up on. */
export function Container({
  as: Tag = "div",
  className,
  ...rest
}: HTMLAttributes<HTMLElement> & { as?: "div" | "section" | "nav" | "ul" }) {
  return <Tag className={cn(containerClass, className)} {...rest} />;
}
