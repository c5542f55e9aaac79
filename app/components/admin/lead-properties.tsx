import { Check } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import { SignInAgain } from "#app/components/admin/ui.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Field, Input, Select } from "#app/components/ui/field.tsx";
import type { FormAnswer } from "#app/lib/form-answer.ts";
import {
  formatDealValue,
  type LeadLostReason,
  type LeadStatus,
  leadLostReasonLabels,
  leadLostReasons,
  leadStatuses,
  leadStatusLabels,
} from "#app/lib/leads.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * How long a change waits before it is saved. A closed list changes with each arrow key, and
 * a date with each digit of its year: the pause saves what was meant, once, not each step.
 */
export const selectPause = 600;
export const datePause = 1200;

/**
 * One of a lead's properties as a form of its own. Without scripts (and before they start)
 * its Save button sends it and the page comes back with the answer at the top. With scripts
 * a change saves itself after `pause` (at once when the focus leaves the form), the answer is
 * said beside the field, and the focus stays where the salesperson is working.
 */
function useAutoSave(pause: number, ready: (form: HTMLFormElement) => boolean = () => true) {
  const fetcher = useFetcher<FormAnswer<"owner" | "on" | "value">>();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The change still waiting for its pause, as the form held it: leaving the page (Back, a
  // shortcut) removes the form without the focus leaving it first, so onBlur sends nothing.
  const waiting = useRef<{ body: FormData; action: string } | null>(null);
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      const change = waiting.current;
      waiting.current = null;
      if (change) void submit.current(change.body, { method: "post", action: change.action });
    },
    [],
  );
  // A value picked before the scripts started, with no Save pressed: React takes the page
  // over without noticing it, so it is handed to React as the change it was, and saves.
  // Only in the page the server sent (its fields' defaults are what it rendered).
  const hydrated = useHydrated();
  const fromServer = useRef(!hydrated);
  useEffect(() => {
    if (!fromServer.current) return;
    for (const field of form.current?.elements ?? []) {
      if (field instanceof HTMLSelectElement) {
        if ([...field.options].some((option) => option.selected !== option.defaultSelected)) {
          field.dispatchEvent(new Event("change", { bubbles: true }));
        }
      } else if (
        field instanceof HTMLInputElement &&
        field.type !== "hidden" &&
        field.value !== field.defaultValue
      ) {
        // React reads an input's change against the value it last saw, which is already
        // the typed one: it is shown the old value first (its own setter), then the typed.
        const typed = field.value;
        field.value = field.defaultValue;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(
          field,
          typed,
        );
        field.dispatchEvent(new Event("input", { bubbles: true }));
      }
    }
  }, []);
  const send = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    waiting.current = null;
    if (form.current && ready(form.current)) void fetcher.submit(form.current);
  };
  return {
    fetcher,
    /** Saves the form as it is once React has drawn the last change (a button's doing). */
    saveNow: () => setTimeout(send),
    formProps: {
      ref: form,
      method: "post" as const,
      onChange: (event: React.FormEvent<HTMLFormElement>) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(send, pause);
        const changed = event.currentTarget;
        const url = new URL(changed.action);
        waiting.current = ready(changed)
          ? { body: new FormData(changed), action: `${url.pathname}${url.search}` }
          : null;
      },
      onBlur: (event: React.FocusEvent<HTMLFormElement>) => {
        const inside = event.relatedTarget && event.currentTarget.contains(event.relatedTarget);
        if (timer.current !== undefined && !inside) send();
      },
    },
  };
}

/**
 * A property's value as the salesperson sees it: what they picked until the page's data says
 * otherwise (a reply makes a lead Contacted; Assign to me sets the owner).
 */
function useSavedValue(saved: string) {
  const [value, setValue] = useState(saved);
  // Only when the data changes: on the first render it would undo a value picked before
  // the scripts started, handed over as a change in the same moment (useAutoSave).
  const last = useRef(saved);
  useEffect(() => {
    if (last.current === saved) return;
    last.current = saved;
    setValue(saved);
  }, [saved]);
  return [value, setValue] as const;
}

/**
 * The answer to an autosaved field, where the field is. A live region from the first render,
 * so that screen readers say each answer (one added with its text is often not read out).
 */
