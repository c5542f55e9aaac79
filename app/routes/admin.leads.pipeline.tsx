import { data, href, Link } from "react-router";
import { z } from "zod";
import { requireArea } from "#app/.server/auth/guard.ts";
import { requireApp } from "#app/.server/context.ts";
import { parseForm } from "#app/.server/http/form-data.ts";
import { askForWonValue, changeStatus } from "#app/.server/leads/activity.ts";
import {
  dealValueSaid,
  dealValueSchema,
  lostReasonSaid,
  personLabel,
  setDealValue,
  setLostReason,
} from "#app/.server/leads/assignment.ts";
import { getLead, type LeadDetail, scopeFor } from "#app/.server/leads/inbox.ts";
import {
  cardsPerStage,
  lostLately,
  pipelineBoard,
  teamLately,
} from "#app/.server/leads/pipeline.ts";
import { ChipLinks } from "#app/components/admin/chip-links.tsx";
import { FiguresTable } from "#app/components/admin/figures-table.tsx";
import { type BoardAnswer, PipelineBoard } from "#app/components/admin/pipeline-board.tsx";
import { AdminPage } from "#app/components/admin/ui.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { formatDuration, nearDay } from "#app/lib/format-date.ts";
import { companyFromEmail } from "#app/lib/lead-summary.ts";
import {
  boardMoveTargets,
  formatDealTotal,
  leadLostReasonLabels,
  leadLostReasons,
  leadStatusLabels,
} from "#app/lib/leads.ts";
import { zoneOf } from "#app/lib/time-zone.ts";
import type { Route } from "./+types/admin.leads.pipeline";

// The open leads as a board of stages, as a salesperson coming from Pipedrive expects; a
// card is dragged to another stage (or to Lost), or moved with its menu.

export const meta: Route.MetaFunction = () => [{ title: "Pipeline | Northstory back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireArea(context, "leads");
  const scope = scopeFor(user.id, zoneOf(user));
  const mine = new URL(request.url).searchParams.get("view") === "mine";
  const db = requireApp(context).database.db;
  const [columns, lost, team] = await Promise.all([
    pipelineBoard(db, scope, { mine }),
    lostLately(db, scope, { mine }),
    teamLately(db, scope),
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
    // The team's numbers, as each cell reads.
    team: team.map((row) => ({
      key: row.owner?.id ?? "unassigned",
      person: row.owner
        ? `${personLabel(row.owner)}${row.owner.id === user.id ? " (you)" : ""}`
        : "Unassigned",
      open: `${row.open} · ${formatDealTotal(row.openDollars)}`,
      won: `${row.won} · ${formatDealTotal(row.wonDollars)}`,
      lost: String(row.lost),
      winRate:
        row.won + row.lost > 0 ? `${Math.round((row.won / (row.won + row.lost)) * 100)}%` : "–",
      due: String(row.due),
      firstReply: row.medianReplyMinutes === null ? "–" : formatDuration(row.medianReplyMinutes),
    })),
    views: [
      { key: "everyone", label: "Everyone's", to: here, current: !mine },
      { key: "mine", label: "Mine", to: `${here}?view=mine`, current: mine },
    ],
    columns: columns.map((column) => ({
      stage: column.stage,
      label: column.stage === "won" ? "Won, last 30 days" : leadStatusLabels[column.stage],
      count: column.count,
      dollars: column.dollars,
      more: column.count - column.cards.length,
      // The rest of the stage, in the inbox, largest first.
      list: `${href("/admin/leads")}?status=${column.stage}&sort=value${mine ? "&view=mine" : ""}`,
      cards: column.cards.map((card) => ({
        id: card.id,
        to: href("/admin/leads/:id", { id: card.id }),
        name: card.name || card.email,
        company: companyFromEmail(card.email)?.name ?? null,
        value: card.dealValue,
        owner: card.owner
          ? card.owner.id === user.id
            ? "You"
            : personLabel(card.owner)
          : "Unassigned",
        followUp: card.followUpOn ? nearDay(card.followUpOn, scope.today) : null,
        followUpDue: card.followUpDue,
        idle: card.idleDays,
      })),
    })),
  };
}

const leadField = z.string({ error: "Say which lead." });

/** The board's forms: a move, and what its answer asks for after one. */
const boardForm = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("move"),
      lead: leadField,
      status: z.enum(boardMoveTargets, { error: "Choose a stage of the board, or Lost." }),
    }),
    // As on the lead's page: empty is no value.
    z.object({
      intent: z.literal("value"),
      lead: leadField,
      value: z.string().default("").pipe(dealValueSchema),
    }),
    z.object({
      intent: z.literal("lost-reason"),
      lead: leadField,
      reason: z.enum(leadLostReasons, { error: "Choose a reason from the list." }),
    }),
  ],
  { error: "Unknown action." },
);

