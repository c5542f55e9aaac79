import { Form, useNavigation } from "react-router";
import {
  analyticsRetentionLimits,
  analyticsRetentionSchema,
  getAnalyticsRetention,
  setAnalyticsRetention,
} from "#app/.server/analytics/retention.ts";
import { requireArea } from "#app/.server/auth/guard.ts";
import { requireApp } from "#app/.server/context.ts";
import { acceptForm, checkForm, readFormData, refuseForm } from "#app/.server/http/form-data.ts";
import {
  addReplyTemplate,
  deleteReplyTemplate,
  listReplyTemplates,
  maxReplyTemplates,
  type ReplyTemplate,
} from "#app/.server/leads/reply-templates.ts";
import { getRetention, retentionLimits, setRetention } from "#app/.server/leads/retention.ts";
import { AdminPage, Notice, Panel } from "#app/components/admin/ui.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import type { FormAnswer } from "#app/lib/form-answer.ts";
import type { Route } from "./+types/admin.settings";
import { retentionForm, templateForm } from "./admin.settings.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  requireArea(context, "team");
  const db = requireApp(context).database.db;
  const [months, templates, analyticsDays] = await Promise.all([
    getRetention(db),
    listReplyTemplates(db),
    getAnalyticsRetention(db),
  ]);
  return {
    months,
    limits: retentionLimits,
    templates,
    maxTemplates: maxReplyTemplates,
    analyticsDays,
    analyticsLimits: analyticsRetentionLimits,
  };
}

const months = (n: number) => (n === 1 ? "1 month" : `${n} months`);

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = requireArea(context, "team");
  const app = requireApp(context);
  const actor = { id: user.id, name: user.name, email: user.email };
  // One body, read once: the template forms name an intent, the retention form does not.
  const body = await readFormData(request);
  const templates = checkForm(body, templateForm);
  if (templates.ok) {
    const sent = templates.data;
    if (sent.intent === "analytics-retention") {
      const days = analyticsRetentionSchema.safeParse(sent.days);
      if (!days.success) {
        return refuseForm<"days">(
          `Enter a whole number of days from ${analyticsRetentionLimits.min} to ${analyticsRetentionLimits.max}.`,
          { values: templates.values, intent: "analytics" },
        );
      }
      await setAnalyticsRetention(app.database.db, days.data, user.id);
      app.log.info("analytics retention set", { userId: user.id, days: days.data });
      return acceptForm(
        `Saved: visit events older than ${days.data} days are deleted within the hour, then every hour.`,
        { intent: "analytics" },
      );
    }
    if (sent.intent === "template-delete") {
      const deleted = await deleteReplyTemplate(app.database.db, sent.id, actor);
      return deleted
        ? acceptForm("Template deleted.", { intent: "template" })
        : refuseForm("That template was already deleted.", { status: 404 });
    }
    const added = await addReplyTemplate(app.database.db, sent, actor);
    if (added.outcome === "invalid") {
      return refuseForm<"title" | "body">("The template was not saved.", {
        fields: added.fields,
        values: templates.values,
        intent: "template",
      });
    }
    if (added.outcome === "full") {
      return refuseForm(
        `There are already ${maxReplyTemplates} templates: delete one before adding another.`,
        { values: templates.values, intent: "template" },
      );
    }
    return acceptForm(`Template "${added.template.title}" saved.`, { intent: "template" });
  }
  const form = checkForm(body, retentionForm);
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
  const retentionAnswer =
    actionData?.intent === "template" || actionData?.intent === "analytics"
      ? undefined
      : actionData;
  const analyticsAnswer = actionData?.intent === "analytics" ? actionData : undefined;
  const problem = retentionAnswer && !retentionAnswer.ok ? retentionAnswer.message : undefined;
  const current = loaderData.months;
  return (
    <AdminPage title="Settings" lead="Choices that apply to the whole back office.">
      <ReplyTemplates
        templates={loaderData.templates}
        max={loaderData.maxTemplates}
        answer={actionData?.intent === "template" ? actionData : undefined}
        busy={navigation.state === "submitting"}
      />
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
        {retentionAnswer?.ok ? (
          <div className="mt-4">
            <Notice tone="success">{retentionAnswer.message}</Notice>
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
                defaultValue={retentionAnswer?.values?.months ?? current ?? ""}
              />
            )}
          </Field>
          {problem ? <Notice tone="error">The setting was not saved.</Notice> : null}
          <Button type="submit" disabled={navigation.state === "submitting"}>
            Save retention
          </Button>
        </Form>
      </Panel>
      <Panel title="Analytics events" id="analytics-retention-heading">
        <p className="text-ink">
          <strong>{`Now: ${loaderData.analyticsDays} days.`}</strong> Each page view and click is
          kept this long, then deleted. They hold no personal data (no address, no cookie): a
          visitor is a code that changes every day.
        </p>
        {analyticsAnswer?.ok ? (
          <div className="mt-4">
            <Notice tone="success">{analyticsAnswer.message}</Notice>
          </div>
        ) : null}
        <Form method="post" noValidate className="mt-6 max-w-md space-y-4">
          <input type="hidden" name="intent" value="analytics-retention" />
          <Field
            id="analytics-days"
            label="Keep visit events for (days)"
            hint={`From ${loaderData.analyticsLimits.min} to ${loaderData.analyticsLimits.max}; 90 unless changed.`}
            error={analyticsAnswer && !analyticsAnswer.ok ? analyticsAnswer.message : undefined}
          >
            {(control) => (
              <Input
                {...control}
                name="days"
                type="number"
                inputMode="numeric"
                min={loaderData.analyticsLimits.min}
                max={loaderData.analyticsLimits.max}
                step={1}
                defaultValue={analyticsAnswer?.values?.days ?? loaderData.analyticsDays}
              />
            )}
          </Field>
          <Button type="submit" disabled={navigation.state === "submitting"}>
            Save
          </Button>
        </Form>
      </Panel>
    </AdminPage>
  );
}

