import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import {
  encodePage,
  type FinishedPage,
  finishPage,
  keptCopiesMade,
} from "#app/.server/pages/finish.ts";

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

const scriptSources = (csp: string) =>
  csp
    .split(";")
    .find((directive) => directive.trim().startsWith("script-src"))
    ?.trim()
    .split(/\s+/)
    .slice(1) ?? [];

describe("a page kept in memory", () => {
  const nonce = "r4nd0m-n0nce";
  const rendered = [
    "<!DOCTYPE html><html><head><title>Pricing | Northstory</title>",
    `<script type="application/ld+json" nonce="${nonce}">{"@type":"Organization"}</script>`,
    "</head><body><article>",
    // Markup inside a post that the renderer did not emit: a sanitiser bypass, say.
    "<script>alert(document.cookie)</script>",
    "</article>",
    `<script nonce="${nonce}">window.__reactRouterContext = {};</script>`,
    `<script type="module" nonce="${nonce}">import "/assets/entry.client.js";</script>`,
    "</body></html>",
  ].join("");

  test("allows by hash only the scripts the renderer emitted, never one inside the content", () => {
    const page = finishPage({ status: 200, headers: new Headers(), html: rendered, nonce });
    const allowed = scriptSources(page.csp);
    expect(allowed).toContain(hashOf("window.__reactRouterContext = {};"));
    expect(allowed).toContain(hashOf('import "/assets/entry.client.js";'));
    expect(allowed).not.toContain(hashOf("alert(document.cookie)"));
    expect(allowed.filter((source) => source.startsWith("'sha256-"))).toHaveLength(2);
    expect(allowed.join(" ")).not.toMatch(/unsafe-inline|nonce-/);
  });

  test("drops the one-time nonce and keeps the title for its link-preview image", () => {
    const page = finishPage({ status: 200, headers: new Headers(), html: rendered, nonce });
    const html = page.body.toString("utf8");
    expect(html).not.toContain(nonce);
    expect(html).toContain("<script>alert(document.cookie)</script>");
    expect(page.title).toBe("Pricing | Northstory");
  });

  test("rendered again with a new nonce, it is the same page: same bytes, same ETag, not compressed again", async () => {
    // Every render has its own nonce, and React writes it on more than scripts: the icon
    // and feed <link>s in the head carry it too. A kept page rendered again with the same
    // content must be byte for byte the same, or browsers and CDNs holding its ETag get the
    // whole page again every 10 seconds instead of a 304.
    const renderWith = (nonce: string) =>
      [
        "<!DOCTYPE html><html><head><title>An article | Northstory</title>",
        `<link nonce="${nonce}" rel="icon" href="/favicon.svg" type="image/svg+xml"/>`,
        `<link nonce="${nonce}" rel="alternate" type="application/rss+xml" href="/rss.xml"/>`,
        `<link rel="modulepreload" href="/assets/entry.client.js" nonce="${nonce}"/>`,
        `<style id="app-styles" nonce="${nonce}">body{margin:0}</style>`,
        "</head><body><article>The article.</article>",
        `<script nonce="${nonce}">window.__reactRouterContext = {};</script>`,
        "</body></html>",
      ].join("");
    const first = finishPage({
      status: 200,
      headers: new Headers(),
      html: renderWith("Zmlyc3QtcmVuZGVyLW5vbmNl+/="),
      nonce: "Zmlyc3QtcmVuZGVyLW5vbmNl+/=",
    });
    const again = finishPage({
      status: 200,
      headers: new Headers(),
      html: renderWith("c2Vjb25kLXJlbmRlci1ub25jZQ=="),
      nonce: "c2Vjb25kLXJlbmRlci1ub25jZQ==",
    });
    expect(first.body.toString()).not.toContain("nonce=");
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.etag).toBe(first.etag);
    expect(again.csp).toBe(first.csp);
  });

  /** What the next visitor asking for this encoding gets, once the kept copy is made. */
  async function keptBytes(page: FinishedPage, encoding: "br" | "gzip") {
    encodePage(page, encoding);
    await keptCopiesMade(page);
    return encodePage(page, encoding).body;
  }

  test("is compressed at the best quality once per content, off the main thread, when first asked for", async () => {
    const html = `${rendered.replace("</article>", `${"<p>Words a visitor reads. </p>".repeat(200)}</article>`)}`;
    const first = finishPage({ status: 200, headers: new Headers(), html, nonce });
    // The first visitor gets an answer at once, at the per-response quality; meanwhile the
    // best-quality copy is made, and every later visitor gets that.
    const firstAnswer = encodePage(first, "br");
    expect(firstAnswer.encoding).toBe("br");
    expect(brotliDecompressSync(firstAnswer.body).equals(first.body)).toBe(true);
    const best = await keptBytes(first, "br");
    expect(brotliDecompressSync(best).equals(first.body)).toBe(true);
    expect(best.length).toBeLessThan(firstAnswer.body.length);
    expect(gunzipSync(await keptBytes(first, "gzip")).equals(first.body)).toBe(true);
    // The same HTML rendered again reuses the copies; other HTML gets its own.
    const again = finishPage({ status: 200, headers: new Headers(), html, nonce });
    expect(encodePage(again, "br").body).toBe(best);
    const changed = finishPage({
      status: 200,
      headers: new Headers(),
      html: html.replace("Pricing", "Prices"),
      nonce,
    });
    const changedBytes = await keptBytes(changed, "br");
    expect(changedBytes).not.toBe(best);
    expect(brotliDecompressSync(changedBytes).toString()).toContain("Prices | Northstory");
  });
});

describe("a page sent once (a 404, a redirect)", () => {
  const notFound = `<!DOCTYPE html><html><head><title>Page not found</title></head><body>${"<p>Try the blog or the home page.</p>".repeat(100)}</body></html>`;

  test("is compressed only as it is sent, in the one encoding asked for, and small ones not at all", () => {
    const page = finishPage({ status: 404, headers: new Headers(), html: notFound, nonce: "n" });
    expect(page.kept).toBe(false);
    const br = encodePage(page, "br");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).equals(page.body)).toBe(true);
    const gzip = encodePage(page, "gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(page.body)).toBe(true);
    expect(encodePage(page, "identity")).toEqual({ encoding: undefined, body: page.body });
    const redirect = finishPage({
      status: 301,
      headers: new Headers({ location: "/blog" }),
      html: "",
      nonce: "n",
    });
    expect(encodePage(redirect, "br")).toEqual({ encoding: undefined, body: redirect.body });
    expect(redirect.headers).toEqual({ location: "/blog" });
  });
});