function Saved({ answer, busy }: { answer: FormAnswer | undefined; busy: boolean }) {
  return (
    <div aria-live="polite" className="mt-1 min-h-5 text-sm">
      {busy ? (
        <span className="text-ink-soft">Saving…</span>
      ) : answer?.ok ? (
        <span className="inline-flex items-center gap-1 text-green-800">
          <Check aria-hidden="true" className="size-4 shrink-0" />
          {answer.message}
        </span>
      ) : answer?.signedOut ? (
        // The page's own sentence is about text kept for later; here, a choice to send again.
        <div className="font-semibold text-red-800">
          Not saved: you have been signed out. Sign in again, then save.
          <SignInAgain />
        </div>
      ) : answer ? (
        <span className="font-semibold text-red-800">{answer.message}</span>
      ) : null}
    </div>
  );
}

/**
 * The Save button of a property: for a page without scripts, and with scripts once a save
 * was refused (the session had ended, or the value was not taken), to send it again as it
 * is rather than pick another value and back.
 */
function SaveButton({
  children,
  busy,
  failed,
}: {
  children: ReactNode;
  busy: boolean;
  failed: boolean;
}) {
  if (useHydrated() && !failed) return null;
  return (
    <Button type="submit" variant="outline" size="small" disabled={busy}>
      {children}
    </Button>
  );
}

/**
 * A lead's status, owner, follow-up date and deal value, at the top of its page where a
 * salesperson looks first (as a CRM's record header does).
 */