/** Saved replies: the list with a Delete each, and a form to add one. */
function ReplyTemplates({
  templates,
  max,
  answer,
  busy,
}: {
  templates: ReplyTemplate[];
  max: number;
  answer: FormAnswer | undefined;
  busy: boolean;
}) {
  const fields: Partial<Record<"title" | "body", string>> = answer?.fields ?? {};
  return (
    <Panel title="Reply templates" id="templates-heading">
      <p className="text-ink-soft">
        Offered in every lead's Reply form. Write <code>{"{name}"}</code> where the lead's first
        name goes.
      </p>
      {answer ? (
        <div className="mt-4">
          <Notice tone={answer.ok ? "success" : "error"}>{answer.message}</Notice>
        </div>
      ) : null}
      {templates.length === 0 ? (
        <p className="mt-4 text-ink">No templates yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {templates.map((template) => (
            <li key={template.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                <p className="font-semibold text-ink">{template.title}</p>
                <p className="mt-1 line-clamp-3 whitespace-pre-wrap text-sm text-ink-soft">
                  {template.body}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="template-delete" />
                <input type="hidden" name="id" value={template.id} />
                <Button type="submit" variant="danger" size="small" disabled={busy}>
                  Delete<span className="sr-only">{` the template ${template.title}`}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {templates.length < max ? (
        <Form
          method="post"
          noValidate
          className="mt-6 max-w-2xl space-y-4"
          key={answer?.ok ? templates.length : "form"}
        >
          <input type="hidden" name="intent" value="template-add" />
          <Field id="template-title" label="Title" error={fields.title}>
            {(control) => (
              <Input
                {...control}
                name="title"
                maxLength={80}
                defaultValue={answer?.ok ? "" : answer?.values?.title}
              />
            )}
          </Field>
          <Field id="template-body" label="Text" error={fields.body}>
            {(control) => (
              <Textarea
                {...control}
                name="body"
                rows={5}
                maxLength={5000}
                defaultValue={answer?.ok ? "" : answer?.values?.body}
              />
            )}
          </Field>
          <Button type="submit" variant="outline" disabled={busy}>
            Add template
          </Button>
        </Form>
      ) : (
        <p className="mt-4 text-ink-soft">{`${max} templates is the most: delete one to add another.`}</p>
      )}
    </Panel>
  );
}
