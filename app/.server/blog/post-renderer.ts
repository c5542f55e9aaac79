import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import { MAX_NESTING_DEPTH } from "#app/.server/blog/nesting.ts";
import type { RenderedPost, RenderTaskRefusal } from "#app/.server/blog/post-html.ts";
import { sanitizerFingerprint } from "#app/.server/sanitize-policy.ts";

// Rendering a post's Markdown and sanitising its HTML take time that grows with what an
// editor types: some 39,000 nested <div>s took 49 s, 99,000 "*a" 21 s. On the server's
// main thread that held every other request (a /robots.txt waited as long); here it runs in
// a pool of worker threads, within a time budget, and the main thread only waits for the
// answer. The main thread never loads the sanitiser (nor jsdom): a server that renders no
// post starts without them.

export type { RenderedPost };

/**
 * What the worker does (render-worker.ts): Markdown to clean HTML, or HTML cleaned; a
 * "ready" task only answers, once the worker has loaded.
 */
export type RenderTask = { kind: "markdown" | "html" | "ready"; text: string };

/** The longest text rendered: a post's Markdown, or a row's HTML. */
export const MAX_RENDERED_CHARACTERS = 200_000;

/**
 * How long one text may take, queue included, before it is refused. Starting a worker
 * (loading the sanitiser's jsdom: a second, several on a busy machine) does not count.
 */
export const RENDER_TIME_BUDGET_MS = 5_000;

export type RenderRefusal = "too-long" | "too-slow" | "too-deep" | "busy";

/** A text the renderer would not (or could not) render; `reason` says why, for the editor. */
export class RenderRefusedError extends Error {
  override name = "RenderRefusedError";
  readonly reason: RenderRefusal;
  constructor(reason: RenderRefusal, options?: ErrorOptions) {
    super(renderRefusalMessages[reason], options);
    this.reason = reason;
  }
}

export const renderRefusalMessages: Record<RenderRefusal, string> = {
  "too-long": `The text is too long (${MAX_RENDERED_CHARACTERS.toLocaleString("en-US")} characters at most).`,
  "too-slow": `The text took longer than ${RENDER_TIME_BUDGET_MS / 1000} seconds to render. Split very long runs of markup or emphasis and try again.`,
  "too-deep": `The text nests too deeply to render (quotes or lists more than ${MAX_NESTING_DEPTH} levels inside each other). Flatten it and try again.`,
  busy: "The server is rendering other posts just now. Try again in a moment.",
};

export type PostRenderer = {
  /** Markdown → the HTML the site shows, and whether the sanitiser removed anything. */
  render(markdown: string): Promise<RenderedPost>;
  /** HTML from elsewhere (an SQL client) → what the sanitiser keeps. */
  sanitize(html: string): Promise<RenderedPost>;
  close(): Promise<void>;
};

/**
 * What a row stores beside its HTML to say it was cleaned by this sanitiser: the
 * sanitiser's fingerprint and the HTML's own hash. HTML written by anything else (an SQL
 * client), or cleaned by an older sanitiser, does not match, and is cleaned again.
 */
export function htmlCheckFor(html: string): string {
  return `${sanitizerFingerprint}:${createHash("sha256").update(html).digest("base64url")}`;
}

const tooLong = (text: string) => text.length > MAX_RENDERED_CHARACTERS;

/** Runs tasks in this thread: for the post command, whose process renders nothing else. */
export function createInlineRenderer(
  run: (task: RenderTask) => RenderedPost | RenderTaskRefusal,
): PostRenderer {
  const inline = async (task: RenderTask) => {
    if (tooLong(task.text)) throw new RenderRefusedError("too-long");
    try {
      return rendered(run(task));
    } catch (error) {
      throw refusalFor(error) ?? error;
    }
  };
  return {
    render: (markdown) => inline({ kind: "markdown", text: markdown }),
    sanitize: (html) => inline({ kind: "html", text: html }),
    close: async () => {},
  };
}

function rendered(outcome: RenderedPost | RenderTaskRefusal): RenderedPost {
  if ("refused" in outcome) throw new RenderRefusedError(outcome.refused);
  return outcome;
}

function refusalFor(error: unknown): RenderRefusedError | undefined {
  if (error instanceof RenderRefusedError) return error;
  const { name, message } = (error ?? {}) as { name?: string; message?: string };
  if (name === "RangeError" && /call stack/i.test(message ?? "")) {
    return new RenderRefusedError("too-deep", { cause: error });
  }
  return undefined;
}

/**
 * A pool of worker threads running `workerFile` (render-worker.ts, or its build): at most
 * one fewer than the cores (one at least), started on the first task and stopped after
 * ten minutes without one. A task past the time budget is refused and its worker stopped; past
 * a queue of eight, tasks are refused as busy.
 */
export function createWorkerRenderer(options: {
  workerFile: string;
  timeBudgetMs?: number;
}): PostRenderer {
  const budget = options.timeBudgetMs ?? RENDER_TIME_BUDGET_MS;
  const pool = new Piscina<RenderTask, RenderedPost | RenderTaskRefusal>({
    filename: options.workerFile,
    minThreads: 0,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: 600_000,
    maxQueue: 8,
    // A runaway text fails its own task, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  const run = async (task: RenderTask) => {
    if (tooLong(task.text)) throw new RenderRefusedError("too-long");
    let signal: AbortSignal | undefined;
    try {
      // A worker is running (started now if none was) before the budget starts.
      await pool.run({ kind: "ready", text: "" });
      signal = AbortSignal.timeout(budget);
      return rendered(await pool.run(task, { signal }));
    } catch (error) {
      if (signal?.aborted) throw new RenderRefusedError("too-slow", { cause: error });
      if (/queue is at limit/i.test((error as Error)?.message ?? "")) {
        throw new RenderRefusedError("busy", { cause: error });
      }
      throw refusalFor(error) ?? error;
    }
  };
  return {
    render: (markdown) => run({ kind: "markdown", text: markdown }),
    sanitize: (html) => run({ kind: "html", text: html }),
    close: () => pool.destroy(),
  };
}
