import type { MetaDescriptor } from "react-router";
import { socialImagePath } from "#app/lib/social-image-path.ts";

/**
 * The public origin of the site (SITE_URL), applied at run time: the root loader hands it to
 * every page (see `originFrom`), the server's feeds read it from the configuration. One
 * build serves any origin.
 */
export type Origin = string;

type MetaMatch = { id: string; loaderData?: unknown; data?: unknown } | undefined;

/** The origin the root loader reported, for a route's `meta({ matches })`. */
export function originFrom(matches: readonly MetaMatch[]): Origin {
  const root = matches.find((match) => match?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { origin?: unknown } | undefined;
  if (typeof data?.origin !== "string") {
    throw new Error("The root loader did not provide the site origin");
  }
  return data.origin;
}

export function absoluteUrl(origin: Origin, path: string): string {
  return new URL(path, `${origin}/`).href;
}

/** "/pricing/" and "/pricing?x=1" share one canonical: "/pricing". */
export function canonicalPath(path: string): string {
  const withoutQuery = path.split(/[?#]/)[0] ?? "/";
  const trimmed = withoutQuery.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

export type PageMeta = {
  title: string;
  description: string;
  path: string;
  keywords?: readonly string[];
  type?: "website" | "article";
  image?: { path: string; width: number; height: number; alt: string };
  /** Full document title as given, without the brand suffix. */
  rawTitle?: boolean;
  publishedTime?: string;
};

/** Search results and link previews show about this many characters of a title. */
export const titleLength = 60;

/**
 * A page's title with the site's name after it ("Pricing | Northstory") when both fit in
 * what search results and link previews show; a longer title goes alone, so the suffix
 * never pushes the page's own words out of view.
 */
export function titleWithSite(title: string, siteName: string): string {
  const full = `${title} | ${siteName}`;
  return full.length <= titleLength ? full : title;
}

/**
 * Title, description, canonical, Open Graph and Twitter card of a page of the site named
 * `siteName`. Pages call `seo()` (app/content/seo.ts), which names this site.
 */
export function pageMeta(origin: Origin, siteName: string, page: PageMeta): MetaDescriptor[] {
  const title = page.rawTitle ? page.title : titleWithSite(page.title, siteName);
  const url = absoluteUrl(origin, canonicalPath(page.path));
  // Every page built with this helper gets its own preview image, drawn from its title.
  const image = page.image ?? {
    path: socialImagePath(canonicalPath(page.path)),
    width: 1200,
    height: 630,
    alt: title,
  };
  const imageUrl = absoluteUrl(origin, image.path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:alt", content: image.alt },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
  ];
  if (page.keywords?.length) tags.push({ name: "keywords", content: page.keywords.join(", ") });
  if (page.publishedTime) {
    tags.push({ property: "article:published_time", content: page.publishedTime });
  }
  return tags;
}

/** JSON-LD as a meta descriptor; React Router renders it as a script tag. */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}

/** BreadcrumbList JSON-LD for nested pages: [{ name: "Home", path: "/" }, …]. */
export function breadcrumbJsonLd(
  origin: Origin,
  items: { name: string; path: string }[],
): MetaDescriptor {
  return jsonLd({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(origin, item.path),
    })),
  });
}
