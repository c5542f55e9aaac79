import type { ReactNode } from "react";
import { Link } from "react-router";

const variants = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 shadow-sm shadow-brand-900/20",
  accent: "bg-accent-400 text-ink hover:bg-accent-300 shadow-sm",
  outline: "border-2 border-brand-700 text-brand-700 hover:bg-brand-50",
  light: "border-2 border-white/80 text-white hover:bg-white/10",
} as const;

export type ButtonVariant = keyof typeof variants;

export const buttonClass = (variant: ButtonVariant = "primary", extra = "") =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-6 py-3 text-base font-semibold transition-colors ${variants[variant]} ${extra}`;

export function ButtonLink({
  to,
  children,
  variant = "primary",
  className = "",
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
