import { Form, useNavigation } from "react-router";
import { requireArea } from "#app/.server/auth/guard.ts";
import { requireApp } from "#app/.server/context.ts";
import { acceptForm, parseForm, refuseForm } from "#app/.server/http/form-data.ts";
import { getRetention, retentionLimits, setRetention } from "#app/.server/leads/retention.ts";
import { AdminPage, Notice, Panel } from "#app/components/admin/ui.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import type { Route } from "./+types/admin.settings";
import { retentionForm } from "./admin.settings.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  requireArea(context, "team");
  const months = await getRetention(requireApp(context).database.db);
  return { months, limits: retentionLimits };
}

const months = (n: number) => (n === 1 ? "1 month" : `${n} months`);

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = requireArea(context, "team");
  const app = requireApp(context);
  const form = await parseForm(request, retentionForm);
  const problem = `Enter a whole number of months from ${retentionLimits.min} to ${retentionLimits.max}, or leave it empty to keep leads until they are erased by hand.`;
  if (!form.ok) return refuseForm<"months">(problem, form);
  const result = await setRetention(app.database.db, form.data.months, {
    id: user.id,
    name: user.name,
    email: user.email,
  });
  if (result.outcome === "invalid") {
    return refuseForm<"months">(`${result.problem} ${problem}`, { values: form.values });
  }
  app.log.info("lead retention set", { userId: user.id, months: result.months });
  return acceptForm(
    result.months === null
      ? "Saved: leads are kept until someone erases them."
      : `Saved: leads older than ${months(result.months)} are erased within the hour, then every hour.`,
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const problem = actionData && !actionData.ok ? actionData.message : undefined;
  const current = loaderData.months;
  return (
    <AdminPage title="Settings" lead="Choices that apply to the whole back office.">
      <Panel title="Data retention" id="retention-heading">
        <p className="text-ink">
          {current === null ? (
            <>
              <strong>Now: kept forever.</strong> Leads stay until someone erases them.
            </>
          ) : (
            <>
              <strong>{`Now: ${months(current)}.`}</strong>
              {` Every hour, leads received more than ${months(current)} ago are deleted with their notes, history and email copies.`}
            </>
          )}
        </p>
        {actionData?.ok ? (
          <div className="mt-4">
            <Notice tone="success">{actionData.message}</Notice>
          </div>
        ) : null}
        <Form method="post" noValidate className="mt-6 max-w-md space-y-4">
          <Field
            id="retention-months"
            label="Keep leads for (months)"
            hint={`From ${loaderData.limits.min} to ${loaderData.limits.max}. Leave empty to keep leads forever.`}
            error={problem}
          >
            {(control) => (
              <Input
                {...control}
                name="months"
                type="number"
                inputMode="numeric"
                min={loaderData.limits.min}
                max={loaderData.limits.max}
                step={1}
                defaultValue={actionData?.values?.months ?? current ?? ""}
              />
            )}
          </Field>
          {problem ? <Notice tone="error">The setting was not saved.</Notice> : null}
          <Button type="submit" disabled={navigation.state === "submitting"}>
            Save retention
          </Button>
        </Form>
      </Panel>
    </AdminPage>
  );
}
