import { CalendarClock, Hourglass, UserRound } from "lucide-react";
import { cn } from "#app/components/ui/cn.ts";
import {
  type DeliveryState,
  deliveryStateLabels,
  type LeadStatus,
  leadStatusLabels,
} from "#app/lib/leads.ts";

const badgeClass = "inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold";

const statusColors: Record<LeadStatus, string> = {
  new: "bg-brand-100 text-brand-900",
  contacted: "bg-amber-100 text-amber-900",
  qualified: "bg-indigo-100 text-indigo-900",
  won: "bg-green-100 text-green-900",
  lost: "bg-slate-200 text-slate-800",
  spam: "bg-red-100 text-red-900",
};

/** A lead's status as a coloured label; the word carries the meaning, the colour helps. */
export function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={cn(badgeClass, statusColors[status])}>{leadStatusLabels[status]}</span>;
}

const deliveryColors: Record<DeliveryState, string> = {
  pending: "bg-amber-100 text-amber-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
};

/** The state of a lead's notification email ("Email failed"). */
export function DeliveryBadge({ state }: { state: DeliveryState | null }) {
  if (!state)
    return <span className={cn(badgeClass, "bg-slate-100 text-slate-800")}>No email</span>;
  return (
    <span className={cn(badgeClass, deliveryColors[state])}>
      Email {deliveryStateLabels[state].toLowerCase()}
    </span>
  );
}

/** Who works a lead ("You", a name, "Unassigned"), as a list row or a board card says it. */
export function OwnerMark({ owner }: { owner: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <UserRound aria-hidden="true" className="size-4" />
      <span className="sr-only">Owner: </span>
      {owner}
    </span>
  );
}

/** A lead's follow-up day as the inbox says it ("Dec 2"), in red once it is due. */
export function FollowUpMark({ day, due }: { day: string; due: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-1", due && "font-semibold text-red-800")}>
      <CalendarClock aria-hidden="true" className="size-4" />
      {due ? `Follow-up due ${day}` : `Follow up ${day}`}
    </span>
  );
}

/** An open lead left alone (no follow-up day, nothing done) for `days` days. */
export function IdleMark({ days }: { days: number }) {
  return (
    <span className="inline-flex items-center gap-1 font-semibold text-amber-800">
      <Hourglass aria-hidden="true" className="size-4" />
      {`Idle ${days} days`}
    </span>
  );
}
