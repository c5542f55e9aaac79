import type { ReactNode } from "react";
import { cn } from "#app/components/ui/cn.ts";
import { Container } from "#app/components/ui/container.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";

/** A page section with a centred container and an optional heading and intro. */
export function Section({
  id,
  title,
  intro,
  children,
  className,
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
      className={cn("py-16 sm:py-20", className)}
    >
      <Container>
        {title ? <SectionHeading id={headingId}>{title}</SectionHeading> : null}
        {intro ? (
          <p className="mt-4 max-w-3xl text-lg leading-relaxed text-ink-soft">{intro}</p>
        ) : null}
        <div className={title || intro ? "mt-10" : ""}>{children}</div>
      </Container>
    </section>
  );
}
