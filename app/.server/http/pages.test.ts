import { describe, expect, test } from "vitest";
import { createPageStore } from "#app/.server/http/pages.ts";
import { finishPage } from "#app/.server/pages/finish.ts";
import type { PagePlan } from "#app/.server/pages/plan.ts";

const plan: PagePlan = {
  staticPaths: ["/", "/pricing"],
  shared: [
    { pattern: "/blog", maxAgeSeconds: 10, query: ["page"] },
    { pattern: "/blog/:slug", maxAgeSeconds: 10, query: [] },
  ],
  perRequestSitemapPaths: ["/contact"],
};

/** A renderer that counts its renders and answers a page of a given size. */
function countingRenderer(bytes = 1_000) {
  const renders: string[] = [];
  const render = async (pathWithQuery: string) => {
    renders.push(pathWithQuery);
    return finishPage({
      status: pathWithQuery.startsWith("/blog/missing") ? 404 : 200,
      headers: new Headers(),
      html: `<title>${pathWithQuery}</title>${"x".repeat(bytes)}`,
      nonce: "n",
    });
  };
  return { render, renders };
}

const query = (text = "") => new URLSearchParams(text);

describe("pages kept in memory", () => {
  test("static pages are rendered once, before any request", async () => {
    const { render, renders } = countingRenderer();
    const store = await createPageStore(plan, render);
    expect(renders).toEqual(["/", "/pricing"]);
    await store.find("/pricing", query());
    expect(renders).toHaveLength(2);
  });

  test("a query string the route does not read is one cache entry, not one render each", async () => {
    const { render, renders } = countingRenderer();
    const store = await createPageStore(plan, render);
    for (let b = 1; b <= 600; b++) await store.find("/blog/a-post", query(`b=${b}`));
    expect(renders.filter((key) => key.startsWith("/blog/"))).toEqual(["/blog/a-post"]);
    // The listing's page number does select another page.
    await store.find("/blog", query("page=2&utm_source=x"));
    await store.find("/blog", query("page=2"));
    expect(renders.filter((key) => key.startsWith("/blog?"))).toEqual(["/blog?page=2"]);
  });

  test("concurrent requests for a missing page wait for one render; misses are not kept", async () => {
    const { render, renders } = countingRenderer();
    const store = await createPageStore(plan, render);
    await Promise.all(Array.from({ length: 20 }, () => store.find("/blog/busy", query())));
    expect(renders.filter((key) => key === "/blog/busy")).toHaveLength(1);
    await store.find("/blog/missing-1", query());
    await store.find("/blog/missing-1", query());
    expect(renders.filter((key) => key === "/blog/missing-1")).toHaveLength(2);
  });

  test("the shared cache is bounded by bytes: old entries are evicted, not kept forever", async () => {
    const { render, renders } = countingRenderer(20_000);
    const store = await createPageStore(plan, render, { maxSharedBytes: 100_000 });
    for (let i = 0; i < 50; i++) await store.find(`/blog/post-${i}`, query());
    await store.find("/blog/post-49", query());
    expect(renders.filter((key) => key === "/blog/post-49")).toHaveLength(1);
    await store.find("/blog/post-0", query());
    expect(renders.filter((key) => key === "/blog/post-0")).toHaveLength(2);
  });

  test("paths outside the static and shared routes, and .data requests, are not kept here", async () => {
    const { render } = countingRenderer();
    const store = await createPageStore(plan, render);
    expect(await store.find("/contact", query())).toBeNull();
    expect(await store.find("/blog/a-post.data", query())).toBeNull();
  });

  test("a page rendered per visit is rendered once for its preview image's title, not on every request", async () => {
    // The contact page renders in about 100 ms (and signs a form token); its preview image
    // was asked for its title on every request, and a query string gets past any CDN.
    const { render, renders } = countingRenderer();
    const store = await createPageStore(plan, render);
    for (let i = 0; i < 5; i++) expect(await store.titleOf("/contact")).toBe("/contact");
    expect(renders.filter((key) => key === "/contact")).toHaveLength(1);
  });

  test("a path with no public page is not rendered to look for a title", async () => {
    const { render, renders } = countingRenderer();
    const store = await createPageStore(plan, render);
    for (const path of ["/nope-1", "/nope-2", "/admin/leads", "/blog/a-post/extra"]) {
      expect(await store.titleOf(path), path).toBeUndefined();
    }
    expect(renders).toEqual(["/", "/pricing"]);
    // Kept pages answer from memory; an unknown article costs what its own page costs.
    expect(await store.titleOf("/pricing")).toBe("/pricing");
    expect(await store.titleOf("/blog/missing-post")).toBeUndefined();
    expect(renders).toEqual(["/", "/pricing", "/blog/missing-post"]);
  });

  test("in development nothing is rendered at start or kept; public pages still have titles", async () => {
    const { render, renders } = countingRenderer();
    const store = await createPageStore(plan, render, { keep: false });
    expect(renders).toEqual([]);
    expect(await store.find("/pricing", query())).toBeNull();
    expect(await store.titleOf("/pricing")).toBe("/pricing");
    expect(await store.titleOf("/contact")).toBe("/contact");
    expect(await store.titleOf("/nope")).toBeUndefined();
    expect(renders).toEqual(["/pricing", "/contact"]);
  });
});
