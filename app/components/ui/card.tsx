import { cva, type VariantProps } from "class-variance-authority";
import type { HTMLAttributes } from "react";
import { cn } from "#app/components/ui/cn.ts";

export const cardVariants = cva("rounded-2xl border border-slate-200 bg-white", {
  variants: {
    padding: {
      none: "",
      snug: "p-5",
      default: "p-6",
      roomy: "p-6 sm:p-8",
    },
    shadow: { none: "", sm: "shadow-sm" },
  },
  defaultVariants: { padding: "default", shadow: "sm" },
});

/** The white bordered panel that holds one item of a grid, a form or a sidebar block. */
export function Card({
  as: Tag = "div",
  padding,
  shadow,
  className,
  ...rest
}: HTMLAttributes<HTMLElement> &
  VariantProps<typeof cardVariants> & { as?: "div" | "li" | "article" | "section" }) {
  return <Tag className={cn(cardVariants({ padding, shadow }), className)} {...rest} />;
}