const answer = (body: BoardAnswer, status = 200) => data<BoardAnswer>(body, { status });
const goneLead = () =>
  answer({ ok: false, message: "That lead is not here any more: it may have been erased." }, 404);

/**
 * A card moved to another stage (or to Lost): the lead's status, as its own page sets it;
 * then, in the answer, a won lead's deal value or why a lost one was lost.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = requireArea(context, "leads");
  const db = requireApp(context).database.db;
  const form = await parseForm(request, boardForm);
  const about = (lead: LeadDetail) => ({
    id: lead.id,
    name: lead.name || lead.email,
    path: href("/admin/leads/:id", { id: lead.id }),
  });
  if (!form.ok) {
    const message = form.fields.intent ?? Object.values(form.fields)[0] ?? "Nothing was done.";
    // A refused value or reason: asked again, beside what was typed.
    const ask = form.fields.value ? "value" : form.fields.reason ? "reason" : undefined;
    const lead = ask ? await getLead(db, form.values.lead ?? "") : null;
    return answer(
      lead
        ? { ok: false, message, lead: about(lead), ask, typed: form.values.value }
        : { ok: false, message },
      400,
    );
  }
  const sent = form.data;
  const actor = { id: user.id, name: user.name, email: user.email };
  const lead = await getLead(db, sent.lead);
  if (!lead) return goneLead();
  const { name } = about(lead);

  if (sent.intent === "value") {
    const result = await setDealValue(db, { leadId: lead.id, actor, value: sent.value });
    if (result.outcome === "not-found") return goneLead();
    return answer({ ok: true, message: `${name}: ${dealValueSaid(result)}`, lead: about(lead) });
  }
  if (sent.intent === "lost-reason") {
    const result = await setLostReason(db, { leadId: lead.id, actor, reason: sent.reason });
    if (result.outcome === "not-found") return goneLead();
    return answer({ ok: true, message: `${name}: ${lostReasonSaid(result)}`, lead: about(lead) });
  }

  const { status } = sent;
  const result = await changeStatus(db, { leadId: lead.id, actor, status });
  if (result.outcome === "not-found") return goneLead();
  if (result.outcome === "unchanged") {
    return answer({ ok: true, message: `${name} was already ${leadStatusLabels[status]}.` });
  }
  const moved = { ok: true, lead: about(lead), undo: result.from };
  const said = `Moved ${name} to ${leadStatusLabels[status]}.`;
  // A deal won without a value adds nothing to what was won; a loss is worth a reason.
  if (status === "won" && lead.dealValue === null) {
    return answer({ ...moved, message: `${said} ${askForWonValue}`, ask: "value" });
  }
  if (status === "lost") {
    return lead.lostReason
      ? answer({
          ...moved,
          message: `${said} Why: ${leadLostReasonLabels[lead.lostReason].toLowerCase()}, as noted before.`,
        })
      : answer({ ...moved, message: `${said} Why was it lost?`, ask: "reason" });
  }
  return answer({ ...moved, message: said });
}

export default function Pipeline({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Pipeline"
      lead={`Open leads by stage, the largest deals first (${loaderData.perStage} at most a stage), and those won in the last 30 days. Drag a card to another stage, or use its Move menu.`}
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
      <PipelineBoard columns={loaderData.columns} answer={actionData} />
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
      <section
        aria-labelledby="team-heading"
        className="rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id="team-heading" className="font-semibold text-ink">
          The team, last 30 days
        </h2>
        <p className="mt-1 mb-3 text-sm text-ink-soft">
          Each person's open leads and what they are worth, the leads they won and lost in the last
          30 days, the share of those won, their follow-ups due, and how long their leads of the
          last 30 days waited for a first reply (the median). A lead counts for its owner now.
        </p>
        <FiguresTable
          caption="The team's leads: open, won and lost in the last 30 days, follow-ups due, first reply"
          figures={6}
          head={["Person", "Open", "Won", "Lost", "Win rate", "Due", "First reply"]}
          rows={loaderData.team.map((row) => [
            row.person,
            row.open,
            row.won,
            row.lost,
            row.winRate,
            row.due,
            row.firstReply,
          ])}
          empty="Nobody works the leads yet: invite a salesperson under Team."
        />
      </section>
    </AdminPage>
  );
}
