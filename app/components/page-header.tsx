import { cva, type VariantProps } from "class-variance-authority";
import type { ReactNode } from "react";
import { cn } from "#app/components/ui/cn.ts";
import { Container } from "#app/components/ui/container.tsx";

const band = cva("", {
  variants: {
    tone: { light: "bg-gradient-to-b from-brand-50 to-white", dark: "bg-ink text-white" },
    size: { default: "", lg: "relative overflow-hidden" },
  },
});
const inner = cva("", {
  variants: { size: { default: "pt-14 pb-14 sm:pt-20 sm:pb-16", lg: "pt-16 pb-20 sm:pt-24" } },
});
const heading = cva("max-w-4xl font-display leading-tight font-bold tracking-tight", {
  variants: {
    size: {
      default: "mt-3 text-4xl sm:text-5xl lg:text-6xl",
      lg: "mt-4 text-5xl text-ink sm:text-6xl lg:text-7xl",
    },
  },
});
const leadText = cva("text-lg leading-relaxed sm:text-xl", {
  variants: {
    size: { default: "mt-5 max-w-3xl", lg: "mt-6 max-w-2xl" },
    tone: { light: "text-ink-soft", dark: "text-slate-300" },
  },
});
const actions = cva("flex flex-col gap-4 sm:flex-row", {
  variants: { size: { default: "mt-8", lg: "mt-10" } },
});

type Variants = VariantProps<typeof band>;

/**
 * The hero at the top of a page: optional eyebrow, the page's h1, a lead and actions, and
 * optionally the page's art (a product vignette, app/components/art): beside the text from
 * 1024 px, below it on a phone, where each vignette shows its own narrower composition.
 * `size="lg"` is the home page's larger hero.
 */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
  tone = "light",
  size = "default",
  art,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  tone?: NonNullable<Variants["tone"]>;
  size?: NonNullable<Variants["size"]>;
  art?: ReactNode;
}) {
  const dark = tone === "dark";
  const text = (
    <>
      {eyebrow ? (
        <p
          className={cn(
            "font-semibold tracking-wide uppercase",
            dark ? "text-accent-300" : "text-brand-700",
          )}
        >
          {eyebrow}
        </p>
      ) : null}
      <h1 className={cn(heading({ size }), art && (size === "lg" ? "lg:text-6xl" : "lg:text-5xl"))}>
        {title}
      </h1>
      {lead ? <div className={leadText({ size, tone })}>{lead}</div> : null}
      {children ? <div className={actions({ size })}>{children}</div> : null}
    </>
  );
  return (
    <section className={band({ tone, size })}>
      {art ? (
        <Container
          className={cn(
            inner({ size }),
            "grid items-center gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)] lg:gap-12",
          )}
        >
          <div>{text}</div>
          {art}
        </Container>
      ) : (
        <Container className={inner({ size })}>{text}</Container>
      )}
    </section>
  );
}
