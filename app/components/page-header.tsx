import type { ReactNode } from "react";

/** The hero at the top of an inner page: optional eyebrow, the page's h1, a lead and actions. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
  tone = "light",
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  tone?: "light" | "dark";
}) {
  const dark = tone === "dark";
  return (
    <section className={dark ? "bg-ink text-white" : "bg-gradient-to-b from-brand-50 to-white"}>
      <div className="mx-auto max-w-7xl px-4 pt-14 pb-14 sm:px-6 sm:pt-20 sm:pb-16 lg:px-8">
        {eyebrow ? (
          <p
            className={`font-semibold tracking-wide uppercase ${dark ? "text-accent-300" : "text-brand-700"}`}
          >
            {eyebrow}
          </p>
        ) : null}
        <h1 className="mt-3 max-w-4xl font-display text-4xl leading-tight font-bold tracking-tight sm:text-5xl lg:text-6xl">
          {title}
        </h1>
        {lead ? (
          <div
            className={`mt-5 max-w-3xl text-lg leading-relaxed sm:text-xl ${dark ? "text-slate-300" : "text-ink-soft"}`}
          >
            {lead}
          </div>
        ) : null}
        {children ? <div className="mt-8 flex flex-col gap-4 sm:flex-row">{children}</div> : null}
      </div>
    </section>
  );
}

/** A page section with a centred container and an optional heading. */
export function Section({
  id,
  title,
  intro,
  children,
  className = "",
}: {
  id?: string;
  title?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={`py-16 sm:py-20 ${className}`}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {title ? (
          <h2 id={headingId} className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
            {title}
          </h2>
        ) : null}
        {intro ? (
          <p className="mt-4 max-w-3xl text-lg leading-relaxed text-ink-soft">{intro}</p>
        ) : null}
        <div className={title || intro ? "mt-10" : ""}>{children}</div>
      </div>
    </section>
  );
}
