import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { appContext, requestContext } from "#app/.server/context.ts";
import { createLogger } from "#app/.server/log.ts";
import { createStylesheetPruner, releaseStore } from "#app/.server/pages/critical-css.ts";
import { deferHydration } from "#app/.server/pages/deferred-hydration.ts";
import { createReporter } from "#app/.server/report.ts";
import { reportAdapters } from "#app/.server/report-adapters.ts";
// The back office's stylesheet: the site's plus the classes only back-office pages use
// (public pages never load those), for back-office documents.
import adminCss from "#app/admin.css?inline";
// The stylesheet, compiled by Tailwind, as text: every page carries the part it uses inline
// (see InlineStyles and finishDocument).
import appCss from "#app/app.css?inline";
import { DocumentOnlyProvider } from "#app/lib/document-only.tsx";
import { StylesProvider } from "#app/lib/inline-styles.tsx";
import { NonceProvider } from "#app/lib/nonce.tsx";

// The production server lives in the server build so that routes and server share one
// copy of every module; server.js starts it through this export.
export { startServer } from "#app/.server/server.ts";

export const streamTimeout = 5_000;

const pruneStylesheet = createStylesheetPruner(appCss, { store: releaseStore });
// Prepared on the first back-office document, so that starting the server does not wait;
// kept in memory only: a back-office page's markup follows its data (a list of seven leads
// and one of eight are two shapes), so the release's store would fill with one-off shapes.
let pruneBackOfficeStylesheet: ReturnType<typeof createStylesheetPruner> | undefined;
const inlineStylesheet = /<style id="app-styles"([^>]*)>[\s\S]*?<\/style>/;

/**
 * What makes the first paint as fast as a page without scripts: only the CSS rules this
 * document uses, inline (the full stylesheet loads after hydration, for later pages), and
 * no script fetched or run before the page has painted (see deferHydration). Back-office
 * documents take their rules from the back office's stylesheet.
 */
export function finishDocument(html: string, backOffice = false): string {
  let prune = pruneStylesheet;
  if (backOffice) {
    pruneBackOfficeStylesheet ??= createStylesheetPruner(adminCss);
    prune = pruneBackOfficeStylesheet;
  }
  const css = prune(html.replace(inlineStylesheet, ""));
  return deferHydration(
    html.replace(
      inlineStylesheet,
      (_style, attributes: string) => `<style id="app-styles"${attributes}>${css}</style>`,
    ),
  );
}

// Only for an error met before the server's context exists (it always does when served).
const fallbackLog = createLogger();
const fallbackReport = createReporter(fallbackLog, reportAdapters);

/**
 * React Router's errors go to the JSON log, one line each, instead of a stack on stderr.
 * What a client got wrong (a POST to a page without a form, a GET of a POST-only address,
 * an action posted from another origin) is theirs: info, with the status it answered. React
 * Router's own refusals carry a message for developers ("You made a POST request to … but
 * did not provide an `action` for route …"), which the page would then send with its data
 * for the browser: once logged, it is replaced by the status's text (the page says what
 * happened in its own words).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const log = context?.get(appContext)?.log ?? fallbackLog;
  const path = new URL(request.url).pathname;
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.info("request refused", {
      method: request.method,
      path,
      status: error.status,
      // React Router's own refusals carry the reason as an Error.
      reason: (error as { error?: Error }).error?.message ?? error.statusText,
    });
    const refusal = error as { internal?: boolean; data: unknown; error?: Error };
    if (refusal.internal) {
      refusal.data = error.statusText;
      delete refusal.error;
    }
    return;
  }
  // React Router's own origin check for actions (it answers 400).
  if (error instanceof Error && /origin.*Aborting the action/.test(error.message)) {
    log.info("request refused", {
      method: request.method,
      path,
      status: 400,
      reason: error.message,
    });
    return;
  }
  const report = context?.get(appContext)?.report ?? fallbackReport;
  report(error, {
    msg: "request failed",
    source: "router",
    requestId: context?.get(requestContext)?.requestId,
    method: request.method,
    path,
  });
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    // The headers GET would send, without the body.
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-cache");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const info = loadContext.get(requestContext);
  const nonce = info?.nonce;
  // A back-office page (its layout route's handle says so, as the root layout reads it).
  const backOffice = routerContext.staticHandlerContext.matches.some(
    (match) =>
      (routerContext.routeModules[match.route.id]?.handle as { backOffice?: boolean } | undefined)
        ?.backOffice,
  );

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1_000);
    // Pages carry no deferred data: waiting for everything gives crawlers, link previews
    // and the pages kept in memory the complete document.
    const { pipe, abort } = renderToPipeableStream(
      <StylesProvider css={appCss}>
        <NonceProvider value={nonce}>
          <DocumentOnlyProvider parts={info?.documentOnly}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </DocumentOnlyProvider>
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
              new Response(finishDocument(Buffer.concat(chunks).toString("utf8"), backOffice), {
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
          if (shellRendered) {
            (loadContext.get(appContext)?.log ?? fallbackLog).error("page failed while rendering", {
              path: new URL(request.url).pathname,
              error,
            });
          }
        },
      },
    );
  });
}
