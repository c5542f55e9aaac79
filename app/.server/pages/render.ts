import { randomBytes } from "node:crypto";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { type AppContext, appContext, requestContext } from "#app/.server/context.ts";
import { type FinishedPage, finishPage } from "#app/.server/pages/finish.ts";

/** Renders a path (with its query) the way any visitor would see it, without their cookies. */
export type PageRenderer = (pathWithQuery: string) => Promise<FinishedPage>;

export function createPageRenderer(
  getBuild: () => Promise<ServerBuild>,
  app: AppContext,
  options: { mode: "production" | "development" },
): PageRenderer {
  const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();
  const origin = app.env.SITE_URL;
  return async (pathWithQuery) => {
    const build = await getBuild();
    let handle = handlers.get(build);
    if (!handle) {
      handle = createRequestHandler(build, options.mode);
      handlers.set(build, handle);
    }
    const nonce = randomBytes(16).toString("base64");
    const context = new RouterContextProvider();
    context.set(appContext, app);
    context.set(requestContext, {
      origin,
      nonce,
      clientIp: "",
      clientKey: "",
      document: true,
      documentOnly: new Map(),
    });
    const response = await handle(new Request(new URL(pathWithQuery, origin)), context);
    const html = await response.text();
    return finishPage({
      status: response.status,
      headers: response.headers,
      html,
      nonce,
    });
  };
}
