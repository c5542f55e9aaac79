import { ChevronDown, CircleDollarSign } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, href, Link, useFetcher, useNavigate } from "react-router";
import { requireArea } from "#app/.server/auth/guard.ts";
import { requireApp } from "#app/.server/context.ts";
import { spammedNotice } from "#app/.server/leads/activity.ts";
import { listLeadOwners, personLabel } from "#app/.server/leads/assignment.ts";
import { countByStatus, listLeads, scopeFor } from "#app/.server/leads/inbox.ts";
import { ChipLinks } from "#app/components/admin/chip-links.tsx";
import {
  DeliveryBadge,
  FollowUpMark,
  IdleMark,
  OwnerMark,
  StatusBadge,
} from "#app/components/admin/lead-badges.tsx";
import { BulkBar, TickAll, tickBoxes } from "#app/components/admin/lead-bulk-bar.tsx";
import {
  type Shortcut,
  ShortcutHelp,
  ShortcutHint,
  useShortcuts,
} from "#app/components/admin/shortcuts.tsx";
import { SpammedNotice } from "#app/components/admin/spammed-notice.tsx";
import { AdminPage, Notice } from "#app/components/admin/ui.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Field, Input, Select } from "#app/components/ui/field.tsx";
import type { FormAnswer } from "#app/lib/form-answer.ts";
import { formatMoment, nearDay } from "#app/lib/format-date.ts";
import { companyFromEmail, relativeTime } from "#app/lib/lead-summary.ts";
import {
  defaultLeadSort,
  deliveryStateLabels,
  deliveryStates,
  formatDealValue,
  type LeadFilter,
  leadFilterToSearch,
  leadPageSizes,
  leadSearchMaxLength,
  leadSortLabels,
  leadSorts,
  leadStatuses,
  leadStatusLabels,
  leadViewLabels,
  leadViews,
  parseLeadFilter,
} from "#app/lib/leads.ts";
import { zoneOf } from "#app/lib/time-zone.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { Route } from "./+types/admin.leads";
import { bulkAction } from "./admin.leads.server.ts";

