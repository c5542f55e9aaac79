import { NavLink } from "react-router";
import type { NavLink as NavLinkItem } from "#app/content/site.ts";

/**
 * Links styled as tabs: each study is its own page and URL, so this is navigation
 * (aria-current="page" from NavLink), not an ARIA tablist. They wrap rather than scroll, so
 * the current study is never hidden off-screen on a phone. No `end`: prerendered pages are
 * rendered at "/…/amoeba-ai/", which only a prefix match recognises.
 */
export function CaseStudyTabs({ label, items }: { label: string; items: readonly NavLinkItem[] }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2 border-b border-slate-200 pb-6">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center rounded-full border-2 px-4 font-semibold whitespace-nowrap ${
                  isActive
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-slate-300 text-ink hover:border-brand-700 hover:text-brand-700"
                }`
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
