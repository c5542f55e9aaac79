import { ButtonLink } from "#app/components/button-link.tsx";

type Action = { label: string; to: string };

/** The closing call to action of a marketing page. */
export function CtaBand({
  id,
  title,
  body,
  primary,
  secondary,
}: {
  id: string;
  title: string;
  body: string;
  primary: Action;
  secondary?: Action;
}) {
  return (
    <section aria-labelledby={id} className="bg-sand">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20">
        <h2 id={id} className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        <p className="mt-4 text-lg leading-relaxed text-ink-soft">{body}</p>
        <div className="mt-8 flex flex-col justify-center gap-4 sm:flex-row">
          <ButtonLink to={primary.to}>{primary.label}</ButtonLink>
          {secondary ? (
            <ButtonLink to={secondary.to} variant="outline">
              {secondary.label}
            </ButtonLink>
          ) : null}
        </div>
      </div>
    </section>
  );
}
