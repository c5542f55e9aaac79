import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Field, Select } from "#app/components/ui/field.tsx";
import { leadStatuses, leadStatusLabels } from "#app/lib/leads.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/** The checkboxes of the list's rows (they belong to the bulk form). */
export function tickBoxes(list: HTMLElement | null): HTMLInputElement[] {
  return [
    ...(list?.querySelectorAll<HTMLInputElement>('input[type="checkbox"][form="bulk-form"]') ?? []),
  ];
}

/** With scripts: ticks every row of the page at once (without, each row is ticked alone). */
export function TickAll({
  list,
  ticked,
  onChange,
}: {
  list: React.RefObject<HTMLOListElement | null>;
  ticked: number;
  onChange: () => void;
}) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const boxes = tickBoxes(list.current);
  const all = boxes.length > 0 && ticked === boxes.length;
  return (
    <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-ink">
      <input
        type="checkbox"
        checked={all}
        className="size-5 accent-brand-700"
        onChange={(event) => {
          for (const box of tickBoxes(list.current)) box.checked = event.currentTarget.checked;
          onChange();
        }}
      />
      Tick all on this page
    </label>
  );
}

/**
 * Changes the status or owner of the leads ticked in the list (their checkboxes belong to
 * this form through `form="bulk-form"`). It sits under the list; once a lead is ticked (with
 * JavaScript) it stays in view at the bottom of the window, says how many are ticked, and
 * then says what was changed (`answer`) where the salesperson is looking, not at the top of
 * the page. On a phone it keeps to two rows while leads are ticked (the count and "Apply",
 * then the two choices), so it covers little of the list.
 */
export function BulkBar({
  owners,
  ticked,
  answer,
}: {
  owners: { id: string; label: string }[];
  ticked: number;
  /** The last change's answer, shown in the bar until something is ticked again. */
  answer: { ok: boolean; message: string } | null;
}) {
  const busy = useNavigation().state === "submitting";
  const shown = ticked > 0 && answer?.ok ? null : answer;
  return (
    <Form
      id="bulk-form"
      method="post"
      // The list stays where the salesperson was working in it.
      preventScrollReset
      aria-label="Change the ticked leads"
      className={cn(
        "grid grid-cols-2 items-end gap-x-3 gap-y-2 rounded-2xl border border-slate-200 bg-white p-3 sm:flex sm:flex-wrap sm:gap-3 sm:p-4",
        (ticked > 0 || shown) && "sticky bottom-4 z-20 border-brand-300 shadow-lg",
      )}
    >
      <input type="hidden" name="intent" value="bulk" />
      <p
        className={cn(
          "font-semibold sm:min-h-11 sm:py-2.5",
          // A sentence (an answer) takes the row; a count shares it with the button.
          shown ? "col-span-2" : "self-center",
          shown ? (shown.ok ? "text-green-900" : "text-red-800") : "text-ink",
        )}
        aria-live="polite"
      >
        {shown
          ? shown.message
          : ticked > 0
            ? `${ticked === 1 ? "1 lead" : `${ticked} leads`} ticked:`
            : "For the ticked leads:"}
      </p>
      <div className="min-w-0 sm:w-44">
        <Field id="bulk-status" label="Set status">
          {(control) => (
            <Select {...control} name="status" defaultValue="keep">
              <option value="keep">Keep as it is</option>
              {leadStatuses.map((status) => (
                <option key={status} value={status}>
                  {leadStatusLabels[status]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <div className="min-w-0 sm:w-52">
        <Field id="bulk-owner" label="Set owner">
          {(control) => (
            <Select {...control} name="owner" defaultValue="keep">
              <option value="keep">Keep as it is</option>
              <option value="">Unassigned</option>
              {owners.map((owner) => (
                <option key={owner.id} value={owner.id}>
                  {owner.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Button
        type="submit"
        variant="outline"
        size="small"
        disabled={busy}
        className={cn(shown ? "col-span-2" : "col-start-2 row-start-1", "sm:col-auto sm:row-auto")}
      >
        {/* "Apply" where the bar is narrow; its name is the whole phrase at every width. */}
        <span aria-hidden="true" className="sm:hidden">
          Apply
        </span>
        <span className="max-sm:sr-only">Apply to ticked leads</span>
      </Button>
    </Form>
  );
}
