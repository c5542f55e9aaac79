import { href, Link, NavLink } from "react-router";
import { buttonClass } from "#app/components/button-link.tsx";
import { DropdownNav } from "#app/components/dropdown-nav.tsx";
import { ExternalLink } from "#app/components/external-link.tsx";
import { LogoMark } from "#app/components/logo.tsx";
import { MobileMenu } from "#app/components/mobile-menu.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { mainNav, site, topStrip } from "#app/content/site.ts";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-md px-3 py-2 font-medium hover:text-brand-700 ${
    isActive ? "text-brand-700" : "text-ink"
  }`;

export function SiteHeader() {
  return (
    <>
      <div className="bg-ink text-sm text-white">
        <Container as="nav" aria-label="More about us" className="flex justify-end gap-1">
          {topStrip.links.map((item) => (
            <Link key={item.to} to={item.to} className="px-3 py-2 hover:underline">
              {item.label}
            </Link>
          ))}
          <ExternalLink href={topStrip.signIn.href} className="px-3 py-2 hover:underline">
            {topStrip.signIn.label}
          </ExternalLink>
        </Container>
      </div>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
        <Container className="flex h-16 items-center justify-between gap-4">
          <Link
            to={href("/")}
            className="flex items-center gap-2 rounded-md"
            aria-label={`${site.name} home`}
          >
            <LogoMark />
            <span className="font-display text-2xl font-bold tracking-tight text-ink">
              {site.name}
            </span>
          </Link>
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            <NavLink to={mainNav.howItWorks.to} className={navLinkClass}>
              {mainNav.howItWorks.label}
            </NavLink>
            <NavLink to={mainNav.pricing.to} className={navLinkClass}>
              {mainNav.pricing.label}
            </NavLink>
            <DropdownNav label={mainNav.clientSuccess.label} items={mainNav.clientSuccess.items} />
            <Link to={mainNav.getStarted.to} className={buttonClass("primary", "ml-3 py-2")}>
              {mainNav.getStarted.label}
            </Link>
          </nav>
          <MobileMenu />
        </Container>
      </header>
    </>
  );
}
