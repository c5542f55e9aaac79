import { Form } from "react-router";
import { Notice } from "#app/components/admin/ui.tsx";
import { Button } from "#app/components/ui/button.tsx";

/**
 * Shown on the page "Mark as spam" leads to (the next lead, or the list): which lead went,
 * and a way to put it back, since a lead marked by mistake drops out of every list.
 */
export function SpammedNotice({ spammed }: { spammed: { name: string; undo: string } }) {
  return (
    <Notice tone="success">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="[overflow-wrap:anywhere]">{spammed.name} was marked as spam.</p>
        <Form method="post" action={spammed.undo}>
          <input type="hidden" name="intent" value="not-spam" />
          <Button
            type="submit"
            variant="outline"
            size="small"
            aria-label={`Undo: ${spammed.name} is not spam`}
          >
            Undo
          </Button>
        </Form>
      </div>
    </Notice>
  );
}
