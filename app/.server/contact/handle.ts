import { issueFormToken, readFormToken } from "#app/.server/contact/form-token.ts";
import { saveLead } from "#app/.server/contact/store.ts";
import type { AppContext, RequestInfo } from "#app/.server/context.ts";
import { checkForm, readFormData } from "#app/.server/http/form-data.ts";
import { configuredLeadChannels } from "#app/.server/leads/channels/index.ts";
import { contactCopy } from "#app/content/contact.ts";
import type { ContactResult, ContactValues } from "#app/lib/contact-result.ts";
import { requiredFieldsMessage } from "#app/lib/contact-schema.ts";
import { contactSubmissionSchema, leadSourceFrom } from "#app/lib/lead-source.ts";

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

/** The answer to a body the shared form reader refused, in the contact form's words. */
function refusedBody(status: number): HandledSubmission {
  const [title, description] =
    status === 413
      ? ["Message too long", "Please shorten your message to 5,000 characters or fewer."]
      : status === 415
        ? ["Unsupported form data", "Send the form as a normal form post."]
        : ["Unreadable form data", "Please reload the page and try again."];
  return {
    status: status === 413 || status === 415 ? status : 400,
    body: { ok: false, kind: "invalid", title, description },
  };
}

/**
 * The one path for a contact submission, used by the JSON endpoint (JavaScript) and the
 * page's own form action (no JavaScript). A success answer means the lead is stored.
 */
export async function handleContactSubmission(
  request: Request,
  app: AppContext,
  client: Pick<RequestInfo, "clientIp" | "clientKey">,
): Promise<HandledSubmission> {
  const { toasts } = contactCopy;
  let form: FormData;
  try {
    form = await readFormData(request, { maxBytes: MAX_BODY_BYTES });
  } catch (refused) {
    if (!(refused instanceof Response)) throw refused;
    return refusedBody(refused.status);
  }
  const checked = checkForm(form, contactSubmissionSchema);
  const typed = (name: string) => checked.values[name] ?? "";
  const values: ContactValues = {
    name: typed("name"),
    email: typed("email"),
    message: typed("message"),
  };

  const token = readFormToken(app.secrets.formToken, typed("token"));
  if (!token) {
    return {
      status: 400,
      body: { ok: false, kind: "invalid", ...toasts.expired, values },
    };
  }

  // Bots fill every field and submit at once; they get a success answer and nothing else.
  const tooFast = Date.now() - token.issuedAt < app.env.CONTACT_MIN_FILL_MS;
  if (typed("website") !== "" || tooFast) {
    app.log.info("contact submission dropped as automated", {
      reason: tooFast ? "too fast" : "honeypot",
    });
    return { status: 200, body: { ok: true } };
  }

  if (!checked.ok) {
    const problems = Object.values(checked.fields);
    const isRequired = problems.length === 0 || problems.includes(requiredFieldsMessage);
    return {
      status: 400,
      body: {
        ok: false,
        kind: "invalid",
        title: isRequired ? toasts.invalid.title : "Please check the form",
        description: isRequired ? undefined : problems[0],
        values,
      },
    };
  }

  const { name, email, message } = checked.data;
  const source = leadSourceFrom(checked.data, {
    referer: request.headers.get("referer"),
    ownOrigins: [new URL(request.url).origin, app.env.SITE_URL],
  });
  try {
    const saved = await saveLead(
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
    app.log.info(saved.status === "stored" ? "lead stored" : "lead repeated", {
      leadId: saved.id,
    });
    if (saved.status === "stored") app.kickMail();
    return { status: 200, body: { ok: true } };
  } catch (error) {
    app.log.error("lead could not be stored", { error });
    return {
      status: 503,
      headers: { "Retry-After": "30" },
      body: { ok: false, kind: "failed", ...toasts.failure, values },
    };
  }
}
