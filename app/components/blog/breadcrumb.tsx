import { ChevronRight } from "lucide-react";
import { Link } from "react-router";

/**
 * Home › Blog › this post; the last item is the current page. One line at any width: the
 * current page's name gives way (cut with an ellipsis, whole for screen readers and on
 * hover), so a chevron never starts a line of its own.
 */
export function Breadcrumb({
  label,
  items,
}: {
  label: string;
  items: { name: string; to?: string }[];
}) {
  return (
    <nav aria-label={label}>
      <ol className="flex items-center gap-1 text-sm text-ink-soft">
        {items.map((item, index) => (
          <li
            key={item.name}
            className={`inline-flex items-center gap-1 ${item.to ? "shrink-0" : "min-w-0"}`}
          >
            {index > 0 ? <ChevronRight aria-hidden="true" className="h-4 w-4" /> : null}
            {item.to ? (
              <Link
                to={item.to}
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
              >
                {item.name}
              </Link>
            ) : (
              <span aria-current="page" title={item.name} className="truncate">
                {item.name}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
