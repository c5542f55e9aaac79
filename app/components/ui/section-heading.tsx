import { cva, type VariantProps } from "class-variance-authority";
import type { HTMLAttributes } from "react";
import { cn } from "#app/components/ui/cn.ts";

export const sectionHeadingVariants = cva("font-display font-bold", {
  variants: {
    size: {
      xs: "text-xl",
      sm: "text-2xl",
      md: "text-3xl tracking-tight sm:text-4xl",
      lg: "text-4xl sm:text-5xl",
    },
  },
  defaultVariants: { size: "md" },
});

export function SectionHeading({
  as: Tag = "h2",
  size,
  className,
  ...rest
}: HTMLAttributes<HTMLHeadingElement> &
  VariantProps<typeof sectionHeadingVariants> & { as?: "h2" | "h3" }) {
  return <Tag className={cn(sectionHeadingVariants({ size }), className)} {...rest} />;
}
