import { issueFormToken, readFormToken } from "#app/.server/contact/form-token.ts";
import { saveContactMessage } from "#app/.server/contact/store.ts";
import type { AppContext, RequestInfo } from "#app/.server/context.ts";
import { configuredLeadChannels } from "#app/.server/leads/channels/index.ts";
import { contactCopy } from "#app/content/contact.ts";
import type { ContactResult, ContactValues } from "#app/lib/contact-result.ts";
import { firstContactProblem } from "#app/lib/contact-schema.ts";
import { contactSubmissionSchema, leadSourceFrom } from "#app/lib/lead-source.ts";
import { sourceFields } from "#app/lib/visit-source.ts";

/** Far above any real message (5,000 characters of text plus the other fields). */
export const MAX_BODY_BYTES = 32 * 1024;

export type HandledSubmission = {
  status: number;
  body: ContactResult;
  headers?: Record<string, string>;
};

/** A signed token for a newly served form (see form-token.ts). */
export function newFormToken(app: Pick<AppContext, "secrets">): string {
  return issueFormToken(app.secrets.formToken);
}

class BodyTooLarge extends Error {}

async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw new BodyTooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * The one path for a contact submission, used by the JSON endpoint (JavaScript) and the
 * page's own form action (no JavaScript). A success answer means the message is stored.
 */
export async function handleContactSubmission(
  request: Request,
  app: AppContext,
  client: Pick<RequestInfo, "clientIp" | "clientKey">,
): Promise<HandledSubmission> {
  const { toasts } = contactCopy;
  const type = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    return {
      status: 415,
      body: {
        ok: false,
        kind: "invalid",
        title: "Unsupported form data",
        description: "Send the form as a normal form post.",
      },
    };
  }

  let form: FormData;
  try {
    const bytes = await readLimited(request, MAX_BODY_BYTES);
    form = await new Response(bytes, { headers: { "content-type": type } }).formData();
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      return {
        status: 413,
        body: {
          ok: false,
          kind: "invalid",
          title: "Message too long",
          description: "Please shorten your message to 5,000 characters or fewer.",
        },
      };
    }
    return {
      status: 400,
      body: {
        ok: false,
        kind: "invalid",
        title: "Unreadable form data",
        description: "Please reload the page and try again.",
      },
    };
  }

  const values: ContactValues = {
    name: text(form, "name"),
    email: text(form, "email"),
    message: text(form, "message"),
  };

  const token = readFormToken(app.secrets.formToken, text(form, "token"));
  if (!token) {
    return {
      status: 400,
      body: { ok: false, kind: "invalid", ...toasts.expired, values },
    };
  }

  // Bots fill every field and submit at once; they get a success answer and nothing else.
  const tooFast = Date.now() - token.issuedAt < app.env.CONTACT_MIN_FILL_MS;
  if (text(form, "website") !== "" || tooFast) {
    app.log.info("contact submission dropped as automated", {
      reason: tooFast ? "too fast" : "honeypot",
    });
    return { status: 200, body: { ok: true } };
  }

  const parsed = contactSubmissionSchema.safeParse({
    ...values,
    ...Object.fromEntries(Object.values(sourceFields).map((name) => [name, text(form, name)])),
  });
  if (!parsed.success) {
    const problem = firstContactProblem(parsed.error);
    const isRequired = problem === toasts.invalid.title;
    return {
      status: 400,
      body: {
        ok: false,
        kind: "invalid",
        title: isRequired ? toasts.invalid.title : "Please check the form",
        description: isRequired ? undefined : problem,
        values,
      },
    };
  }

  const { name, email, message } = parsed.data;
  const source = leadSourceFrom(parsed.data, {
    referer: request.headers.get("referer"),
    ownOrigins: [new URL(request.url).origin, app.env.SITE_URL],
  });
  try {
    const saved = await saveContactMessage(
      app.database.db,
      { name, email, message, source },
      {
        idempotencyKey: token.idempotencyKey,
        clientIp: client.clientIp,
        rateLimitKey: client.clientKey,
        rateLimit: {
          limit: app.env.CONTACT_RATE_LIMIT,
          windowSeconds: app.env.CONTACT_RATE_WINDOW_SECONDS,
        },
        channels: configuredLeadChannels(app.env),
      },
    );
    if (saved.status === "rate-limited") {
      app.log.warn("contact rate limit reached", { retryAfterSeconds: saved.retryAfterSeconds });
      return {
        status: 429,
        headers: { "Retry-After": String(saved.retryAfterSeconds) },
        body: { ok: false, kind: "rate-limited", ...toasts.rateLimited, values },
      };
    }
    app.log.info(
      saved.status === "stored" ? "contact message stored" : "contact message repeated",
      {
        messageId: saved.id,
      },
    );
    if (saved.status === "stored") app.kickMail();
    return { status: 200, body: { ok: true } };
  } catch (error) {
    app.log.error("contact message could not be stored", { error });
    return {
      status: 503,
      headers: { "Retry-After": "30" },
      body: { ok: false, kind: "failed", ...toasts.failure, values },
    };
  }
}
