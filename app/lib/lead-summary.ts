import type { LeadSource, Touch } from "#app/lib/lead-source.ts";
import { type LeadOrigin, leadOriginLabels } from "#app/lib/leads.ts";

// What an inbox row says about a lead at a glance: who (the company behind the address),
// what (the gist of the message), where from (the source), when (how long ago).

/** Mailbox providers: an address there says nothing about the sender's company. */
const freeMailDomains = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "hotmail.co.uk",
  "live.com",
  "msn.com",
  "yahoo.com",
  "yahoo.co.uk",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "gmx.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "mail.com",
  "zoho.com",
  "yandex.com",
  "yandex.ru",
  "fastmail.com",
  "hey.com",
  "qq.com",
  "163.com",
]);

/** Second-level suffixes under which the name is one label further left ("acme.co.uk"). */
const twoPartSuffix = /\.(co|com|org|net|ac|gov)\.[a-z]{2}$/;

/**
 * The company an email address belongs to, from its domain ("dana@acme-labs.io" → "Acme
 * Labs", with the domain), or null for a free mailbox or an address without a domain.
 */
export function companyFromEmail(email: string): { name: string; domain: string } | null {
  const domain = email.trim().toLowerCase().split("@")[1]?.replace(/\.$/, "") ?? "";
  if (!domain.includes(".") || freeMailDomains.has(domain)) return null;
  const labels = domain.split(".");
  const nameLabel = twoPartSuffix.test(domain) ? labels.at(-3) : labels.at(-2);
  if (!nameLabel) return null;
  const name = nameLabel
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
  return { name, domain };
}

/**
 * A line that only greets ("Hi Northstory team,", "Hello!", "Dear Sir or Madam,"), in
 * English or the greetings of the languages leads most often write in ("Guten Tag,").
 */
const greeting =
  /^(hi|hello|hey|dear|good (morning|afternoon|evening)|greetings|hiya|howdy|to whom it may concern|guten (tag|morgen)|hallo|bonjour|salut|hola|buenos d[ií]as|ciao|buongiorno|hej|ol[aá]|bom dia)\b[^.!?]{0,60}[,!.:]?$/i;

/** The message's first lines that say something: greetings skipped, at most `max` characters. */
export function messageGist(message: string, max = 200): string {
  const lines = message
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const start = lines.findIndex((line) => !greeting.test(line));
  const text = (start === -1 ? lines : lines.slice(start)).join(" ").replace(/\s+/g, " ");
  if (text.length <= max) return text;
  return `${text.slice(0, max).replace(/\s+\S*$/, "")}…`;
}

/** Referring sites a salesperson knows by name. */
const knownReferrers: [RegExp, string][] = [
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, "LinkedIn"],
  [/(^|\.)google\.[a-z.]+$/, "Google"],
  [/(^|\.)bing\.com$/, "Bing"],
  [/(^|\.)duckduckgo\.com$/, "DuckDuckGo"],
  [/(^|\.)(x\.com|twitter\.com|t\.co)$/, "X"],
  [/(^|\.)(facebook\.com|fb\.com)$/, "Facebook"],
  [/(^|\.)youtube\.com$/, "YouTube"],
  [/(^|\.)(chatgpt\.com|openai\.com)$/, "ChatGPT"],
];

function referrerName(referrer: string): string {
  let host: string;
  try {
    host = new URL(referrer).hostname.replace(/^www\./, "");
  } catch {
    return referrer;
  }
  return knownReferrers.find(([pattern]) => pattern.test(host))?.[1] ?? host;
}

/** Campaign sources as marketers type them ("linkedin", "li", "google-ads"). */
const knownSources: [RegExp, string][] = [
  [/^(linkedin|li|lnkd)([-_. ]|$)/i, "LinkedIn"],
  [/^google([-_. ]|$)/i, "Google"],
  [/^bing([-_. ]|$)/i, "Bing"],
  [/^(twitter|x)([-_. ]|$)/i, "X"],
  [/^(facebook|fb|meta)([-_. ]|$)/i, "Facebook"],
  [/^youtube([-_. ]|$)/i, "YouTube"],
];

