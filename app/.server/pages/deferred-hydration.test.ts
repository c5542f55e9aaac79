import { describe, expect, test } from "vitest";
import { deferHydration } from "#app/.server/pages/deferred-hydration.ts";

// The end of a document as React Router renders it (route discovery on, so no manifest import).
const rendered = `<head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/><link rel="modulepreload" href="/assets/react-dom-B.js" nonce="n"/><link rel="modulepreload" href="/assets/root-C.js" nonce="n"/><link rel="modulepreload" href="/assets/home-D.js" nonce="n"/></head><body><main>Hello</main><script nonce="n">window.__reactRouterContext = {};</script><script nonce="n" type="module" async="">;
import * as route0 from "/assets/root-C.js";
import * as route1 from "/assets/home-D.js";
  window.__reactRouterManifest = {
  "entry": {
    "module": "/assets/entry.client-A.js",
    "imports": [
      "/assets/react-dom-B.js"
    ]
  }
};
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-A.js");</script></body>`;

describe("deferred hydration", () => {
  const page = deferHydration(rendered);

  test("the document asks for no script before it is painted", () => {
    expect(page).not.toContain('modulepreload" href');
    expect(page).not.toMatch(/^import \* as/m);
    expect(page).toContain('list.getEntriesByName("first-contentful-paint")');
    expect(page.indexOf("first-contentful-paint")).toBeLessThan(page.indexOf("await import("));
  });

  test("after painting, it preloads every chunk but the entry, runs them one by one, then hydrates", () => {
    const script =
      page.match(/<script nonce="n" type="module" async="">([\s\S]*?)<\/script>/)?.[1] ?? "";
    expect(script).toContain('["/assets/react-dom-B.js","/assets/root-C.js","/assets/home-D.js"]');
    expect(script).toContain('const route0 = await import("/assets/root-C.js");');
    expect(script).toContain('const route1 = await import("/assets/home-D.js");');
    expect(script).toContain(
      'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
    );
    expect(script.trim().endsWith('import("/assets/entry.client-A.js");')).toBe(true);
    // Still a valid module: the rewritten body parses.
    expect(() => new Function(`return (async () => {${script}})`)).not.toThrow();
  });

  test("the route manifest goes out in one line, the same object", () => {
    expect(page).toContain(
      'window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js","imports":["/assets/react-dom-B.js"]}};',
    );
  });

  test("other scripts are left as they are", () => {
    expect(page).toContain('<script nonce="n">window.__reactRouterContext = {};</script>');
  });
});
