export type PageRequest =
  | { kind: "page"; page: number }
  | { kind: "redirect"; to: string; status: 301 | 302 };

function pageUrl(url: URL, page: number): string {
  const params = new URLSearchParams(url.search);
  params.delete("page");
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * Reads ?page= so that every listing page has exactly one URL and a bad number never shows
 * an error: ?page=1, ?page=abc or ?page=0 go (permanently) to /blog, ?page=02 to ?page=2,
 * and a page past the end (temporarily, it may exist later) to the last page.
 */
export function resolvePage(url: URL, totalPages: number): PageRequest {
  const values = url.searchParams.getAll("page");
  if (values.length === 0) return { kind: "page", page: 1 };
  const raw = values[0] ?? "";
  const page = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (values.length > 1 || !Number.isInteger(page) || page < 1) {
    return { kind: "redirect", to: pageUrl(url, 1), status: 301 };
  }
  if (page > totalPages) return { kind: "redirect", to: pageUrl(url, totalPages), status: 302 };
  if (page === 1 || raw !== String(page))
    return { kind: "redirect", to: pageUrl(url, page), status: 301 };
  return { kind: "page", page };
}
