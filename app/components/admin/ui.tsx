import type { ReactNode } from "react";
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
 * for a refusal. Rendered by the server too, so it shows without JavaScript.
 */
export function Notice({
  tone,
  children,
}: {
  tone: "success" | "error" | "info";
  children: ReactNode;
}) {
  return (
    <div
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
 * What a form control carries to be tied to its label, hint and problem for assistive
 * technology: its id, whether it is invalid, and the ids of the texts describing it.
 */
export type ControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/** A control's aria props for a hint and a problem shown with the ids `${id}-hint`, `${id}-error`. */
export function controlProps(id: string, options: { hint?: unknown; error?: unknown }) {
  const described = [options.hint ? `${id}-hint` : "", options.error ? `${id}-error` : ""];
  const ids = described.filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": options.error ? true : undefined,
    "aria-describedby": ids || undefined,
  } satisfies ControlProps;
}

/**
 * Label, hint, control and the control's problem, tied together for assistive technology:
 * the control is rendered by `children`, given its props (spread them on it).
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-ink">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      {children(controlProps(id, { hint, error }))}
      {error ? <FieldError id={id}>{error}</FieldError> : null}
    </div>
  );
}

/** A control's problem, with the id its aria-describedby names (see controlProps). */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={`${id}-error`} className="mt-2 text-sm font-semibold text-red-800">
      {children}
    </p>
  );
}

export const smallButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-full border-2 border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60";

export const dangerButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-full border-2 border-red-700 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50";
