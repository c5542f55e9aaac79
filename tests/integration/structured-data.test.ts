import { afterAll, beforeAll, expect, test } from "vitest";
import { type SharedServer, sharedServer } from "../support/shared-server.ts";

type Node = Record<string, unknown> & { "@type"?: string };

let server: SharedServer;
let pages: { path: string; html: string }[] = [];

beforeAll(async () => {
  server = await sharedServer();
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] ?? "").pathname,
  );
  pages = await Promise.all(
    paths.map(async (path) => ({ path, html: await (await fetch(`${server.url}${path}`)).text() })),
  );
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

function structuredData(html: string): Node[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.flatMap((block) => {
    const data = JSON.parse(block[1] ?? "") as Node & { "@graph"?: Node[] };
    expect(data["@context"]).toBe("https://schema.org");
    return data["@graph"] ?? [data];
  });
}

const isAbsolute = (value: unknown) => typeof value === "string" && /^https?:\/\//.test(value);
const isIsoDate = (value: unknown) => typeof value === "string" && !Number.isNaN(Date.parse(value));

// The properties schema.org and search engines need for each type we publish.
const checks: Record<string, (node: Node) => void> = {
  Organization: (n) => {
    expect(n.name).toBe("Northstory");
    expect(isAbsolute(n.url)).toBe(true);
  },
  WebSite: (n) => expect(isAbsolute(n.url)).toBe(true),
  BreadcrumbList: (n) => {
    const items = n.itemListElement as Node[];
    expect(items.length).toBeGreaterThanOrEqual(2);
    items.forEach((item, index) => {
      expect(item["@type"]).toBe("ListItem");
      expect(item.position).toBe(index + 1);
      expect(typeof item.name).toBe("string");
      expect(isAbsolute(item.item)).toBe(true);
    });
  },
  FAQPage: (n) => {
    const questions = n.mainEntity as Node[];
    expect(questions).toHaveLength(9);
    for (const q of questions) {
      expect(q["@type"]).toBe("Question");
      expect(String(q.name).length).toBeGreaterThan(5);
      expect(String((q.acceptedAnswer as Node).text).length).toBeGreaterThan(20);
    }
  },
  BlogPosting: (n) => {
    expect(String(n.headline).length).toBeGreaterThan(5);
    expect(isIsoDate(n.datePublished)).toBe(true);
    expect((n.author as Node).name).toBeTruthy();
    expect((n.publisher as Node).name).toBe("Northstory");
  },
  VideoObject: (n) => {
    expect(n.name).toBeTruthy();
    expect(n.description).toBeTruthy();
    expect(isIsoDate(n.uploadDate)).toBe(true);
    expect(isAbsolute(n.thumbnailUrl)).toBe(true);
    expect(isAbsolute(n.embedUrl)).toBe(true);
  },
};

test("every page's JSON-LD parses, uses known schema.org types and has their required properties", () => {
  expect(pages.length).toBeGreaterThan(60);
  for (const page of pages) {
    const nodes = structuredData(page.html);
    const types = nodes.map((n) => String(n["@type"]));
    // The site's own nodes live on the home page; any other page would repeat them.
    expect(types.includes("WebSite"), page.path).toBe(page.path === "/");
    for (const node of nodes) {
      const check = checks[String(node["@type"])];
      expect(check, `${page.path}: unexpected type ${node["@type"]}`).toBeDefined();
      check?.(node);
    }
  }
});

test("pricing has its FAQ, nested pages their breadcrumbs, articles their posting, videos their object", () => {
  const typesOf = (path: string) =>
    structuredData(pages.find((p) => p.path === path)?.html ?? "").map((n) => n["@type"]);
  expect(typesOf("/pricing")).toContain("FAQPage");
  for (const page of pages.filter((p) => p.path.split("/").length > 2)) {
    expect(typesOf(page.path), page.path).toContain("BreadcrumbList");
  }
  expect(typesOf("/blog/why-founder-led-content-wins-b2b")).toContain("BlogPosting");
  for (const page of pages.filter((p) => p.html.includes("Play video"))) {
    expect(typesOf(page.path), page.path).toContain("VideoObject");
  }
  expect(typesOf("/")).toContain("VideoObject");
  expect(typesOf("/")).toContain("Organization");
  // An article's publisher is the home page's Organization, by its @id.
  const article = structuredData(
    pages.find((p) => p.path === "/blog/why-founder-led-content-wins-b2b")?.html ?? "",
  ).find((n) => n["@type"] === "BlogPosting");
  const home = structuredData(pages.find((p) => p.path === "/")?.html ?? "").find(
    (n) => n["@type"] === "Organization",
  );
  expect(home?.["@id"]).toMatch(/#organization$/);
  expect((article?.publisher as Node | undefined)?.["@id"]).toBe(home?.["@id"]);
});

test("every page has its own title and description, and a canonical URL without a slash or query", () => {
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const page of pages) {
    const title = page.html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
    const description = page.html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "";
    const canonical = page.html.match(/<link rel="canonical" href="([^"]*)"/)?.[1] ?? "";
    expect(title, page.path).not.toBe("");
    expect(description.length, page.path).toBeGreaterThan(50);
    expect(
      titles.get(title),
      `${page.path} repeats the title of ${titles.get(title)}`,
    ).toBeUndefined();
    expect(descriptions.get(description), `${page.path} repeats a description`).toBeUndefined();
    titles.set(title, page.path);
    descriptions.set(description, page.path);
    const url = new URL(canonical);
    expect(url.search, page.path).toBe("");
    expect(url.pathname === "/" || !url.pathname.endsWith("/"), page.path).toBe(true);
    expect(url.pathname, page.path).toBe(page.path);
  }
});

test("every page points link previews at its own 1200x630 image, made from its title", async () => {
  const seen = new Set<string>();
  for (const page of pages) {
    const og = page.html.match(/<meta property="og:image" content="([^"]+)"/)?.[1] ?? "";
    const twitter = page.html.match(/<meta name="twitter:image" content="([^"]+)"/)?.[1] ?? "";
    expect(og, page.path).toMatch(/\/social\/pages\/[a-z0-9-]+\.png$/);
    expect(twitter, page.path).toBe(og);
    expect(page.html, page.path).toContain('<meta property="og:image:width" content="1200"/>');
    expect(page.html, page.path).toContain('<meta property="og:image:height" content="630"/>');
    expect(page.html, page.path).toMatch(/<meta property="og:image:alt" content="[^"]{10,}"/);
    expect(seen.has(og), `${page.path} shares an image`).toBe(false);
    seen.add(og);
    const image = await fetch(`${server.url}${new URL(og).pathname}`);
    expect(image.status, og).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await image.arrayBuffer());
    // PNG header: width and height are the two big-endian words after "IHDR".
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], og).toEqual([1200, 630]);
  }
});