export const action = (args: Route.ActionArgs) => bulkAction(args);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireArea(context, "leads");
  const zone = zoneOf(user);
  const db = requireApp(context).database.db;
  const params = new URL(request.url).searchParams;
  const filter = parseLeadFilter(params);
  const scope = scopeFor(user.id, zone);
  const [page, counts, owners, spammed] = await Promise.all([
    listLeads(db, filter, scope),
    countByStatus(db, filter, scope),
    listLeadOwners(db),
    spammedNotice(db, params, filter),
  ]);
  const now = new Date();
  // The page actually shown (a page past the last is clamped), so links and the pager agree.
  const shown: LeadFilter = { ...filter, page: page.page };
  const leadSearch = leadFilterToSearch(shown);
  return {
    filter: {
      q: filter.q ?? "",
      status: filter.status ?? "",
      delivery: filter.delivery ?? "",
      view: filter.view ?? "",
      sort: filter.sort ?? "",
      pageSize: filter.pageSize,
    },
    sort: filter.sort ?? defaultLeadSort(filter),
    // In the Follow-up due view its own order is the overdue ones, oldest promise first.
    orderWords:
      (filter.view === "due" || filter.view === "my-due") && !filter.sort
        ? "longest overdue first"
        : leadSortLabels[filter.sort ?? defaultLeadSort(filter)].toLowerCase(),
    filtered: Boolean(filter.q || filter.status || filter.delivery || filter.view || filter.sort),
    owners: owners.map((owner) => ({
      id: owner.id,
      label: owner.id === user.id ? `${personLabel(owner)} (you)` : personLabel(owner),
    })),
    activeFilters: [filter.q, filter.status, filter.delivery].filter(Boolean).length,
    rows: page.rows.map((row) => ({
      id: row.id,
      to: `${href("/admin/leads/:id", { id: row.id })}${leadSearch}`,
      name: row.name,
      email: row.email,
      company: companyFromEmail(row.email),
      excerpt: row.excerpt,
      source: row.source,
      status: row.status,
      owner: row.owner ? (row.owner.id === user.id ? "You" : personLabel(row.owner)) : null,
      followUp: row.followUpOn ? nearDay(row.followUpOn, scope.today) : null,
      dealValue: row.dealValue === null ? null : formatDealValue(row.dealValue),
      followUpDue: row.followUpDue,
      idle: row.idleDays,
      unread: row.unread,
      // Only a problem is worth a row's space: a failed email, or one being retried.
      deliveryProblem:
        row.delivery === "failed" || (row.delivery === "pending" && row.attempts > 0)
          ? row.delivery
          : null,
      received: formatMoment(row.createdAt, zone),
      receivedAgo: relativeTime(row.createdAt, now) ?? formatMoment(row.createdAt, zone),
      receivedIso: row.createdAt.toISOString(),
    })),
    total: page.total,
    page: page.page,
    pageCount: page.pageCount,
    first: (page.page - 1) * page.pageSize + 1,
    last: (page.page - 1) * page.pageSize + page.rows.length,
    previous: page.page > 1 ? leadFilterToSearch({ ...shown, page: page.page - 1 }) : null,
    next: page.page < page.pageCount ? leadFilterToSearch({ ...shown, page: page.page + 1 }) : null,
    viewLinks: leadViews.map((view) => ({
      key: view,
      label: leadViewLabels[view],
      count: counts.views[view],
      // A view is a toggle: choosing the current one again shows every lead.
      to: `${href("/admin/leads")}${leadFilterToSearch({
        ...filter,
        status: undefined,
        view: filter.view === view ? undefined : view,
        page: 1,
      })}`,
      current: filter.view === view,
    })),
    statusLinks: [
      {
        key: "all",
        label: "All",
        count: counts.total,
        to: `${href("/admin/leads")}${leadFilterToSearch({ ...filter, status: undefined, page: 1 })}`,
        current: !filter.status,
      },
      ...leadStatuses.map((status) => ({
        key: status,
        label: leadStatusLabels[status],
        count: counts.counts[status],
        to: `${href("/admin/leads")}${leadFilterToSearch({ ...filter, status, page: 1 })}`,
        current: filter.status === status,
      })),
    ],
    csv: `${href("/admin/leads.csv")}${leadFilterToSearch({
      q: filter.q,
      status: filter.status,
      delivery: filter.delivery,
      view: filter.view,
    })}`,
    erased: erasedNotice(params),
    spammed,
  };
}

/**
 * After an erasure the lead page redirects here with the counts only (`?erased=2&files=2`):
 * nothing about the person goes into the URL, the history or the logs.
 */
function erasedNotice(params: URLSearchParams): string | null {
  const count = (name: string) => {
    const value = params.get(name);
    return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : null;
  };
  const leads = count("erased");
  if (leads === null) return null;
  const files = count("files") ?? 0;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `Erased ${plural(leads, "lead", "leads")} and ${plural(files, "email file", "email files")}. The erasure is recorded without any personal data.`;
}

