import { Link, useLocation } from "react-router";
import type { NavLink as NavLinkItem } from "#app/content/site.ts";

/**
 * The About section's own navigation, the current page marked with aria-current="page".
 * Exact matching (so "About" is not current on its sub-pages) compares paths without a
 * trailing slash: React Router prerenders each page at "/about/values/", where NavLink's
 * `end` would never match and the prerendered HTML would show no current page.
 */
export function AboutSubnav({ label, links }: { label: string; links: readonly NavLinkItem[] }) {
  const current = useLocation().pathname.replace(/\/+$/, "") || "/";
  return (
    <nav aria-label={label} className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-7xl overflow-x-auto px-2 sm:gap-1 sm:px-4 lg:px-6">
        {links.map((link) => {
          const active = current === link.to;
          return (
            <li key={link.to} className="shrink-0">
              <Link
                to={link.to}
                aria-current={active ? "page" : undefined}
                // The list scrolls sideways and clips what reaches past it: the ring goes inside.
                className={`inline-flex min-h-12 items-center border-b-[3px] px-2 font-medium focus-visible:outline-offset-[-3px] sm:px-3 ${
                  active
                    ? "border-brand-700 text-brand-700"
                    : "border-transparent text-ink hover:border-slate-300 hover:text-brand-700"
                }`}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
