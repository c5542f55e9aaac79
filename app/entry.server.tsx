import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { requestContext } from "./.server/context.ts";
// The stylesheet, compiled by Tailwind, as text: every page carries it inline (see InlineStyles).
import appCss from "./app.css?inline";
import { StylesProvider } from "./lib/inline-styles.tsx";
import { NonceProvider } from "./lib/nonce.tsx";

// The production server lives in the server build so that routes and server share one
// copy of every module; server.js starts it through this export.
export { startServer } from "./.server/server.ts";

export const streamTimeout = 5_000;

/**
 * Module preloads make the browser fetch and run every script before its first paint,
 * which on a slow phone holds the page back; without them the page paints first and the
 * scripts follow (React inserts the preload hints again once it runs).
 */
export function withoutModulePreloads(html: string): string {
  return html.replace(/<link rel="modulepreload"[^>]*>/g, "");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(requestContext)?.nonce;
  // Prerendering requests "/pricing/"; the page's one URL is "/pricing". Render with that
  // location so links marked current and anything reading the path match what the browser
  // sees after hydration.
  const location = routerContext.staticHandlerContext.location;
  if (location.pathname.length > 1 && location.pathname.endsWith("/")) {
    routerContext.staticHandlerContext.location = {
      ...location,
      pathname: location.pathname.replace(/\/+$/, ""),
    };
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1_000);
    // Pages carry no deferred data: waiting for everything gives crawlers, link previews
    // and prerendering the complete document.
    const { pipe, abort } = renderToPipeableStream(
      <StylesProvider css={appCss}>
        <NonceProvider value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </NonceProvider>
      </StylesProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          // The document is complete (no deferred data), so it is collected and sent whole.
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => {
            clearTimeout(timeoutId);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            if (!responseHeaders.has("Cache-Control")) {
              responseHeaders.set("Cache-Control", "no-cache");
            }
            resolve(
              new Response(withoutModulePreloads(Buffer.concat(chunks).toString("utf8")), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            );
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
