import { Form, useNavigation } from "react-router";
import { requireArea } from "#app/.server/auth/guard.ts";
import { emailSignInLink } from "#app/.server/auth/sign-in-mail.ts";
import {
  findUser,
  LastAdminError,
  listUsers,
  setUserDisabled,
  setUserRole,
  upsertInvitedUser,
} from "#app/.server/auth/users.ts";
import { requireApp, requireRequestInfo } from "#app/.server/context.ts";
import { acceptForm, parseForm, refuseForm } from "#app/.server/http/form-data.ts";
import { AdminPage, Notice, Panel } from "#app/components/admin/ui.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Field, Input, Select } from "#app/components/ui/field.tsx";
import { roleDescriptions, roleLabels, userRoles } from "#app/lib/back-office.ts";
import { formatMoment } from "#app/lib/format-date.ts";
import type { Route } from "./+types/admin.team";
import { teamForm } from "./admin.team.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { user: me } = requireArea(context, "team");
  const people = await listUsers(requireApp(context).database.db);
  return {
    people: people.map((person) => ({
      id: person.id,
      name: person.name,
      email: person.email,
      role: person.role,
      you: person.id === me.id,
      disabled: person.disabledAt !== null,
      lastSignIn: formatMoment(person.lastSignInAt),
    })),
  };
}

type TeamField = "email" | "name" | "role";

export async function action({ request, context }: Route.ActionArgs) {
  const app = requireApp(context);
  const info = requireRequestInfo(context);
  const db = app.database.db;
  const { user: me } = requireArea(context, "team");
  const form = await parseForm(request, teamForm);
  if (!form.ok) {
    if (form.fields.intent) return refuseForm("Unknown action.");
    if (form.values.intent === "invite") {
      return refuseForm<TeamField>("The invitation was not sent.", form);
    }
    return refuseForm(Object.values(form.fields)[0] ?? "The change was not made.");
  }
  const sent = form.data;

  if (sent.intent === "invite") {
    const { user: person, existed } = await upsertInvitedUser(db, sent);
    await emailSignInLink(app, {
      user: person,
      origin: info.origin,
      kind: "invite",
      invitedBy: me.name || me.email,
    });
    app.log.info("person invited", { by: me.id, userId: person.id, role: person.role, existed });
    const role = roleLabels[person.role];
    return acceptForm(
      existed
        ? `${person.email} is already on the team as ${role}: a new sign-in link is on its way, and their role is unchanged. To change it, use the Role control next to their name below.`
        : `Invitation emailed to ${person.email} (${role}). The link works for 15 minutes; send a new one from this page if it runs out.`,
    );
  }

  const person = await findUser(db, sent.id);
  if (!person) {
    return refuseForm("That person is no longer on the team list.", { status: 404 });
  }
  try {
    if (sent.intent === "role") {
      await setUserRole(db, person.id, sent.role);
      return acceptForm(`${person.email} is now ${roleLabels[sent.role]}.`);
    }
    if (sent.intent === "disable" || sent.intent === "enable") {
      if (person.id === me.id) return refuseForm("You cannot disable your own account.");
      await setUserDisabled(db, person.id, sent.intent === "disable");
      return acceptForm(
        sent.intent === "disable"
          ? `${person.email} can no longer sign in, and was signed out everywhere.`
          : `${person.email} can sign in again.`,
      );
    }
    if (person.disabledAt) return refuseForm(`Enable ${person.email} before sending a link.`);
    await emailSignInLink(app, {
      user: person,
      origin: info.origin,
      kind: "invite",
      invitedBy: me.name || me.email,
    });
    return acceptForm(`A new sign-in link is on its way to ${person.email}.`);
  } catch (error) {
    if (error instanceof LastAdminError) return refuseForm(error.message, { status: 409 });
    throw error;
  }
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const fields = actionData?.fields ?? {};
  const values = actionData?.ok ? undefined : actionData?.values;
  return (
    <AdminPage title="Team" lead="Who can sign in to the back office, and what each person may do.">
      {actionData ? (
        <Notice tone={actionData.ok ? "success" : "error"}>{actionData.message}</Notice>
      ) : null}
      <Panel title="Invite someone" id="invite-heading">
        <Form
          method="post"
          className="grid gap-5 md:grid-cols-3"
          noValidate
          key={actionData?.ok ? "sent" : "draft"}
        >
          <input type="hidden" name="intent" value="invite" />
          <Field id="invite-email" label="Email address" error={fields.email}>
            {(control) => (
              <Input
                {...control}
                name="email"
                type="email"
                required
                maxLength={254}
                autoComplete="off"
                defaultValue={values?.email}
              />
            )}
          </Field>
          <Field id="invite-name" label="Name (optional)" error={fields.name}>
            {(control) => (
              <Input
                {...control}
                name="name"
                maxLength={100}
                autoComplete="off"
                defaultValue={values?.name}
              />
            )}
          </Field>
          <Field
            id="invite-role"
            label="Role"
            hint="Someone already on the team keeps their role and gets a new sign-in link."
            error={fields.role}
          >
            {(control) => (
              <Select {...control} name="role" defaultValue={values?.role ?? "sales"}>
                {userRoles.map((role) => (
                  <option key={role} value={role}>
                    {roleLabels[role]}: {roleDescriptions[role]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div className="md:col-span-3">
            <Button type="submit" disabled={navigation.state === "submitting"}>
              Send invitation
            </Button>
          </div>
        </Form>
      </Panel>
      <Panel title="People" id="people-heading">
        <ul className="divide-y divide-slate-200 border-y border-slate-200">
          {loaderData.people.map((person) => (
            <li key={person.id} className="grid gap-3 py-4 lg:grid-cols-[1fr_auto] lg:items-center">
              <div>
                <p className="font-semibold">
                  {person.name || person.email}
                  {person.you ? " (you)" : ""}
                  {person.disabled ? (
                    <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-sm font-semibold text-slate-800">
                      Disabled
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-ink-soft">
                  {person.name ? `${person.email} · ` : ""}
                  {roleLabels[person.role]} · last sign-in {person.lastSignIn}
                </p>
              </div>
              <div className="flex flex-wrap items-end gap-3">
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="intent" value="role" />
                  <input type="hidden" name="id" value={person.id} />
                  <div>
                    <label htmlFor={`role-${person.id}`} className="sr-only">
                      Role of {person.email}
                    </label>
                    <select
                      id={`role-${person.id}`}
                      name="role"
                      defaultValue={person.role}
                      className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-base"
                    >
                      {userRoles.map((role) => (
                        <option key={role} value={role}>
                          {roleLabels[role]}
                        </option>
                      ))}
                    </select>
                  </div>
                  <Button type="submit" variant="outline" size="small">
                    Change role<span className="sr-only"> of {person.email}</span>
                  </Button>
                </Form>
                {person.disabled ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="reinvite" />
                    <input type="hidden" name="id" value={person.id} />
                    <Button type="submit" variant="outline" size="small">
                      Email a sign-in link<span className="sr-only"> to {person.email}</span>
                    </Button>
                  </Form>
                )}
                {person.you ? null : (
                  <Form method="post">
                    <input
                      type="hidden"
                      name="intent"
                      value={person.disabled ? "enable" : "disable"}
                    />
                    <input type="hidden" name="id" value={person.id} />
                    <button
                      type="submit"
                      className={buttonVariants({
                        variant: person.disabled ? "outline" : "danger",
                        size: "small",
                      })}
                    >
                      {person.disabled ? "Enable" : "Disable"}
                      <span className="sr-only"> {person.email}</span>
                    </button>
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      </Panel>
    </AdminPage>
  );
}
