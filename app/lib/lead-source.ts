// zod/mini like the contact schema it extends; only the server imports this module, so
// none of it ships to the browser.
import * as z from "zod/mini";
import { contactSchema } from "#app/lib/contact-schema.ts";
import { ctaPattern } from "#app/lib/cta-name.ts";
import { campaignParams, sourceFields } from "#app/lib/visit-source.ts";

/** One visit's arrival, as noted by the browser (see visit-source.ts). */
export type Touch = {
  /** Path and query of the first page of the visit. */
  landing?: string;
  /** Origin of the site the visitor came from. */
  referrer?: string;
  /** When the visit started (the visitor's clock). */
  at?: string;
} & { [name in (typeof campaignParams)[number]]?: string };

export type LeadSource = {
  /** Path and query of the page the form was sent from. */
  formPage: string | null;
  /** The call to action that led there (its `from` value). */
  cta: string | null;
  /** The visit the message was sent in. */
  lastTouch: Touch | null;
  /** The visitor's first visit noted in this browser. */
  firstTouch: Touch | null;
};

const controls = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/** A path of this site with its query: "/pricing?utm_source=x", never "//other.example". */
const sitePath = z.string().check(
  z.maxLength(500),
  z.regex(/^\/(?![/\\])\S*$/),
  z.refine((value) => !controls.test(value)),
);

/** A campaign value: one line of text, trimmed, at most 200 characters. */
const campaignValue = z.pipe(
  z.string().check(z.trim()),
  z.string().check(
    z.minLength(1),
    z.maxLength(200),
    z.refine((value) => !controls.test(value)),
  ),
);

const touchFields: Record<keyof Touch, z.ZodMiniType<string | undefined>> = {
  landing: sitePath,
  referrer: z.string().check(z.maxLength(200), z.regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i)),
  at: z.iso.datetime({ offset: true }),
  ...(Object.fromEntries(campaignParams.map((name) => [name, campaignValue])) as Record<
    (typeof campaignParams)[number],
    typeof campaignValue
  >),
};

/** The most a touch's JSON may take; well above every field at its limit. */
const MAX_TOUCH_CHARS = 4_000;

/**
 * A touch sent by the form: each field is checked on its own and a bad one is dropped, so
 * an odd or oversized value costs that value, never the lead.
 */
function readTouch(text: string): Touch | null {
  if (text === "" || text.length > MAX_TOUCH_CHARS) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return checkTouch(value);
}

/** A touch's fields, each checked on its own; null when none is left. */
function checkTouch(value: unknown): Touch | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const touch: Touch = {};
  for (const [name, schema] of Object.entries(touchFields)) {
    const field = schema.safeParse((value as Record<string, unknown>)[name]);
    if (field.success && field.data !== undefined) touch[name as keyof Touch] = field.data;
  }
  return Object.keys(touch).length > 0 ? touch : null;
}

const optionalText = z.catch(z.optional(z.string()), undefined);

/**
 * The contact form with the lead's source: the same fields and checks as contactSchema,
 * plus the hidden source fields, which never make a submission fail (an invalid one is
 * dropped).
 */
/** A path and query of this site, or null for anything else. */
const ownPath = z.pipe(
  optionalText,
  z.transform((value) => (value && sitePath.safeParse(value).success ? value : null)),
);

export const contactSubmissionSchema = z.extend(contactSchema, {
  [sourceFields.page]: ownPath,
  // The page the form's page was reached from, when it came through a campaign link: the
  // server writes it into the form (cameFromCampaign), for a form sent without scripts.
  [sourceFields.cameFrom]: ownPath,
  [sourceFields.touch]: z.pipe(
    optionalText,
    z.transform((value) => readTouch(value ?? "")),
  ),
  [sourceFields.firstTouch]: z.pipe(
    optionalText,
    z.transform((value) => readTouch(value ?? "")),
  ),
});

/** The visit's touch when `path` (ours) came through a campaign link, else null. */
function campaignTouch(path: string | null): Touch | null {
  if (!path) return null;
  const query = new URL(path, "http://site.invalid").searchParams;
  const touch = checkTouch({
    landing: path,
    ...Object.fromEntries(campaignParams.map((name) => [name, query.get(name) ?? undefined])),
  });
  return touch && campaignParams.some((name) => touch[name] !== undefined) ? touch : null;
}

/**
 * The path and query of `referer` when it is a page of ours (`ownOrigins`) that came
 * through a campaign link, else null: what a per-visit form page writes into its form as
 * `came_from`, so that a form sent without scripts keeps the campaign of the page before.
 */
export function cameFromCampaign(referer: string | null, ownOrigins: string[]): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    const path = url.pathname + url.search;
    if (!ownOrigins.includes(url.origin) || !sitePath.safeParse(path).success) return null;
    return campaignTouch(path) ? path : null;
  } catch {
    return null;
  }
}

/**
 * The lead's source from a checked submission. Without the page field (a form served
 * before it existed) the Referer names the page, when it is one of ours (`ownOrigins`).
 */
export function leadSourceFrom(
  submission: z.infer<typeof contactSubmissionSchema>,
  request: { referer: string | null; ownOrigins: string[] },
): LeadSource {
  let formPage = submission.page;
  if (!formPage && request.referer) {
    try {
      const url = new URL(request.referer);
      const path = url.pathname + url.search;
      if (request.ownOrigins.includes(url.origin) && sitePath.safeParse(path).success)
        formPage = path;
    } catch {
      // Not a URL: no page.
    }
  }
  const query = formPage ? new URL(formPage, "http://site.invalid").searchParams : null;
  const from = query?.get("from") ?? null;
  // A form sent before the page's scripts ran (or without them) carries no touches; when
  // the page it was sent from came through a campaign link, that page is where the visit
  // landed, and, as nothing else was noted, the first visit this browser is known for.
  // Else the page before it, when that one did (a tap on "Get Started" before any script
  // of the visit ran, or without scripts at all).
  const noted = submission.touch || submission.first_touch;
  const landedFromCampaign = noted
    ? null
    : (campaignTouch(formPage) ?? campaignTouch(submission[sourceFields.cameFrom]));
  return {
    formPage,
    cta: from && ctaPattern.test(from) ? from : null,
    lastTouch: submission.touch ?? landedFromCampaign,
    firstTouch: submission.first_touch ?? landedFromCampaign,
  };
}
