import { cva, type VariantProps } from "class-variance-authority";
import type { ButtonHTMLAttributes } from "react";
import { cn } from "#app/components/ui/cn.ts";

export const buttonVariants = cva(
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60",
  {
    variants: {
      variant: {
        // The transparent border is drawn in forced colours (Windows high contrast), where
        // the fill is not: without it the button looked like plain text there.
        primary:
          "border-2 border-transparent bg-brand-700 text-white hover:bg-brand-800 shadow-sm shadow-brand-900/20",
        accent: "border-2 border-transparent bg-accent-400 text-ink hover:bg-accent-300 shadow-sm",
        outline: "border-2 border-brand-700 text-brand-700 hover:bg-brand-50",
        light: "border-2 border-white/80 text-white hover:bg-white/10",
        /** Something that cannot be undone (erase, delete, leave without saving). */
        danger: "border-2 border-red-700 text-red-800 hover:bg-red-50",
      },
      size: {
        default: "px-6 py-3 text-base",
        /** For rows of secondary actions in the back office; still a 44 px target. */
        small: "px-4 py-2 text-sm",
      },
    },
    defaultVariants: { variant: "primary", size: "default" },
  },
);

export type ButtonVariant = NonNullable<VariantProps<typeof buttonVariants>["variant"]>;

export function Button({
  variant,
  size,
  className,
  type = "button",
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & VariantProps<typeof buttonVariants>) {
  return (
    <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...rest} />
  );
}
