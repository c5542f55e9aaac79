import { href, Link } from "react-router";
import { requireArea } from "#app/.server/auth/guard.ts";
import { requireApp } from "#app/.server/context.ts";
import { personLabel } from "#app/.server/leads/assignment.ts";
import { scopeFor } from "#app/.server/leads/inbox.ts";
import { cardsPerStage, lostLately, pipelineBoard } from "#app/.server/leads/pipeline.ts";
import { ChipLinks } from "#app/components/admin/chip-links.tsx";
import { FollowUpMark, OwnerMark } from "#app/components/admin/lead-badges.tsx";
import { AdminPage } from "#app/components/admin/ui.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { nearDay } from "#app/lib/format-date.ts";
import { companyFromEmail } from "#app/lib/lead-summary.ts";
import {
  formatDealTotal,
  formatDealValue,
  leadLostReasonLabels,
  leadStatusLabels,
} from "#app/lib/leads.ts";
import { zoneOf } from "#app/lib/time-zone.ts";
import type { Route } from "./+types/admin.leads.pipeline";

// The open leads as a board of stages, as a salesperson coming from Pipedrive expects; a
// lead moves on from its own page (its status), so the board needs no dragging.

export const meta: Route.MetaFunction = () => [{ title: "Pipeline | Northstory back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireArea(context, "leads");
  const scope = scopeFor(user.id, zoneOf(user));
  const mine = new URL(request.url).searchParams.get("view") === "mine";
  const db = requireApp(context).database.db;
  const [columns, lost] = await Promise.all([
    pipelineBoard(db, scope, { mine }),
    lostLately(db, scope, { mine }),
  ]);
  const here = href("/admin/leads/pipeline");
  return {
    mine,
    perStage: cardsPerStage,
    lost: {
      summary: `${lost.count === 1 ? "1 lead" : `${lost.count} leads`} · ${formatDealTotal(lost.dollars)}`,
      reasons: lost.reasons.map(
        (row) =>
          `${row.reason ? leadLostReasonLabels[row.reason] : "No reason given"}: ${row.count}`,
      ),
      list: `${href("/admin/leads")}?status=lost${mine ? "&view=mine" : ""}`,
    },
    views: [
      { key: "everyone", label: "Everyone's", to: here, current: !mine },
      { key: "mine", label: "Mine", to: `${here}?view=mine`, current: mine },
    ],
    columns: columns.map((column) => ({
      stage: column.stage,
      label: column.stage === "won" ? "Won, last 30 days" : leadStatusLabels[column.stage],
      count: column.count,
      dollars: formatDealTotal(column.dollars),
      more: column.count - column.cards.length,
      // The rest of the stage, in the inbox, largest first.
      list: `${href("/admin/leads")}?status=${column.stage}&sort=value${mine ? "&view=mine" : ""}`,
      cards: column.cards.map((card) => ({
        id: card.id,
        to: href("/admin/leads/:id", { id: card.id }),
        name: card.name || card.email,
        company: companyFromEmail(card.email)?.name ?? null,
        value: card.dealValue === null ? null : formatDealValue(card.dealValue),
        owner: card.owner
          ? card.owner.id === user.id
            ? "You"
            : personLabel(card.owner)
          : "Unassigned",
        followUp: card.followUpOn ? nearDay(card.followUpOn, scope.today) : null,
        followUpDue: card.followUpDue,
      })),
    })),
  };
}

export default function Pipeline({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Pipeline"
      lead={`Open leads by stage, the largest deals first (${loaderData.perStage} at most a stage), and those won in the last 30 days. A lead moves on from its own page.`}
      actions={
        <>
          <Link to={href("/admin/leads/new")} className={buttonVariants({ size: "small" })}>
            Add a lead
          </Link>
          <Link
            to={href("/admin/leads")}
            className={buttonVariants({ variant: "outline", size: "small" })}
          >
            List
          </Link>
        </>
      }
    >
      <ChipLinks label="Whose leads" links={loaderData.views} />
      {/* On a phone the stages sit side by side and scroll sideways, one and a bit in view;
          from 1024 px all four fit. The row takes the keyboard's focus to scroll. It is
          positioned, so the screen-reader-only words of the cards out of view (absolutely
          placed) stay inside it: they widened the page by 271 px at 390. */}
      <section
        aria-label="Stages"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable)
        tabIndex={0}
        className="relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 focus-visible:outline-2 focus-visible:outline-brand-700 lg:mx-0 lg:grid lg:grid-cols-4 lg:overflow-visible lg:px-0"
      >
        {loaderData.columns.map((column) => (
          <section
            key={column.stage}
            aria-labelledby={`stage-${column.stage}`}
            className="w-[82%] shrink-0 snap-start rounded-2xl border border-slate-200 bg-slate-50 p-3 sm:w-80 lg:w-auto"
          >
            <h2 id={`stage-${column.stage}`} className="px-1 font-semibold text-ink">
              {column.label}
              <span className="block text-sm font-normal text-ink-soft">
                {column.count === 1 ? "1 lead" : `${column.count} leads`} · {column.dollars}
              </span>
            </h2>
            {column.cards.length === 0 ? (
              <p className="mt-3 px-1 text-sm text-ink-soft">None.</p>
            ) : (
              <ol className="mt-3 space-y-2">
                {column.cards.map((card) => (
                  <li
                    key={card.id}
                    className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
                  >
                    <div className="flex items-baseline justify-between gap-2">
                      <Link
                        to={card.to}
                        className="min-w-0 font-semibold text-brand-700 [overflow-wrap:anywhere] hover:underline"
                      >
                        {card.name}
                      </Link>
                      {card.value ? (
                        <span className="shrink-0 font-semibold text-ink tabular-nums">
                          <span className="sr-only">Deal value: </span>
                          {card.value}
                        </span>
                      ) : null}
                    </div>
                    {card.company ? (
                      <p className="text-sm text-ink-soft [overflow-wrap:anywhere]">
                        {card.company}
                      </p>
                    ) : null}
                    <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm text-ink-soft">
                      <OwnerMark owner={card.owner} />
                      {card.followUp ? (
                        <FollowUpMark day={card.followUp} due={card.followUpDue} />
                      ) : null}
                    </p>
                  </li>
                ))}
              </ol>
            )}
            {column.more > 0 ? (
              <Link
                to={column.list}
                className="mt-3 inline-flex min-h-11 items-center px-1 text-sm font-semibold text-brand-700 underline"
              >
                {`${column.more} more in the list`}
              </Link>
            ) : null}
          </section>
        ))}
      </section>
      <section
        aria-labelledby="lost-heading"
        className="rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id="lost-heading" className="font-semibold text-ink">
          Lost, last 30 days
          <span className="ml-2 font-normal text-ink-soft">{loaderData.lost.summary}</span>
        </h2>
        {loaderData.lost.reasons.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-ink-soft">
            {loaderData.lost.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : null}
        <Link
          to={loaderData.lost.list}
          className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
        >
          The lost leads in the list
        </Link>
      </section>
    </AdminPage>
  );
}