export function LeadProperties({
  lead,
  owners,
  mine,
  busy,
  pageAnswer,
}: {
  lead: {
    status: LeadStatus;
    owner: { id: string } | null;
    followUpOn: string | null;
    followUpDue: boolean;
    dealValue: number | null;
    lostReason: LeadLostReason | null;
  };
  owners: { id: string; label: string }[];
  mine: boolean;
  busy: boolean;
  /** The answer to the page's own forms (without scripts), for its field messages. */
  pageAnswer: FormAnswer | undefined;
}) {
  const status = useAutoSave(selectPause);
  const owner = useAutoSave(selectPause);
  // A date saves once its year is whole: the field holds "0020-01-15" while "2030" is typed.
  const followUp = useAutoSave(datePause, (form) =>
    /^(|20\d\d-\d\d-\d\d)$/.test(new FormData(form).get("on")?.toString() ?? ""),
  );
  // Typed amounts save after the same pause as a date's digits.
  const deal = useAutoSave(datePause);
  const [dealValue, setDeal] = useSavedValue(
    (pageAnswer?.ok === false ? pageAnswer.values?.value : undefined) ??
      (lead.dealValue === null ? "" : formatDealValue(lead.dealValue)),
  );
  const dealProblem = deal.fetcher.data?.fields?.value ?? pageAnswer?.fields?.value;
  const [statusValue, setStatus] = useSavedValue(lead.status);
  const lost = useAutoSave(selectPause);
  const [lostValue, setLost] = useSavedValue(lead.lostReason ?? "");
  const [ownerValue, setOwner] = useSavedValue(lead.owner?.id ?? "");
  const [onValue, setOn] = useSavedValue(
    (pageAnswer?.ok === false ? pageAnswer.values?.on : undefined) ?? lead.followUpOn ?? "",
  );
  const sending = (fetcher: { state: string }) => fetcher.state === "submitting";
  const ownerProblem = owner.fetcher.data?.fields?.owner ?? pageAnswer?.fields?.owner;
  const dateProblem = followUp.fetcher.data?.fields?.on ?? pageAnswer?.fields?.on;
  const row = "flex flex-wrap items-end gap-3 [&>div]:w-full sm:[&>div]:w-48";
  const dateField = useRef<HTMLInputElement>(null);
  return (
    <section
      aria-labelledby="status-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="status-heading" className="sr-only">
        Status, owner, follow-up and deal value
      </h2>
      {/* Two columns on a phone, so that they fit in the first screen with the name. */}
      <div className="grid grid-cols-2 items-start gap-x-4 gap-y-2 sm:flex sm:flex-wrap sm:gap-x-8 sm:gap-y-4">
        <status.fetcher.Form {...status.formProps}>
          <input type="hidden" name="intent" value="status" />
          <div className={row}>
            <Field id="lead-status" label="Lead status">
              {(control) => (
                <Select
                  {...control}
                  name="status"
                  value={statusValue}
                  onChange={(event) => setStatus(event.currentTarget.value as LeadStatus)}
                >
                  {leadStatuses.map((option) => (
                    <option key={option} value={option}>
                      {leadStatusLabels[option]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <SaveButton busy={busy} failed={status.fetcher.data?.ok === false}>
              Save status
            </SaveButton>
          </div>
          <Saved answer={status.fetcher.data} busy={sending(status.fetcher)} />
        </status.fetcher.Form>

        {/* Asked once the lead is Lost (as soon as Lost is picked, with scripts). */}
        {statusValue === "lost" ? (
          <lost.fetcher.Form {...lost.formProps} className="col-span-2 sm:col-span-1">
            <input type="hidden" name="intent" value="lost-reason" />
            <div className={row}>
              <Field id="lead-lost-reason" label="Why lost?">
                {(control) => (
                  <Select
                    {...control}
                    name="reason"
                    value={lostValue}
                    onChange={(event) => setLost(event.currentTarget.value)}
                  >
                    <option value="">Not said</option>
                    {leadLostReasons.map((reason) => (
                      <option key={reason} value={reason}>
                        {leadLostReasonLabels[reason]}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <SaveButton busy={busy} failed={lost.fetcher.data?.ok === false}>
                Save reason
              </SaveButton>
            </div>
            <Saved answer={lost.fetcher.data} busy={sending(lost.fetcher)} />
          </lost.fetcher.Form>
        ) : null}

        {/* On a phone the owner is beside the status and Assign to me on a line of its own
            under both (in the right-hand column it left the left one empty). */}
        <div className="contents sm:flex sm:flex-wrap sm:items-start sm:gap-3">
          <owner.fetcher.Form {...owner.formProps}>
            <input type="hidden" name="intent" value="owner" />
            <div className={row}>
              <Field id="lead-owner" label="Owner" error={ownerProblem}>
                {(control) => (
                  <Select
                    {...control}
                    name="owner"
                    value={ownerValue}
                    onChange={(event) => setOwner(event.currentTarget.value)}
                  >
                    <option value="">Unassigned</option>
                    {owners.map((person) => (
                      <option key={person.id} value={person.id}>
                        {person.label}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <SaveButton busy={busy} failed={owner.fetcher.data?.ok === false}>
                Save owner
              </SaveButton>
            </div>
            <Saved
              answer={ownerProblem ? undefined : owner.fetcher.data}
              busy={sending(owner.fetcher)}
            />
          </owner.fetcher.Form>
          {mine ? null : (
            // Lined up with the list beside it, under its label.
            <Form method="post" className="col-span-2 sm:pt-7">
              <input type="hidden" name="intent" value="assign-me" />
              <Button type="submit" size="small" disabled={busy}>
                Assign to me
              </Button>
            </Form>
          )}
        </div>

        <followUp.fetcher.Form {...followUp.formProps} noValidate className="col-span-2">
          <input type="hidden" name="intent" value="follow-up" />
          <div className={cn(row, "[&>div]:w-44")}>
            <Field
              id="lead-follow-up"
              label="Follow up on"
              hint={lead.followUpDue ? "Due: the day has come." : undefined}
              error={dateProblem}
            >
              {(control) => (
                <Input
                  ref={dateField}
                  {...control}
                  name="on"
                  type="date"
                  value={onValue}
                  onChange={(event) => setOn(event.currentTarget.value)}
                  className={cn(lead.followUpDue && "border-red-700")}
                />
              )}
            </Field>
            <SaveButton busy={busy} failed={followUp.fetcher.data?.ok === false}>
              Save date
            </SaveButton>
            {lead.followUpOn ? (
              <button
                type="submit"
                name="clear"
                value="yes"
                disabled={busy}
                onClick={(event) => {
                  // With scripts: the field is emptied and saved now, and keeps the focus
                  // (this button goes once the date is cleared).
                  event.preventDefault();
                  setOn("");
                  dateField.current?.focus();
                  followUp.saveNow();
                }}
                className="min-h-11 px-2 font-semibold text-brand-700 underline underline-offset-2"
              >
                Clear<span className="sr-only"> the follow-up date</span>
              </button>
            ) : null}
          </div>
          <Saved
            answer={dateProblem ? undefined : followUp.fetcher.data}
            busy={sending(followUp.fetcher)}
          />
        </followUp.fetcher.Form>

        <deal.fetcher.Form {...deal.formProps} noValidate className="col-span-2">
          <input type="hidden" name="intent" value="value" />
          <div className={cn(row, "[&>div]:w-44")}>
            <Field id="lead-value" label="Deal value (US$)" error={dealProblem}>
              {(control) => (
                <Input
                  {...control}
                  name="value"
                  inputMode="numeric"
                  autoComplete="off"
                  value={dealValue}
                  onChange={(event) => setDeal(event.currentTarget.value)}
                />
              )}
            </Field>
            <SaveButton busy={busy} failed={deal.fetcher.data?.ok === false}>
              Save value
            </SaveButton>
          </div>
          <Saved
            answer={dealProblem ? undefined : deal.fetcher.data}
            busy={sending(deal.fetcher)}
          />
        </deal.fetcher.Form>
      </div>
    </section>
  );
}
