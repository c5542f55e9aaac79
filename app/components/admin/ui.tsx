import type { ReactNode, Ref } from "react";
import { href } from "react-router";
import { cn } from "#app/components/ui/cn.ts";

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

/**
 * The outcome of a form post, announced to screen readers: a status for success, an alert
 * for a refusal. Rendered by the server too, so it shows without JavaScript. A page can
 * move focus to it (`ref`, with `tabIndex` -1) when nothing else says what went wrong.
 */
export function Notice({
  tone,
  children,
  ref,
  tabIndex,
}: {
  tone: "success" | "error" | "info";
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
  tabIndex?: number;
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
      )}
    >
      {children}
    </div>
  );
}

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
