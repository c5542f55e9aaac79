import { describe, expect, test } from "vitest";
import { deferHydration } from "#app/.server/pages/deferred-hydration.ts";

// React Router's <ScrollRestoration> script, as it renders it.
const scrollRestoration = `((storageKey, restoreKey) => {
\t\tif (!window.history.state || !window.history.state.key) {
\t\t\tlet key = Math.random().toString(32).slice(2);
\t\t\twindow.history.replaceState({ key }, "");
\t\t}
\t\ttry {
\t\t\tlet storedY = JSON.parse(sessionStorage.getItem(storageKey) || "{}")[restoreKey || window.history.state.key];
\t\t\tif (typeof storedY === "number") window.scrollTo(0, storedY);
\t\t} catch (error) {
\t\t\tconsole.error(error);
\t\t\tsessionStorage.removeItem(storageKey);
\t\t}
\t})("react-router-scroll-positions", null)`;

// The end of a document as React Router renders it (route discovery on, so no manifest import).
const rendered = `<head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/><link rel="modulepreload" href="/assets/react-dom-B.js" nonce="n"/><link rel="modulepreload" href="/assets/root-C.js" nonce="n"/><link rel="modulepreload" href="/assets/home-D.js" nonce="n"/></head><body><main>Hello</main><script nonce="n">${scrollRestoration}</script><script nonce="n">window.__reactRouterContext = {};</script><script nonce="n" type="module" async="">;
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

import("/assets/entry.client-A.js");</script><!--$--><script nonce="n">window.__reactRouterContext.streamController.enqueue("[{\\"_1\\":2}]\\n");</script><!--$--><script nonce="n">window.__reactRouterContext.streamController.close();</script><!--/$--><!--/$--></body>`;

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
    expect(script).toContain(
      'chunks=["/assets/react-dom-B.js","/assets/root-C.js","/assets/home-D.js"]',
    );
    // The entry downloads with them, and runs last.
    expect(script).toContain(
      'fetched=["/assets/react-dom-B.js","/assets/root-C.js","/assets/home-D.js","/assets/entry.client-A.js"]',
    );
    expect(script).toContain('const route0 = await import("/assets/root-C.js");');
    expect(script).toContain('const route1 = await import("/assets/home-D.js");');
    expect(script).toContain(
      'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
    );
    expect(script.trim().endsWith('import("/assets/entry.client-A.js");')).toBe(true);
    // Still a valid module: the rewritten body parses.
    expect(() => new Function(`return (async () => {${script}})`)).not.toThrow();
  });

  test("after the paint, each costly step is a task of its own", async () => {
    const script =
      page.match(/<script nonce="n" type="module" async="">([\s\S]*?)<\/script>/)?.[1] ?? "";
    // The script runs against a browser stand-in that writes down what it is asked to do,
    // and where one task ends and the next begins.
    const log: string[] = [];
    const document = {
      visibilityState: "visible",
      createElement: () => ({ rel: "", href: "" }),
      head: {
        append: (link: { rel: string; href: string }) => log.push(`${link.rel} ${link.href}`),
      },
    };
    const window = {
      history: { state: null, replaceState: () => log.push("replaceState") },
    };
    class PerformanceObserver {
      static supportedEntryTypes = ["paint"];
      constructor(private callback: (list: unknown, observer: unknown) => void) {}
      observe() {
        log.push("painted");
        this.callback({ getEntriesByName: () => [{}] }, { disconnect: () => {} });
      }
    }
    class MessageChannel {
      port1: { onmessage?: () => void; close: () => void } = { close: () => {} };
      port2 = {
        postMessage: () =>
          setImmediate(() => {
            log.push("-- next task");
            this.port1.onmessage?.();
          }),
      };
    }
    const load = async (href: string) => log.push(`run ${href}`);
    const body = script.replaceAll("import(", "load(");
    await new Function(
      "document",
      "window",
      "PerformanceObserver",
      "MessageChannel",
      "setTimeout",
      "load",
      `return (async () => {${body}})();`,
    )(document, window, PerformanceObserver, MessageChannel, () => {}, load);

    expect(log.slice(0, 12)).toEqual([
      "painted",
      "-- next task",
      "replaceState",
      "-- next task",
      // One request a task: each costs milliseconds on a phone.
      "modulepreload /assets/react-dom-B.js",
      "-- next task",
      "modulepreload /assets/root-C.js",
      "-- next task",
      "modulepreload /assets/home-D.js",
      "-- next task",
      "modulepreload /assets/entry.client-A.js",
      "-- next task",
    ]);
    expect(log.slice(12)).toEqual([
      "run /assets/react-dom-B.js",
      "-- next task",
      "run /assets/root-C.js",
      "-- next task",
      "run /assets/home-D.js",
      "-- next task",
      "run /assets/root-C.js",
      "run /assets/home-D.js",
      "run /assets/entry.client-A.js",
    ]);
  });

  test("the route manifest goes out in one line, the same object", () => {
    expect(page).toContain(
      'window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js","imports":["/assets/react-dom-B.js"]}};',
    );
  });

  test("the loader data goes in the script that creates its stream, one hash fewer each", () => {
    expect(page).toContain(
      '<script nonce="n">window.__reactRouterContext = {};\nwindow.__reactRouterContext.streamController.enqueue("[{\\"_1\\":2}]\\n");\nwindow.__reactRouterContext.streamController.close();</script>',
    );
    // The data's own scripts and the server's boundaries around them are gone.
    expect(page.match(/streamController\.enqueue/g)).toHaveLength(1);
    expect(page).not.toContain("<!--$-->");
    expect(page.endsWith('import("/assets/entry.client-A.js");</script></body>')).toBe(true);
  });

  test("a page whose data is not whole, as React Router wrote it, is left as it is", () => {
    const streaming = rendered.replace(
      /<script nonce="n">window\.__reactRouterContext\.streamController\.close\(\);<\/script>/,
      "",
    );
    expect(deferHydration(streaming)).toContain(
      '<!--$--><script nonce="n">window.__reactRouterContext.streamController.enqueue(',
    );
  });

  describe("scroll restoration before the first paint", () => {
    const script = page.match(/\(\(storageKey[\s\S]*?\}\)\("[^"]*", (?:null|"[^"]*")\)/)?.[0] ?? "";

    /** Runs the parse-time script against a browser stand-in and says what it did. */
    function run(state: unknown, stored: Record<string, number>) {
      const calls: string[] = [];
      const window = {
        history: { state, replaceState: () => calls.push("replaceState") },
        scrollTo: (_x: number, y: number) => calls.push(`scrollTo ${y}`),
      };
      const sessionStorage = {
        getItem: (key: string) => {
          calls.push(`getItem ${key}`);
          return JSON.stringify(stored);
        },
        removeItem: () => calls.push("removeItem"),
      };
      new Function("window", "sessionStorage", script)(window, sessionStorage);
      return calls;
    }

    test("a new history entry (a first visit) costs no call to the browser process", () => {
      expect(script).not.toBe("");
      expect(run(null, { k: 300 })).toEqual([]);
      expect(run({ usr: null }, { k: 300 })).toEqual([]);
    });

    test("an entry React Router keyed (a reload, a return) is put back where it was", () => {
      expect(run({ key: "k" }, { k: 300 })).toEqual([
        "getItem react-router-scroll-positions",
        "scrollTo 300",
      ]);
      expect(run({ key: "other" }, { k: 300 })).toEqual(["getItem react-router-scroll-positions"]);
    });

    test("the new entry gets its key after the paint, before any chunk runs", () => {
      // With the index React Router's history gives a new entry, so it writes no second state.
      expect(page).toMatch(/history\.replaceState\(\{key:[^}]*,idx:0\},""\)/);
      const module = page.indexOf("history.replaceState({key:");
      expect(module).toBeGreaterThan(page.indexOf("first-contentful-paint"));
      expect(module).toBeLessThan(page.indexOf("await import("));
    });
  });
});
