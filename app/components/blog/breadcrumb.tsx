import { ChevronRight } from "lucide-react";
import { Link } from "react-router";

/** Home › Blog › this post; the last item is the current page. */
export function Breadcrumb({
  label,
  items,
}: {
  label: string;
  items: { name: string; to?: string }[];
}) {
  return (
    <nav aria-label={label}>
      <ol className="flex flex-wrap items-center gap-1 text-sm text-ink-soft">
        {items.map((item, index) => (
          <li key={item.name} className="inline-flex items-center gap-1">
            {index > 0 ? <ChevronRight aria-hidden="true" className="h-4 w-4" /> : null}
            {item.to ? (
              <Link
                to={item.to}
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
              >
                {item.name}
              </Link>
            ) : (
              <span aria-current="page" className="line-clamp-1">
                {item.name}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