export default function Leads({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, rows, total } = loaderData;
  const allLeads = href("/admin/leads");
  const list = useRef<HTMLOListElement>(null);
  const filters = useRef<HTMLDetailsElement>(null);
  const assign = useFetcher<FormAnswer>();
  const navigate = useNavigate();
  // A change applied: the ticks and the bar's choices are done with (left set, the next
  // change to other leads would carry them too).
  const [ticked, setTicked] = useState(0);
  const hydrated = useHydrated();
  // On a phone the chips run in one row that scrolls sideways: the chosen view (or a status
  // other than All) is scrolled into sight, clear of the row's faded edge, so the reader
  // sees which list this is ("My follow-ups due" is the row's fourth chip).
  const chipRow = useRef<HTMLDivElement>(null);
  const chosen = `${filter.view}|${filter.status}`;
  useEffect(() => {
    const row = chipRow.current;
    const chip = row?.querySelector('[aria-current="page"]:not([data-chip="all"])');
    if (!row || !chip || chosen === "|") return;
    const fade = 48;
    const beyond = chip.getBoundingClientRect().right - (row.getBoundingClientRect().right - fade);
    if (beyond > 0) row.scrollLeft += beyond;
  }, [chosen]);
  useEffect(() => {
    if (!actionData?.ok) return;
    for (const box of tickBoxes(list.current)) box.checked = false;
    const bar = document.getElementById("bulk-form");
    if (bar instanceof HTMLFormElement) bar.reset();
    setTicked(0);
  }, [actionData]);
  const rowLinks = () => [
    ...(list.current?.querySelectorAll<HTMLAnchorElement>("[data-lead-row] a[href]") ?? []),
  ];
  const focusedRow = () =>
    rowLinks().findIndex((link) => link.closest("li")?.contains(document.activeElement));
  const move = (step: number) => {
    const links = rowLinks();
    const at = focusedRow();
    const next = links[at === -1 ? 0 : Math.min(links.length - 1, Math.max(0, at + step))];
    next?.focus();
  };
  const shortcuts: Shortcut[] = [
    {
      key: "/",
      label: "Search",
      run: () => {
        if (filters.current) filters.current.open = true;
        document.getElementById("leads-q")?.focus();
      },
    },
    { key: "j", label: "Next lead in the list", run: () => move(1) },
    { key: "k", label: "Previous lead in the list", run: () => move(-1) },
    {
      key: "a",
      label: "Assign the lead that has focus to me",
      run: () => {
        const link = rowLinks()[focusedRow()];
        const id = link?.closest("li")?.dataset.leadRow;
        if (!id) return;
        assign.submit(
          { intent: "assign-me" },
          { method: "post", action: href("/admin/leads/:id", { id }) },
        );
      },
    },
    { key: "n", label: "Add a lead by hand", run: () => navigate(href("/admin/leads/new")) },
  ];
  const { helpOpen, setHelpOpen } = useShortcuts(shortcuts);
  return (
    <AdminPage
      title="Leads"
      lead="Every message sent through the contact form, and the people you add by hand."
      actions={
        <>
          <Link to={href("/admin/leads/new")} className={buttonVariants({ size: "small" })}>
            Add a lead
          </Link>
          <Link
            to={href("/admin/leads/pipeline")}
            className={buttonVariants({ variant: "outline", size: "small" })}
          >
            Pipeline
          </Link>
          <Link
            reloadDocument
            to={loaderData.csv}
            className={buttonVariants({ variant: "outline", size: "small" })}
          >
            Export CSV
            <span className="sr-only"> of the leads matching this filter</span>
          </Link>
        </>
      }
    >
      {loaderData.erased ? <Notice tone="success">{loaderData.erased}</Notice> : null}
      {loaderData.spammed && !actionData ? <SpammedNotice spammed={loaderData.spammed} /> : null}
      {/* With scripts a change to the ticked leads is answered in their bar, in view. */}
      {actionData && !hydrated ? (
        <Notice tone={actionData.ok ? "success" : "error"}>{actionData.message}</Notice>
      ) : assign.data ? (
        <Notice tone={assign.data.ok ? "success" : "error"}>{assign.data.message}</Notice>
      ) : null}
      <ShortcutHelp
        shortcuts={shortcuts}
        open={helpOpen}
        onClose={() => setHelpOpen(false)}
        note="Shortcuts work when no field has focus. Enter opens the lead that has focus."
      />

      {/* One row on a phone, scrolled sideways within itself, so the leads come first; its
          right edge fades, as a hint that more chips are there. */}
      <div
        ref={chipRow}
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 max-sm:[mask-image:linear-gradient(to_right,#000_calc(100%_-_2.5rem),transparent)] sm:mx-0 sm:flex-col sm:gap-3 sm:overflow-visible sm:px-0 sm:pb-0"
      >
        <ChipLinks label="Views" links={loaderData.viewLinks} />
        <span
          aria-hidden="true"
          className="mx-1 w-px shrink-0 self-stretch bg-slate-300 sm:hidden"
        />
        <ChipLinks label="Filter by status" links={loaderData.statusLinks} />
      </div>

      {/* On a phone the search and filters fold behind one line, so the first lead is in
          the first screen; from 1024 px they are always open (where the browser can style
          a closed <details>' content; elsewhere the line stays, and opens them). */}
      <details
        ref={filters}
        className="group rounded-2xl border border-slate-200 bg-white lg:supports-[selector(::details-content)]:details-content:[content-visibility:visible]"
      >
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-5 py-3 font-semibold text-ink lg:supports-[selector(::details-content)]:hidden">
          Search, filter and sort
          {loaderData.activeFilters > 0 ? (
            <span className="text-sm font-normal text-ink-soft">
              (
              {loaderData.activeFilters === 1
                ? "1 filter on"
                : `${loaderData.activeFilters} filters on`}
              )
            </span>
          ) : null}
          <ChevronDown aria-hidden="true" className="ml-auto size-5 group-open:rotate-180" />
        </summary>
        <Form
          method="get"
          role="search"
          aria-label="Search leads"
          // A new filter (a status link, the pager) shows its own values in the fields.
          key={`${filter.q}|${filter.status}|${filter.delivery}|${filter.view}|${filter.sort}`}
          className="grid gap-4 p-5 sm:grid-cols-2 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end"
        >
          <Field id="leads-q" label="Search">
            {(control) => (
              <Input
                {...control}
                name="q"
                type="search"
                placeholder="Name, email, message or campaign"
                maxLength={leadSearchMaxLength}
                defaultValue={filter.q}
              />
            )}
          </Field>
          <Field id="leads-status" label="Status">
            {(control) => (
              <Select {...control} name="status" defaultValue={filter.status}>
                <option value="">Any status</option>
                {leadStatuses.map((status) => (
                  <option key={status} value={status}>
                    {leadStatusLabels[status]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id="leads-delivery" label="Email delivery">
            {(control) => (
              <Select {...control} name="delivery" defaultValue={filter.delivery}>
                <option value="">Any delivery</option>
                {deliveryStates.map((state) => (
                  <option key={state} value={state}>
                    {deliveryStateLabels[state]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id="leads-sort" label="Sort">
            {(control) => (
              <Select {...control} name="sort" defaultValue={loaderData.sort}>
                {leadSorts.map((sort) => (
                  <option key={sort} value={sort}>
                    {leadSortLabels[sort]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {/* The view chosen above (Mine, Unassigned, Follow-up due) stays on: a search
              within it, as the count beside it promises. */}
          {filter.view ? <input type="hidden" name="view" value={filter.view} /> : null}
          {filter.pageSize !== leadPageSizes.default ? (
            <input type="hidden" name="size" value={filter.pageSize} />
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit">Filter</Button>
            {loaderData.filtered ? (
              <Link
                to={allLeads}
                className="min-h-11 py-2.5 font-semibold text-brand-700 underline"
              >
                Clear
              </Link>
            ) : null}
          </div>
        </Form>
      </details>

      <section aria-labelledby="results-heading" className="space-y-4">
        <h2 id="results-heading" className="font-display text-xl font-bold text-ink">
          {total === 1 ? "1 lead" : `${total} leads`}
          {/* A space of its own: the span's margin is not one to a screen reader. */}
          {total > 0 ? " " : null}
          {total > 0 ? (
            <span className="ml-2 font-sans text-base font-normal text-ink-soft">
              {`showing ${loaderData.first}–${loaderData.last}, ${loaderData.orderWords}`}
            </span>
          ) : null}
        </h2>
        {rows.length > 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-x-6">
            <TickAll
              list={list}
              ticked={ticked}
              onChange={() =>
                setTicked(tickBoxes(list.current).filter((box) => box.checked).length)
              }
            />
            <ShortcutHint onShow={() => setHelpOpen(true)} />
          </div>
        ) : null}
        {rows.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
            {loaderData.filtered ? (
              <>
                <p className="font-semibold text-ink">No leads match this filter.</p>
                <p className="mt-2">
                  <Link to={allLeads} className="font-semibold text-brand-700 underline">
                    Show every lead
                  </Link>
                </p>
              </>
            ) : (
              <>
                <p className="font-semibold text-ink">No leads yet.</p>
                <p className="mt-2 text-ink-soft">
                  Leads sent through the contact form appear here as they arrive.
                </p>
              </>
            )}
          </div>
        ) : (
          <>
            <ol
              ref={list}
              onChange={() =>
                setTicked(tickBoxes(list.current).filter((box) => box.checked).length)
              }
              className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white"
            >
              {rows.map((row) => (
                <li
                  key={row.id}
                  data-lead-row={row.id}
                  className="relative flex items-start gap-3 p-4 hover:bg-slate-50 focus-within:bg-brand-50 sm:p-5"
                >
                  {/* Above the row's link, which covers the rest of the row. */}
                  <label className="relative z-10 -m-2 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center">
                    <input
                      type="checkbox"
                      form="bulk-form"
                      name="ids"
                      value={row.id}
                      className="size-5 accent-brand-700"
                    />
                    <span className="sr-only">{`Tick ${row.name || "(no name)"}`}</span>
                  </label>
                  <div className="grid min-w-0 flex-1 gap-2 lg:grid-cols-[minmax(0,15rem)_minmax(0,1fr)_auto] lg:items-center lg:gap-6">
                    <div className="min-w-0">
                      {/* The link covers the whole row: one large target, one tab stop. */}
                      <Link
                        to={row.to}
                        className={cn(
                          "text-brand-700 underline-offset-2 [overflow-wrap:anywhere] after:absolute after:inset-0 hover:underline",
                          row.unread ? "font-bold" : "font-semibold",
                        )}
                      >
                        {row.unread ? (
                          <span className="mr-2 inline-block size-2.5 rounded-full bg-brand-600 align-middle">
                            <span className="sr-only">Unread: </span>
                          </span>
                        ) : null}
                        {row.name || "(no name)"}
                      </Link>
                      <p className="text-sm text-ink-soft [overflow-wrap:anywhere]">
                        {row.company ? (
                          <span title={row.email}>
                            <span className="font-semibold text-ink">{row.company.name}</span>
                            {` · ${row.company.domain}`}
                          </span>
                        ) : (
                          row.email
                        )}
                      </p>
                    </div>
                    <div className="min-w-0 space-y-1">
                      <p className="line-clamp-2 text-ink-soft [overflow-wrap:anywhere]">
                        {row.excerpt}
                      </p>
                      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-soft">
                        {row.source ? <span>{row.source}</span> : null}
                        <OwnerMark owner={row.owner ?? "Unassigned"} />
                        {row.followUp ? (
                          <FollowUpMark day={row.followUp} due={row.followUpDue} />
                        ) : null}
                        {row.idle !== null ? <IdleMark days={row.idle} /> : null}
                        {row.dealValue ? (
                          <span className="inline-flex items-center gap-1 font-semibold text-ink tabular-nums">
                            <CircleDollarSign aria-hidden="true" className="size-4" />
                            <span className="sr-only">Deal value: </span>
                            {row.dealValue}
                          </span>
                        ) : null}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm lg:flex-col lg:items-end">
                      <StatusBadge status={row.status} />
                      {row.deliveryProblem ? <DeliveryBadge state={row.deliveryProblem} /> : null}
                      <time
                        dateTime={row.receivedIso}
                        title={row.received}
                        className="text-ink-soft"
                      >
                        {row.receivedAgo}
                      </time>
                    </div>
                  </div>
                </li>
              ))}
            </ol>
            <BulkBar
              owners={loaderData.owners}
              ticked={ticked}
              answer={hydrated ? (actionData ?? null) : null}
            />
          </>
        )}
        {total > 0 ? (
          <nav
            aria-label="Pages"
            className="flex flex-wrap items-center justify-between gap-3 text-ink"
          >
            {loaderData.previous !== null ? (
              <Link
                to={`${allLeads}${loaderData.previous}`}
                rel="prev"
                className={buttonVariants({ variant: "outline", size: "small" })}
              >
                Previous<span className="sr-only"> page</span>
              </Link>
            ) : (
              <span />
            )}
            <p>{`Page ${loaderData.page} of ${loaderData.pageCount}`}</p>
            {loaderData.next !== null ? (
              <Link
                to={`${allLeads}${loaderData.next}`}
                rel="next"
                className={buttonVariants({ variant: "outline", size: "small" })}
              >
                Next<span className="sr-only"> page</span>
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>
    </AdminPage>
  );
}
