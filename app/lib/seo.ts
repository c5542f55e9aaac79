import type { MetaDescriptor } from "react-router";
import { site } from "#app/content/site.ts";
import { socialImageFile } from "#app/lib/social-image-path.ts";

/** Absolute origin of the site, fixed at build time from SITE_URL (see vite.config.ts). */
export const siteUrl: string = __SITE_URL__;

export function absoluteUrl(path: string): string {
  return new URL(path, `${siteUrl}/`).href;
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

/** The one metadata helper: title, description, canonical, Open Graph and Twitter card. */
export function seo(page: PageMeta): MetaDescriptor[] {
  const title = page.rawTitle ? page.title : `${page.title} | ${site.name}`;
  const url = absoluteUrl(canonicalPath(page.path));
  // Every page built with this helper gets its own preview image, made at build time.
  const image = page.image ?? {
    path: `/${socialImageFile(canonicalPath(page.path))}`,
    width: 1200,
    height: 630,
    alt: title,
  };
  const imageUrl = absoluteUrl(image.path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.name },
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
  tags.push(siteJsonLd());
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
export function breadcrumbJsonLd(items: { name: string; path: string }[]): MetaDescriptor {
  return jsonLd({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.path),
    })),
  });
}

/** Organization and WebSite, on every page (route meta replaces the root's, so seo() adds it). */
export function siteJsonLd(): MetaDescriptor {
  return jsonLd({
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Organization",
        "@id": absoluteUrl("/#organization"),
        name: site.name,
        url: absoluteUrl("/"),
        logo: absoluteUrl("/favicon.svg"),
        email: site.email,
        foundingDate: String(site.foundedYear),
        address: {
          "@type": "PostalAddress",
          streetAddress: site.address.street,
          addressLocality: site.address.city,
          addressRegion: site.address.region,
          postalCode: site.address.postalCode,
          addressCountry: site.address.country,
        },
        sameAs: [site.urls.linkedinCompany],
      },
      {
        "@type": "WebSite",
        "@id": absoluteUrl("/#website"),
        name: site.name,
        url: absoluteUrl("/"),
        publisher: { "@id": absoluteUrl("/#organization") },
      },
    ],
  });
}

/** VideoObject for a click-to-load video preview (the thumbnail is our own image). */
export function videoJsonLd(video: {
  id: string;
  title: string;
  description: string;
  uploadDate: string;
}): MetaDescriptor {
  return jsonLd({
    "@context": "https://schema.org",
    "@type": "VideoObject",
    name: video.title,
    description: video.description,
    uploadDate: video.uploadDate,
    thumbnailUrl: absoluteUrl(site.defaultSocialImage.path),
    embedUrl: `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.id)}`,
  });
}
