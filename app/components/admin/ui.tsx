import type { ReactNode } from "react";
import { href } from "react-router";
import { cn } from "#app/components/ui/cn.ts";
import { Notice } from "#app/components/ui/field.tsx";

/** A back-office page: its title (the page's only h1), a line about it, then its content. */
export function AdminPage({
  title,
  lead,
  actions,
  children,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        {/* A title may be a visitor's name: long unbroken text wraps instead of widening the page. */}
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <h1 className="font-display text-3xl font-bold text-ink">{title}</h1>
          {lead ? <p className="mt-2 text-ink-soft">{lead}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
      </div>
      <div className="mt-8 space-y-8">{children}</div>
    </div>
  );
}

/** A titled block of a back-office page. */
export function Panel({
  title,
  id,
  children,
  className,
}: {
  title: string;
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn("rounded-2xl border border-slate-200 bg-white p-5 sm:p-6", className)}
    >
      <h2 id={id} className="font-display text-xl font-bold text-ink">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A form's outcome (app/components/ui/field.tsx), as the back office's pages show it. */
export { Notice };

/**
 * Under a form's answer when the session had ended (signedOutAnswer): the sign-in page in a
 * new tab, so this page and what was typed in it stay.
 */
export function SignInAgain() {
  return (
    <p className="mt-2">
      <a
        href={href("/admin/sign-in")}
        target="_blank"
        rel="noopener"
        className="font-semibold underline"
      >
        Sign in again<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </p>
  );
}
