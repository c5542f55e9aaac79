/** What an outgoing call may cost at most: a receiver cannot hold a delivery run for long. */
export type HttpLimits = { timeoutMs: number; maxResponseBytes: number };

export const defaultHttpLimits: HttpLimits = { timeoutMs: 10_000, maxResponseBytes: 64 * 1024 };

/** A receiver's answer read up to the limit: the status, and the start of the body. */
export type HttpAnswer = { status: number; body: string };

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= maxBytes) {
      // The rest is not needed to know the outcome, and may never end.
      await reader.cancel().catch(() => {});
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString("utf8");
}

/**
 * POSTs a JSON body to a configured endpoint (never to an address taken from a lead) and
 * resolves when it answers 2xx. Anything else throws with the reason, for the outbox to
 * retry: an error status, a redirect (not followed: the endpoint is the configured one or
 * none), no answer within the time limit, a refused connection.
 */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string> = {},
  limits: HttpLimits = defaultHttpLimits,
): Promise<HttpAnswer> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
      redirect: "manual",
      signal,
    });
  } catch (error) {
    throw describeFailure(error, limits);
  }
  let text: string;
  try {
    text = await readCapped(response, limits.maxResponseBytes);
  } catch (error) {
    throw describeFailure(error, limits);
  }
  if (response.status >= 200 && response.status < 300)
    return { status: response.status, body: text };
  const snippet = text.replace(/\s+/g, " ").trim().slice(0, 200);
  if (response.status >= 300 && response.status < 400)
    throw new Error(`HTTP ${response.status}: redirect not followed`);
  throw new Error(`HTTP ${response.status}${snippet ? `: ${snippet}` : ""}`);
}

function describeFailure(error: unknown, limits: HttpLimits): Error {
  if (error instanceof DOMException && error.name === "TimeoutError")
    return new Error(`no answer within ${limits.timeoutMs} ms`);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return new Error(`${cause.code}: ${cause.message ?? "request failed"}`);
  return error instanceof Error ? error : new Error(String(error));
}
