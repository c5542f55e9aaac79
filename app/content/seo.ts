import type { MetaDescriptor } from "react-router";
import { site } from "#app/content/site.ts";
import { absoluteUrl, jsonLd, type Origin, type PageMeta, pageMeta } from "#app/lib/seo.ts";

// The site's own metadata: its name on every page, its organisation and its videos. The
// generic helpers (origin, canonical path, JSON-LD, breadcrumbs) are in app/lib/seo.ts.

/** The one metadata helper: title, description, canonical, Open Graph and Twitter card. */
export function seo(origin: Origin, page: PageMeta): MetaDescriptor[] {
  return pageMeta(origin, site.name, page);
}

/**
 * Organization and WebSite, on the home page only: that is where search engines read a
 * site's name and publisher, and every other page would carry some 700 bytes for nothing.
 * Articles name their publisher in their own BlogPosting, by the same `@id`.
 */
export function siteJsonLd(origin: Origin): MetaDescriptor {
  return jsonLd({
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Organization",
        "@id": absoluteUrl(origin, "/#organization"),
        name: site.name,
        url: absoluteUrl(origin, "/"),
        logo: absoluteUrl(origin, "/favicon.svg"),
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
        "@id": absoluteUrl(origin, "/#website"),
        name: site.name,
        url: absoluteUrl(origin, "/"),
        publisher: { "@id": absoluteUrl(origin, "/#organization") },
      },
    ],
  });
}

/** VideoObject for a click-to-load video preview (the thumbnail is our own image). */
export function videoJsonLd(
  origin: Origin,
  video: {
    id: string;
    title: string;
    description: string;
    uploadDate: string;
  },
): MetaDescriptor {
  return jsonLd({
    "@context": "https://schema.org",
    "@type": "VideoObject",
    name: video.title,
    description: video.description,
    uploadDate: video.uploadDate,
    thumbnailUrl: absoluteUrl(origin, site.defaultSocialImage.path),
    embedUrl: `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.id)}`,
  });
}
