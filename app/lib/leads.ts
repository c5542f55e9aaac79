// The leads inbox's vocabulary and its URL filter. Shared by the server (queries, schema)
// and the back-office pages (links, filter forms), so zod/mini keeps the browser bundle small.
import { href } from "react-router";
import * as z from "zod/mini";

/** Where a lead stands in the sales process; every new message starts as `new`. */
export const leadStatuses = ["new", "contacted", "qualified", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/**
 * How a lead added by hand in the back office reached the team (a lead sent through the
 * contact form has none): a conversation the site never saw.
 */
export const leadOrigins = ["linkedin", "referral", "event", "call", "email", "other"] as const;
export type LeadOrigin = (typeof leadOrigins)[number];

export const leadOriginLabels: Record<LeadOrigin, string> = {
  linkedin: "LinkedIn message",
  referral: "Referral",
  event: "Event or meeting",
  call: "Phone or video call",
  email: "Email",
  other: "Other",
};

/** Why a lead was lost, as a salesperson says it (asked once a lead is Lost). */
export const leadLostReasons = [
  "price",
  "timing",
  "competitor",
  "no-response",
  "not-a-fit",
  "other",
] as const;
export type LeadLostReason = (typeof leadLostReasons)[number];

export const leadLostReasonLabels: Record<LeadLostReason, string> = {
  price: "Price or budget",
  timing: "Timing",
  competitor: "Chose another agency",
  "no-response": "Went quiet",
  "not-a-fit": "Not a fit",
  other: "Other",
};

/** A lead still being worked: what the open pipeline adds up (won, lost and spam are ends). */
export const openLeadStatuses = ["new", "contacted", "qualified"] as const;

/** The pipeline board's columns, left to right (Won: won in the last 30 days). */
export const pipelineStages = [...openLeadStatuses, "won"] as const;
export type PipelineStage = (typeof pipelineStages)[number];

/** Where a card on the pipeline board can be moved: its stages, and Lost. */
export const boardMoveTargets = [...pipelineStages, "lost"] as const;
export type BoardMoveTarget = (typeof boardMoveTargets)[number];

/** The statuses a lead added by hand may start in: an open one (it is still being worked). */
export const addedLeadStatuses = openLeadStatuses;

/**
 * An open lead with no follow-up day is idle, as Pipedrive calls a deal "rotting", once the
 * team has done nothing on it (status, owner, note, reply, value…) for this many days since
 * the last thing done, or since it arrived.
 */
export const idleAfterDays = 14;

/** The state of a lead's notification email (its outbox row's status). */
export const deliveryStates = ["pending", "sent", "failed"] as const;
export type DeliveryState = (typeof deliveryStates)[number];

/**
 * The inbox's own views beside the status chips: the signed-in person's leads, leads nobody
 * owns yet, leads whose follow-up day has come (today or earlier), the team's, and the
 * signed-in person's own of those (what the overview counts and the morning email lists),
 * and the idle ones (`idleAfterDays`: open, no follow-up day, nothing done for long).
 */
export const leadViews = ["mine", "unassigned", "due", "my-due", "idle"] as const;
export type LeadView = (typeof leadViews)[number];

export const leadViewLabels: Record<LeadView, string> = {
  mine: "Mine",
  unassigned: "Unassigned",
  due: "Follow-up due",
  "my-due": "My follow-ups due",
  idle: "Idle",
};

/**
 * The orders a salesperson can list leads in. Without one the inbox is newest first, and the
 * Follow-up due view longest overdue first (`defaultLeadSort`).
 */
export const leadSorts = ["newest", "oldest", "follow-up", "activity", "value"] as const;
export type LeadSort = (typeof leadSorts)[number];

/** As the sort menu and the results heading say them. */
export const leadSortLabels: Record<LeadSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  "follow-up": "Next follow-up first",
  activity: "Latest activity first",
  value: "Largest deal first",
};

/**
 * The order a list is in when none is chosen: the one its view is for (the idle leads worth
 * most first, as the board orders them).
 */
export function defaultLeadSort(filter: Pick<LeadFilter, "view">): LeadSort {
  if (filter.view === "due" || filter.view === "my-due") return "follow-up";
  return filter.view === "idle" ? "value" : "newest";
}

export const leadPageSizes = { default: 25, max: 100 } as const;
/** A search longer than this is cut: nobody types more, and it keeps the query cheap. */
export const leadSearchMaxLength = 200;
// Far beyond any real inbox; only there so a URL cannot ask for an absurd offset.
const maxPage = 100_000;

export type LeadFilter = {
  /** Matched case-insensitively against name, email and message text, as typed. */
  q?: string;
  /** Without a status, spam is left out: it shows only under its own chip. */
  status?: LeadStatus;
  delivery?: DeliveryState;
  view?: LeadView;
  /** Left out when it is the view's own order (defaultLeadSort). */
  sort?: LeadSort;
  /** 1-based; a page past the last is clamped by the query that knows the total. */
  page: number;
  pageSize: number;
};

