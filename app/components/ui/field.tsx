import type { ComponentProps, ReactNode, Ref } from "react";
import { cn } from "#app/components/ui/cn.ts";

// Form controls for both sides of the site: a field (label, hint, control, problem), the
// controls themselves, and the notice a form's answer is shown in. Every text input, select
// and textarea is one of these.

/** A text input, select or textarea: full width, large touch target, visible focus ring. */
const fieldClass =
  "mt-2 block w-full rounded-lg border border-slate-400 bg-white px-4 py-3 text-base text-ink placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100";

/** A text input of the site: full width, large touch target, visible focus ring. */
export function Input({ className, ...rest }: ComponentProps<"input">) {
  return <input className={cn(fieldClass, className)} {...rest} />;
}

export function Textarea({ className, ...rest }: ComponentProps<"textarea">) {
  return <textarea className={cn(fieldClass, className)} {...rest} />;
}

export function Select({ className, ...rest }: ComponentProps<"select">) {
  return <select className={cn(fieldClass, className)} {...rest} />;
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
      {hint ? <FieldHint id={id}>{hint}</FieldHint> : null}
      {children(controlProps(id, { hint, error }))}
      {error ? <FieldError id={id}>{error}</FieldError> : null}
    </div>
  );
}

/**
 * A checkbox with its label beside it (the whole label ticks it), then its hint and problem
 * under the label, tied to it as Field ties them. `danger` for a box that agrees to
 * something that cannot be undone.
 */
export function CheckboxField({
  id,
  label,
  hint,
  error,
  danger = false,
  className,
  ...input
}: Omit<ComponentProps<"input">, "type" | "id"> & {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  danger?: boolean;
}) {
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          {...input}
          {...controlProps(id, { hint, error })}
          type="checkbox"
          className={cn("mt-0.5 size-6 shrink-0", danger ? "accent-red-700" : "accent-brand-700")}
        />
        <div className="min-w-0">
          <label
            htmlFor={id}
            className={cn("text-ink [overflow-wrap:anywhere]", !danger && "font-semibold")}
          >
            {label}
          </label>
          {hint ? <FieldHint id={id}>{hint}</FieldHint> : null}
        </div>
      </div>
      {error ? <FieldError id={id}>{error}</FieldError> : null}
    </div>
  );
}

/** A control's hint, with the id its aria-describedby names (see controlProps). */
function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={`${id}-hint`} className="mt-1 text-sm text-ink-soft">
      {children}
    </p>
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

/**
 * The outcome of a form post, announced to screen readers: a status for success (or
 * information), an alert for a refusal. Rendered by the server too, so it shows without
 * JavaScript. A page can move focus to it (`ref`, with `tabIndex` -1) when nothing else says
 * what went wrong, or that the form was sent.
 */
export function Notice({
  tone,
  children,
  ref,
  tabIndex,
  className,
}: {
  tone: "success" | "error" | "info";
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
  tabIndex?: number;
  className?: string;
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
        className,
      )}
    >
      {children}
    </div>
  );
}
