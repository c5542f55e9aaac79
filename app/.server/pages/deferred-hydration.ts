/**
 * React Router ends a page with a module script that imports the page's chunks statically,
 * and with `<link rel="modulepreload">` for each: the browser fetches (and then runs) them
 * while it would paint, so a phone paints later than a page without scripts. This rewrites
 * both, for every document the server sends:
 *
 * - the preload links go; the script waits until the page has painted (the browser's own
 *   first-contentful-paint entry), then asks for every
 *   chunk at once (modulepreload, so they download in parallel) and runs them one at a
 *   time, yielding between them, so no single long task blocks the main thread;
 * - then it does what React Router's script did: import the route modules, publish them
 *   and the route manifest, and import the entry, which hydrates.
 *
 * - React Router's scroll restoration script (it runs while the document is parsed, before the
 *   first paint) reads session storage only on an entry React Router has already keyed: a
 *   reload or a return, where a position may be stored. A new entry (every first visit) has
 *   nothing to restore, and its key is written after the paint, before hydration reads it.
 *   Session storage and `history.replaceState` are synchronous calls to the browser process,
 *   a few milliseconds each on a phone, that delayed the first paint.
 *
 * Nothing is lost: the page is the same server HTML until hydration, which happens a frame
 * later than before.
 */
export function deferHydration(html: string): string {
  const preloads: string[] = [];
  let page = html.replace(/<link rel="modulepreload" href="([^"]+)"[^>]*>/g, (_tag, href) => {
    preloads.push(href);
    return "";
  });
  page = page.replace(
    /(<script\b[^>]*type="module"[^>]*>)([\s\S]*?)(<\/script>)/,
    (tag, open: string, body: string, close: string) => {
      if (!body.includes("__reactRouterRouteModules")) return tag;
      const entry = body.match(/\bimport\(("[^"]+")\);\s*$/)?.[1];
      const chunks = preloads.filter((href) => JSON.stringify(href) !== entry);
      // The entry is fetched with the rest, and run last (it hydrates).
      const fetched = [...chunks, ...preloads.filter((href) => JSON.stringify(href) === entry)];
      const imports = compactManifest(body)
        .replace(/^import \* as (\w+) from ("[^"]+");$/gm, "const $1 = await import($2);")
        .replace(/^import ("[^"]+");?$/gm, "await import($1);")
        .replace(/^;$/gm, "");
      return `${open}${hydrateAfterPaint(chunks, fetched)}${imports}${close}`;
    },
  );
  page = page.replace(
    /(<script\b[^>]*>)\(\(storageKey, restoreKey\) => \{[\s\S]*?\}\)\(("(?:[^"\\<]|\\.)*", (?:null|"(?:[^"\\<]|\\.)*"))\)(<\/script>)/,
    (_script, open: string, args: string, close: string) =>
      `${open}${restoreScroll}(${args})${close}`,
  );
  return mergeEndScripts(page);
}

/**
 * React Router sends a page's loader data in scripts of their own at the end of the body
 * (`streamController.enqueue(…)`, then `.close()`), each inside a Suspense boundary of the
 * server's render that the browser never hydrates. Every inline script needs its own hash
 * in the Content-Security-Policy header, which travels in the same first round trip as the
 * page: the data statements go at the end of the script that creates the stream instead,
 * in the same order, and their boundaries go. The data reaches the stream before the module
 * script reads it, as before.
 */
function mergeEndScripts(page: string): string {
  const data =
    /<!--\$-->|<!--\/\$-->|<script\b[^>]*>(window\.__reactRouterContext\.streamController\.(?:enqueue\((?:[^<]|<(?!\/script))*\)|close\(\));)<\/script>/g;
  const tail = page.match(
    /(?:<!--\/?\$-->|<script\b[^>]*>window\.__reactRouterContext\.streamController\.(?:[^<]|<(?!\/script))*<\/script>)+(?=<\/body>)/,
  );
  const context = page.match(
    /(<script\b[^>]*>)(window\.__reactRouterContext = (?:[^<]|<(?!\/script))*?)(<\/script>)/,
  );
  if (!tail || tail.index === undefined || !context || context.index === undefined) return page;
  const statements = [...tail[0].matchAll(data)].map(([, statement]) => statement).filter(Boolean);
  if (!/close\(\);$/.test(statements.at(-1) ?? "")) return page;
  const [script, open, body, close] = context;
  const merged = `${open}${body}\n${statements.join("\n")}${close}`;
  return (
    page.slice(0, context.index) +
    merged +
    page.slice(context.index + script.length, tail.index) +
    page.slice(tail.index + tail[0].length)
  );
}

/**
 * React Router's scroll restoration, for an entry it has keyed (see above). Written
 * compactly, as it travels in every page's first round trip: with the entry's key (React
 * Router's, or the one given), the stored position is scrolled to; a store it cannot read
 * is removed.
 */
const restoreScroll =
  '((storageKey,restoreKey)=>{const key=restoreKey||window.history.state?.key;if(!key)return;try{const y=JSON.parse(sessionStorage.getItem(storageKey)||"{}")[key];if(typeof y==="number")window.scrollTo(0,y)}catch(error){console.error(error);sessionStorage.removeItem(storageKey)}})';

/**
 * React Router writes the route manifest indented, two spaces a level: a page sends the
 * same object in one line, a few hundred bytes less in its first round trip.
 */
function compactManifest(body: string): string {
  return body.replace(
    /(window\.__reactRouterManifest = )(\{[\s\S]*?\n\});/,
    (statement, assignment: string, json: string) => {
      try {
        return `${assignment}${JSON.stringify(JSON.parse(json))};`;
      } catch {
        return statement;
      }
    },
  );
}

/**
 * The script that waits for the paint, then fetches the chunks and runs them. It travels in
 * every page's first round trip, so it is written compactly; the comments say what it does.
 */
function hydrateAfterPaint(chunks: string[], fetched: string[]): string {
  return [
    // Once the browser reports the first contentful paint (at once in a tab nobody sees;
    // after a frame where paint timing is unknown; after 3 s at the latest, so the page
    // always becomes interactive). The observer's own entries, buffered so a paint before
    // this script counts; not performance.getEntriesByName, which a page (or a test's fake
    // clock) may replace.
    'await new Promise((go)=>{if(document.visibilityState==="hidden")return go();setTimeout(go,3e3);if(PerformanceObserver.supportedEntryTypes?.includes("paint"))new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();go()}}).observe({type:"paint",buffered:true});else requestAnimationFrame(()=>setTimeout(go,0))});',
    // Each step below is a task of its own: on a phone each costs milliseconds, and together
    // in the task that reported the paint they made one long task. Yield with a message
    // task, not a timer: timers are what a page (or a test's clock) may hold back, and a
    // task is all the main thread needs to handle input in between.
    "const nextTask=()=>globalThis.scheduler?.yield?globalThis.scheduler.yield():new Promise((go)=>{const{port1,port2}=new MessageChannel();port1.onmessage=()=>go();port2.postMessage(null)});",
    "await nextTask();",
    // A new history entry gets the key React Router's scroll restoration files it under, and
    // the index its history starts a new entry at (0), which it would otherwise write with a
    // second replaceState while it hydrates. A synchronous call to the browser process.
    'if(!window.history.state?.key){window.history.replaceState({key:Math.random().toString(32).slice(2),idx:0},"");await nextTask()}',
    // Every chunk is asked for before any runs, so they download in parallel; one request a
    // task, since starting one costs a phone a few milliseconds (the first one several
    // times that). Then they run one at a time.
    `const chunks=${JSON.stringify(chunks)},fetched=${JSON.stringify(fetched)};`,
    'for(const href of fetched){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link);await nextTask()}',
    "for(const href of chunks){await import(href);await nextTask()}",
    "",
  ].join("\n");
}