/** Any number a URL may hold, truncated and clamped into [1, max]; junk becomes `fallback`. */
function wholeNumber(fallback: number, max: number) {
  return z.catch(
    z.pipe(
      z.coerce.number(),
      z.transform((value: number) => Math.min(max, Math.max(1, Math.trunc(value)))),
    ),
    fallback,
  );
}

const filterSchema = z.object({
  q: z.catch(
    z.pipe(
      z.optional(z.string()),
      z.transform((value: string | undefined) => {
        const trimmed = value?.trim().slice(0, leadSearchMaxLength).trim();
        return trimmed ? trimmed : undefined;
      }),
    ),
    undefined,
  ),
  status: z.catch(z.optional(z.enum(leadStatuses)), undefined),
  delivery: z.catch(z.optional(z.enum(deliveryStates)), undefined),
  view: z.catch(z.optional(z.enum(leadViews)), undefined),
  sort: z.catch(z.optional(z.enum(leadSorts)), undefined),
  page: wholeNumber(1, maxPage),
  pageSize: wholeNumber(leadPageSizes.default, leadPageSizes.max),
});

/**
 * The inbox filter a URL asks for (`?q=&status=&delivery=&view=&sort=&page=&size=`). Never throws: an
 * unknown status or delivery state is ignored, numbers are clamped, a blank search is none.
 */
export function parseLeadFilter(params: URLSearchParams): LeadFilter {
  const parsed = filterSchema.parse({
    q: params.get("q") ?? undefined,
    status: params.get("status") ?? undefined,
    delivery: params.get("delivery") ?? undefined,
    view: params.get("view") ?? undefined,
    sort: params.get("sort") ?? undefined,
    page: params.get("page") ?? undefined,
    pageSize: params.get("size") ?? undefined,
  });
  const filter: LeadFilter = { page: parsed.page, pageSize: parsed.pageSize };
  if (parsed.q) filter.q = parsed.q;
  if (parsed.status) filter.status = parsed.status;
  if (parsed.delivery) filter.delivery = parsed.delivery;
  if (parsed.view) filter.view = parsed.view;
  if (parsed.sort && parsed.sort !== defaultLeadSort(filter)) filter.sort = parsed.sort;
  return filter;
}

/**
 * The query string (with its `?`, or "" when everything is default) that parseLeadFilter
 * reads back as `filter`; defaults are left out so links stay short.
 */
export function leadFilterToSearch(filter: Partial<LeadFilter>): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.status) params.set("status", filter.status);
  if (filter.delivery) params.set("delivery", filter.delivery);
  if (filter.view) params.set("view", filter.view);
  if (filter.sort && filter.sort !== defaultLeadSort(filter)) params.set("sort", filter.sort);
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  if (filter.pageSize && filter.pageSize !== leadPageSizes.default)
    params.set("size", String(filter.pageSize));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Where a lead's page is: its URL with the inbox's filter (not its page) riding along. */
export function leadPath(id: string, filter: Partial<LeadFilter>): string {
  const { page: _page, ...rest } = filter;
  return `${href("/admin/leads/:id", { id })}${leadFilterToSearch(rest)}`;
}

/** The most a deal's value may be, in whole US dollars: far beyond any agency's deal. */
export const dealValueMax = 100_000_000;

/** A deal's value as the back office writes it: 4500 → "$4,500". */
export function formatDealValue(dollars: number): string {
  return `$${String(dollars).replace(/\B(?=(\d{3})+$)/g, ",")}`;
}

/**
 * A sum of deals where a few characters fit (a phone's half-width tile): exact below
 * $100,000, then "$139.5K", "$1.3M".
 */
export function formatDealTotal(dollars: number): string {
  if (dollars < 100_000) return formatDealValue(dollars);
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    notation: "compact",
    maximumFractionDigits: 1,
  }).format(dollars);
}

/** A LinkedIn profile as the back office shows it: "linkedin.com/in/josé-garcía". */
export function linkedinLabel(url: string): string {
  const path = url.replace(/^https:\/\/www\.linkedin\.com/, "linkedin.com");
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** How a status reads in the back office ("Contacted"). */
export const leadStatusLabels: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
};

/** How a notification email's state reads in the back office. */
export const deliveryStateLabels: Record<DeliveryState, string> = {
  pending: "Pending",
  sent: "Sent",
  failed: "Failed",
};

/**
 * From this hour of a person's day (their time zone), the morning email of their leads due
 * a follow-up may go (app/.server/leads/follow-up-digest.ts).
 */
export const DIGEST_HOUR = 8;
