import { Link } from "react-router";
import { cn } from "#app/components/ui/cn.ts";

export type ChipLink = {
  key: string;
  label: string;
  /** Said after the label, in brackets ("Mine (3)"), when given. */
  count?: number;
  to: string;
  current: boolean;
};

/** A row of pill links (the inbox's views and statuses, the board's whose), the current one filled. */
export function ChipLinks({ label, links }: { label: string; links: ChipLink[] }) {
  return (
    <nav aria-label={label} className="shrink-0 sm:shrink">
      <ul className="flex gap-2 sm:flex-wrap">
        {links.map((link) => (
          <li key={link.key} className="shrink-0">
            <Link
              to={link.to}
              aria-current={link.current ? "page" : undefined}
              data-chip={link.key}
              className={cn(
                "inline-flex min-h-11 items-center whitespace-nowrap rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-ink hover:border-brand-600",
                link.current && "border-brand-700 bg-brand-700 text-white hover:border-brand-700",
              )}
            >
              {link.count === undefined ? link.label : `${link.label} (${link.count})`}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
