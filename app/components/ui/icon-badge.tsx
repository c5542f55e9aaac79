import { cva, type VariantProps } from "class-variance-authority";
import type { LucideIcon } from "lucide-react";
import { cn } from "#app/components/ui/cn.ts";

export const iconBadgeVariants = cva("flex items-center justify-center rounded-xl bg-brand-50", {
  variants: { size: { sm: "h-11 w-11", md: "h-12 w-12" } },
  defaultVariants: { size: "md" },
});

/** The tinted square that carries a card's icon; the icon is decoration beside the card's heading. */
export function IconBadge({
  icon: Icon,
  size,
  className,
}: { icon: LucideIcon; className?: string } & VariantProps<typeof iconBadgeVariants>) {
  return (
    <span className={cn(iconBadgeVariants({ size }), className)}>
      <Icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
    </span>
  );
}