/** A source by the name the leads inbox gives it ("linkedin", "li" → "LinkedIn"). */
export function sourceName(utmSource: string): string {
  return (
    knownSources.find(([pattern]) => pattern.test(utmSource))?.[1] ??
    knownReferrers.find(([pattern]) => pattern.test(utmSource))?.[1] ??
    utmSource
  );
}

/**
 * Where a visit came from, by name: a campaign's source, else the ad network whose click id
 * the link carried (Google Ads adds `gclid`, LinkedIn's ads `li_fat_id`, with no
 * `utm_source` of their own), else the referring site, else Direct.
 */
function touchChannel(touch: Touch): string {
  if (touch.utm_source) return sourceName(touch.utm_source);
  if (touch.gclid) return "Google";
  if (touch.li_fat_id) return "LinkedIn";
  return touch.referrer ? referrerName(touch.referrer) : "Direct";
}

function touchSummary(touch: Touch): string {
  const where = touchChannel(touch);
  return touch.utm_campaign ? `${where} · ${touch.utm_campaign}` : where;
}

/** What a lead's source is read from: its visits, or for a lead added by hand, its origin. */
type SummarySource = Pick<LeadSource, "firstTouch" | "lastTouch"> & {
  origin?: LeadOrigin | null;
};

/**
 * The channel a lead first came from ("LinkedIn", "Google", "Direct", a site's host), for
 * counting leads by source; for a lead added by hand, how they reached the team
 * ("Referral"); "Not known" when the browser noted no visit.
 */
export function sourceChannel(source: SummarySource): string {
  if (source.origin) return leadOriginLabels[source.origin];
  const touch = source.firstTouch ?? source.lastTouch;
  return touch ? touchChannel(touch) : "Not known";
}

/**
 * Where the lead first came from, in a few words: "LinkedIn · q4-launch", "Google",
 * "Direct"; from the first visit noted, else the visit of the message; null when the
 * browser noted neither. A lead added by hand: "Referral · added by hand".
 */
export function sourceSummary(source: SummarySource): string | null {
  if (source.origin) return `${leadOriginLabels[source.origin]} · added by hand`;
  const touch = source.firstTouch ?? source.lastTouch;
  return touch ? touchSummary(touch) : null;
}

/** "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago"; null past a week. */
export function relativeTime(moment: Date, now: Date): string | null {
  const minutes = Math.floor((now.getTime() - moment.getTime()) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return "yesterday";
  if (days < 7) return `${days} days ago`;
  return null;
}

/** The host a visit came from, without "www." ("linkedin.com"), or the text as it was. */
function referrerHost(referrer: string): string {
  try {
    return new URL(referrer).hostname.replace(/^www\./, "");
  } catch {
    return referrer;
  }
}

/** One visit in words: where from, which campaign, which page, when. */
export type VisitWords = { label: string; value: string }[];

function visitWords(touch: Touch): VisitWords {
  const words: VisitWords = [{ label: "Source", value: touchChannel(touch) }];
  if (touch.utm_campaign) words.push({ label: "Campaign", value: touch.utm_campaign });
  if (touch.utm_medium) words.push({ label: "Medium", value: touch.utm_medium });
  if (touch.referrer) words.push({ label: "Came from", value: referrerHost(touch.referrer) });
  if (touch.landing) {
    const path = touch.landing.split("?")[0] || "/";
    words.push({ label: "Landing page", value: path });
  }
  return words;
}

/**
 * A lead's source as a salesperson reads it: the visit the message was sent in and the
 * first visit (when it was another), each in words (source, campaign, medium, referring
 * host, landing page without its query); the raw values are for a details element.
 */
export function sourceInWords(source: LeadSource): {
  visit: VisitWords | null;
  firstVisit: VisitWords | null;
  firstVisitAt: string | null;
  cta: string | null;
  formPage: string | null;
} {
  const last = source.lastTouch;
  const first = source.firstTouch;
  const same = Boolean(last && first && JSON.stringify(last) === JSON.stringify(first));
  return {
    visit: last ? visitWords(last) : null,
    firstVisit: first && !same ? visitWords(first) : null,
    firstVisitAt: first && !same ? (first.at ?? null) : null,
    cta: source.cta,
    formPage: source.formPage ? (source.formPage.split("?")[0] ?? null) : null,
  };
}
