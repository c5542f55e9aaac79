import { cva, type VariantProps } from "class-variance-authority";
import { ButtonLink, buttonClass } from "#app/components/button-link.tsx";
import { ExternalLink } from "#app/components/external-link.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";

/** An action inside the site (`to`) or on another site (`href`, opens in a new tab). */
type Action = { label: string; to: string } | { label: string; href: string };

const band = cva("", {
  variants: { tone: { light: "bg-sand", dark: "bg-brand-900 text-white" } },
  defaultVariants: { tone: "light" },
});
const bodyText = cva("mt-4 text-lg leading-relaxed", {
  variants: { tone: { light: "text-ink-soft", dark: "text-brand-100" } },
  defaultVariants: { tone: "light" },
});

/**
 * A closing call to action. The light band offers a primary and an optional outline action
 * side by side; the dark band (a page's one standout ask) offers a single accent action.
 */
export function CtaBand({
  id,
  title,
  body,
  primary,
  secondary,
  tone = "light",
}: {
  id: string;
  title: string;
  body: string;
  primary: Action;
  secondary?: Action;
} & VariantProps<typeof band>) {
  return (
    <section aria-labelledby={id} className={band({ tone })}>
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20">
        <SectionHeading id={id}>{title}</SectionHeading>
        <p className={bodyText({ tone })}>{body}</p>
        {tone === "dark" ? (
          <ActionLink action={primary} variant="accent" className="mt-8" />
        ) : (
          <div className="mt-8 flex flex-col justify-center gap-4 sm:flex-row">
            <ActionLink action={primary} variant="primary" />
            {secondary ? <ActionLink action={secondary} variant="outline" /> : null}
          </div>
        )}
      </div>
    </section>
  );
}

function ActionLink({
  action,
  variant,
  className,
}: {
  action: Action;
  variant: "primary" | "outline" | "accent";
  className?: string;
}) {
  if ("href" in action) {
    return (
      <ExternalLink href={action.href} className={buttonClass(variant, className)}>
        {action.label}
      </ExternalLink>
    );
  }
  return (
    <ButtonLink to={action.to} variant={variant} className={className}>
      {action.label}
    </ButtonLink>
  );
}
