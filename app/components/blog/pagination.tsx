import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { blogPagePath, narrowPageNumbers, pageNumbers } from "#app/lib/blog.ts";

const box =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full px-4 text-base font-semibold";

type Labels = { label: string; previous: string; next: string; page: (page: number) => string };

/**
 * Numbered pages with Previous and Next. Every page is a real link (/blog?page=2), so it can
 * be shared and crawled; at the ends Previous and Next are shown but cannot be used. On a
 * phone the row keeps to one line: Previous and Next show their arrows (their names stay for
 * screen readers), and the numbers are the first page, this one and the last.
 */
export function Pagination({
  page,
  total,
  labels,
}: {
  page: number;
  total: number;
  labels: Labels;
}) {
  if (total <= 1) return null;
  const disabled = `${box} cursor-not-allowed border border-slate-200 text-slate-500`;
  const link = `${box} border border-slate-300 text-brand-700 hover:border-brand-700 hover:bg-brand-50`;
  return (
    <nav aria-label={labels.label} className="mt-12">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={blogPagePath(page - 1)} rel="prev" className={link}>
              <ChevronLeft aria-hidden="true" className="h-4 w-4" />
              <span className="max-sm:sr-only">{labels.previous}</span>
            </Link>
          ) : (
            <span aria-disabled="true" className={disabled}>
              <ChevronLeft aria-hidden="true" className="h-4 w-4" />
              <span className="max-sm:sr-only">{labels.previous}</span>
            </span>
          )}
        </li>
        {[
          ...pageNumbers(page, total).map((item) => ({ item, shown: "max-sm:hidden" })),
          ...narrowPageNumbers(page, total).map((item) => ({ item, shown: "sm:hidden" })),
        ].map(({ item, shown }, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true" className={`px-1 text-ink-soft ${shown}`}>
              …
            </li>
          ) : (
            <li key={`${shown}-${item}`} className={shown}>
              <Link
                to={blogPagePath(item)}
                aria-label={labels.page(item)}
                aria-current={item === page ? "page" : undefined}
                className={
                  item === page ? `${box} border border-brand-700 bg-brand-700 text-white` : link
                }
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < total ? (
            <Link to={blogPagePath(page + 1)} rel="next" className={link}>
              <span className="max-sm:sr-only">{labels.next}</span>
              <ChevronRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          ) : (
            <span aria-disabled="true" className={disabled}>
              <span className="max-sm:sr-only">{labels.next}</span>
              <ChevronRight aria-hidden="true" className="h-4 w-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
