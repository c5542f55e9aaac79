import type { ReactNode } from "react";
import { Link } from "react-router";
import { type ButtonVariant, buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";

export type { ButtonVariant };

/** Button classes for an element that is not a `<button>` (an external link, say). */
export const buttonClass = (variant: ButtonVariant = "primary", extra = "") =>
  cn(buttonVariants({ variant }), extra);

export function ButtonLink({
  to,
  children,
  variant = "primary",
  className,
}: {
  to: string;
  children: ReactNode;
  variant?: ButtonVariant;
  className?: string;
}) {
  return (
    <Link to={to} className={buttonClass(variant, className)}>
      {children}
    </Link>
  );
}
