// Characters XML 1.0 forbids even when escaped: a stray control character in a database
// post's title would otherwise make a whole feed unreadable, or a link-preview image (SVG)
// fail to draw.
const invalidXmlChars =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for XML (feeds, sitemaps, SVG): escaped, and without what XML cannot hold. */
export function escapeXml(value: string): string {
  return value
    .replace(invalidXmlChars, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
