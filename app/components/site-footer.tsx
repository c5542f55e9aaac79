import { Star } from "lucide-react";
import { useEffect, useState } from "react";
import { href, Link } from "react-router";
import { ButtonLink } from "#app/components/button-link.tsx";
import { ExternalLink } from "#app/components/external-link.tsx";
import { LogoMark } from "#app/components/logo.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { figurePair } from "#app/components/ui/figure-pair.ts";
import { footerColumns, legalLinks, site } from "#app/content/site.ts";
import { leadLink } from "#app/lib/cta.ts";

/** Pages rendered once at start carry that year; the browser corrects it after a new year. */
function useCurrentYear() {
  const [year, setYear] = useState(() => new Date().getFullYear());
  useEffect(() => setYear(new Date().getFullYear()), []);
  return year;
}

export function Claims({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const muted = tone === "dark" ? "text-slate-300" : "text-ink-soft";
  const strong = tone === "dark" ? "text-white" : "text-ink";
  // A third of a phone's width holds "1,000+" at this size; the larger one from 640 px.
  const figure = `font-display text-2xl font-bold sm:text-3xl ${strong}`;
  return (
    <dl className="grid grid-cols-3 gap-4 text-center">
      <div className={figurePair}>
        <dt className={`text-sm ${muted}`}>Clients served</dt>
        <dd className={figure}>{site.claims.clients}</dd>
      </div>
      <div className={figurePair}>
        <dt className={`text-sm ${muted}`}>Years in business</dt>
        <dd className={figure}>{site.claims.years}</dd>
      </div>
      <div className={figurePair}>
        <dt className={`text-sm ${muted}`}>
          {"Rating on\u00a0"}
          <ExternalLink href={site.urls.reviews} className="underline">
            {site.claims.ratingSite}
          </ExternalLink>
        </dt>
        <dd className={`inline-flex items-center justify-center gap-1 ${figure}`}>
          {site.claims.rating}
          <Star
            aria-hidden="true"
            className="h-5 w-5 fill-accent-400 text-accent-400 sm:h-6 sm:w-6"
          />
        </dd>
      </div>
    </dl>
  );
}

export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer className="bg-ink text-white">
      <section aria-labelledby="footer-cta" className="bg-brand-800">
        <Container className="flex flex-col items-start gap-6 py-12 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="footer-cta" className="font-display text-3xl font-bold">
              Ready to start telling your story?
            </h2>
            <p className="mt-2 max-w-xl text-brand-100">
              A 20-minute call, no commitment. We will show you what your first month of content
              could look like.
            </p>
          </div>
          <ButtonLink to={leadLink("/book-a-call", "footer")} variant="accent">
            Book A Call
          </ButtonLink>
        </Container>
      </section>
      <Container className="py-12">
        <div className="grid gap-10 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <Link
              to={href("/")}
              className="inline-flex items-center gap-2"
              aria-label={`${site.name} home`}
            >
              <LogoMark />
              <span className="font-display text-2xl font-bold">{site.name}</span>
            </Link>
            <p className="mt-4 max-w-sm text-slate-300">
              Founder-led content, audience growth and lead activation for B2B companies. Since{" "}
              {site.foundedYear}, from {site.address.city}, {site.address.region}.
            </p>
            <div className="mt-8 max-w-sm">
              <Claims />
            </div>
          </div>
          {footerColumns.map((column) => (
            <nav key={column.title} aria-labelledby={`footer-${column.title}`}>
              <h2 id={`footer-${column.title}`} className="font-semibold text-accent-300">
                {column.title}
              </h2>
              <ul className="mt-4 space-y-1">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="inline-block py-1.5 text-slate-200 hover:text-white hover:underline"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-12 flex flex-col gap-4 border-t border-white/15 pt-6 text-sm text-slate-300 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {site.name}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-block py-1 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <a
                href={href("/sitemap.xml")}
                className="inline-block py-1 hover:text-white hover:underline"
              >
                Site map
              </a>
            </li>
          </ul>
        </div>
      </Container>
    </footer>
  );
}
