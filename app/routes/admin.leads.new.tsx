import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { LinkedInField } from "#app/components/admin/linkedin-field.tsx";
import { AdminPage, Notice, Panel, SignInAgain } from "#app/components/admin/ui.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { CheckboxField, Field, Input, Select, Textarea } from "#app/components/ui/field.tsx";
import { contactLimits } from "#app/lib/contact-schema.ts";
import { keepPageWhenSignedOut, stayWhenSignedOut } from "#app/lib/form-answer.ts";
import {
  addedLeadStatuses,
  leadOriginLabels,
  leadOrigins,
  leadStatusLabels,
} from "#app/lib/leads.ts";
import type { Route } from "./+types/admin.leads.new";
import { addLeadAction, loadNewLead } from "./admin.leads.new.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Add a lead | Northstory back office" }];

export const loader = (args: Route.LoaderArgs) => loadNewLead(args);

export const action = (args: Route.ActionArgs) => addLeadAction(args);

// What was typed stays on the page when the session had ended (see stayWhenSignedOut).
export const clientAction = (args: Route.ClientActionArgs) => stayWhenSignedOut(args);

export const shouldRevalidate = keepPageWhenSignedOut;

export default function AddLead({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const answer = actionData && !actionData.ok ? actionData : null;
  const fields = answer?.fields ?? {};
  const values = answer?.values;
  const earlier = answer && "earlier" in answer ? answer.earlier : undefined;
  // The answer is above the form: the focus goes to it, so it is seen and read out.
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer) notice.current?.focus();
  }, [answer]);
  return (
    <AdminPage
      title="Add a lead"
      lead="Someone who reached you without the contact form: a LinkedIn message, a referral, a call. They join the inbox like any lead; the site's analytics leave them out, as the site never saw their visit."
      actions={
        <Link
          to={loaderData.backTo}
          className={buttonVariants({ variant: "outline", size: "small" })}
        >
          All leads
        </Link>
      }
    >
      {answer ? (
        <Notice tone="error" ref={notice} tabIndex={-1}>
          <p>{answer.message}</p>
          {earlier ? (
            <p className="mt-2">
              <Link to={earlier.path} className="font-semibold underline">
                {earlier.name || "Their lead"}, {earlier.received}
              </Link>
            </p>
          ) : null}
          {answer.signedOut ? <SignInAgain /> : null}
        </Notice>
      ) : null}
      <Panel title="Details" id="add-lead-heading">
        <Form method="post" noValidate className="grid gap-5 md:grid-cols-2">
          <input type="hidden" name="key" value={values?.key ?? loaderData.key} />
          <Field id="add-name" label="Name" error={fields.name}>
            {(control) => (
              <Input
                {...control}
                name="name"
                required
                maxLength={contactLimits.name}
                autoComplete="off"
                defaultValue={values?.name}
              />
            )}
          </Field>
          <Field
            id="add-email"
            label="Email"
            hint="Replies from their lead's page go to this address."
            error={fields.email}
          >
            {(control) => (
              <Input
                {...control}
                name="email"
                type="email"
                required
                maxLength={contactLimits.email}
                autoComplete="off"
                defaultValue={values?.email}
              />
            )}
          </Field>
          {earlier ? (
            <CheckboxField
              id="add-anyway"
              name="anyway"
              value="yes"
              label="Add as a new lead anyway"
              hint="Their earlier lead stays as it is; the two are erased together on request."
              className="md:col-span-2"
            />
          ) : null}
          <Field id="add-origin" label="How they reached you" error={fields.origin}>
            {(control) => (
              <Select {...control} name="origin" required defaultValue={values?.origin ?? ""}>
                <option value="" disabled>
                  Choose one
                </option>
                {leadOrigins.map((origin) => (
                  <option key={origin} value={origin}>
                    {leadOriginLabels[origin]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id="add-status" label="Status" error={fields.status}>
            {(control) => (
              <Select {...control} name="status" defaultValue={values?.status ?? "new"}>
                {addedLeadStatuses.map((status) => (
                  <option key={status} value={status}>
                    {leadStatusLabels[status]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id="add-owner" label="Owner" error={fields.owner}>
            {(control) => (
              <Select
                {...control}
                name="owner"
                defaultValue={values?.owner ?? loaderData.defaultOwner}
              >
                <option value="">Unassigned</option>
                {loaderData.owners.map((owner) => (
                  <option key={owner.id} value={owner.id}>
                    {owner.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id="add-follow-up" label="Follow up on (optional)" error={fields.followUpOn}>
            {(control) => (
              <Input {...control} name="followUpOn" type="date" defaultValue={values?.followUpOn} />
            )}
          </Field>
          <Field id="add-value" label="Deal value (US$, optional)" error={fields.value}>
            {(control) => (
              <Input
                {...control}
                name="value"
                inputMode="numeric"
                autoComplete="off"
                defaultValue={values?.value}
              />
            )}
          </Field>
          <LinkedInField
            id="add-linkedin"
            label="LinkedIn profile (optional)"
            error={fields.linkedin}
            defaultValue={values?.linkedin}
          />
          <div className="md:col-span-2">
            <Field
              id="add-note"
              label="Note (optional)"
              hint="What they need, where you met, what was said: it becomes the lead's first note, for the team, not sent to them."
              error={fields.note}
            >
              {(control) => (
                <Textarea {...control} name="note" rows={5} defaultValue={values?.note} />
              )}
            </Field>
          </div>
          <div className="md:col-span-2">
            <Button type="submit" disabled={busy}>
              Add lead
            </Button>
          </div>
        </Form>
      </Panel>
    </AdminPage>
  );
}
