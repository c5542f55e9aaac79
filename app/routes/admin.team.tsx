import { Form, useNavigation } from "react-router";
import { requireArea } from "#app/.server/auth/guard.ts";
import { canUse } from "#app/.server/auth/roles.ts";
import { openLinkExpiries } from "#app/.server/auth/sign-in-links.ts";
import { emailSignInLink } from "#app/.server/auth/sign-in-mail.ts";
import {
  findUser,
  LastAdminError,
  listUsers,
  revokeInvitation,
  setUserDisabled,
  setUserRole,
  upsertInvitedUser,
} from "#app/.server/auth/users.ts";
import { requireApp, requireRequestInfo } from "#app/.server/context.ts";
import { acceptForm, parseForm, refuseForm } from "#app/.server/http/form-data.ts";
import { AdminPage, Notice, Panel } from "#app/components/admin/ui.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Field, Input, Select } from "#app/components/ui/field.tsx";
import {
  backOfficeSections,
  INVITE_LINK_DAYS,
  roleDescriptions,
  roleLabels,
  userRoles,
} from "#app/lib/back-office.ts";
import { formatMoment } from "#app/lib/format-date.ts";
import { zoneOf } from "#app/lib/time-zone.ts";
import type { Route } from "./+types/admin.team";
import { teamForm } from "./admin.team.server.ts";

/** The pages an invitation may lead to, for the invite form's choice. */
const startPages = [
  { path: "/admin", label: "Overview", area: null },
  ...backOfficeSections
    .filter((section) => section.area !== null)
    .map((section) => ({ path: section.path, label: section.label, area: section.area })),
];

export async function loader({ context }: Route.LoaderArgs) {
  const { user: me } = requireArea(context, "team");
  const zone = zoneOf(me);
  const db = requireApp(context).database.db;
  const [people, openLinks] = await Promise.all([listUsers(db), openLinkExpiries(db)]);
  return {
    startPages,
    people: people.map((person) => {
      const openUntil = openLinks.get(person.id);
      // Invited and never signed in: the invitation is pending until its link is used.
      const pending = person.lastSignInAt === null && person.disabledAt === null;
      return {
        id: person.id,
        name: person.name,
        email: person.email,
        role: person.role,
        you: person.id === me.id,
        disabled: person.disabledAt !== null,
        lastSignIn: formatMoment(person.lastSignInAt, zone),
        pending,
        invitation: pending
          ? openUntil
            ? `Invitation pending, its link works until ${formatMoment(openUntil, zone)}`
            : "Invitation expired: resend it"
          : null,
      };
    }),
  };
}

type TeamField = "email" | "name" | "role" | "start";

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
    const start = startPages.find((page) => page.path === sent.start);
    if (!start || (start.area !== null && !canUse(sent.role, start.area))) {
      return refuseForm<TeamField>("The invitation was not sent.", {
        fields: {
          start: start
            ? `${roleLabels[sent.role]} cannot open ${start.label}: choose another first page.`
            : "Choose a page of the back office.",
        },
        values: form.values,
      });
    }
    const { user: person, existed } = await upsertInvitedUser(db, sent);
    await emailSignInLink(app, {
      user: person,
      origin: info.origin,
      kind: "invite",
      invitedBy: me.name || me.email,
      next: sent.start,
    });
    app.log.info("person invited", { by: me.id, userId: person.id, role: person.role, existed });
    const role = roleLabels[person.role];
    return acceptForm(
      existed
        ? `${person.email} is already on the team as ${role}: a new sign-in link is on its way, and their role is unchanged. To change it, use the Role control next to their name below.`
        : `Invitation emailed to ${person.email} (${role}). Its link works for ${INVITE_LINK_DAYS} days; it shows as pending below until they sign in.`,
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
    if (sent.intent === "revoke") {
      if (!(await revokeInvitation(db, person.id))) {
        return refuseForm(
          `${person.email} has signed in already: disable them instead of revoking.`,
          { status: 409 },
        );
      }
      app.log.info("invitation revoked", { by: me.id, userId: person.id });
      return acceptForm(
        `The invitation to ${person.email} is withdrawn; its link no longer works.`,
      );
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
    return acceptForm(
      person.lastSignInAt === null
        ? `The invitation is sent again to ${person.email}; its new link works for ${INVITE_LINK_DAYS} days.`
        : `A new sign-in link is on its way to ${person.email}.`,
    );
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
          className="grid gap-5 md:grid-cols-2"
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
          <Field
            id="invite-start"
            label="Their first page"
            hint="Where the invitation's link leads once they are signed in."
            error={fields.start}
          >
            {(control) => (
              <Select {...control} name="start" defaultValue={values?.start ?? "/admin"}>
                {loaderData.startPages.map((page) => (
                  <option key={page.path} value={page.path}>
                    {page.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div className="md:col-span-2">
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
                  {person.pending ? (
                    <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">
                      Pending
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-ink-soft">
                  {person.name ? `${person.email} · ` : ""}
                  {roleLabels[person.role]}
                  {person.invitation
                    ? ` · ${person.invitation}`
                    : ` · last sign-in ${person.lastSignIn}`}
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
                      {person.pending ? "Resend invitation" : "Email a sign-in link"}
                      <span className="sr-only"> to {person.email}</span>
                    </Button>
                  </Form>
                )}
                {person.pending && !person.you ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="id" value={person.id} />
                    <Button type="submit" variant="danger" size="small">
                      Revoke invitation<span className="sr-only"> to {person.email}</span>
                    </Button>
                  </Form>
                ) : null}
                {person.you || person.pending ? null : person.disabled ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="enable" />
                    <input type="hidden" name="id" value={person.id} />
                    <Button type="submit" variant="outline" size="small">
                      Enable<span className="sr-only"> {person.email}</span>
                    </Button>
                  </Form>
                ) : (
                  // Disabling signs them out everywhere: it takes a second, deliberate step.
                  <details className="group">
                    <summary
                      className={cn(
                        buttonVariants({ variant: "danger", size: "small" }),
                        "cursor-pointer list-none",
                      )}
                    >
                      Disable…<span className="sr-only"> {person.email}</span>
                    </summary>
                    <Form
                      method="post"
                      className="mt-3 max-w-xs space-y-3 rounded-xl border border-red-200 bg-red-50 p-4"
                    >
                      <input type="hidden" name="intent" value="disable" />
                      <input type="hidden" name="id" value={person.id} />
                      <p className="text-sm text-red-900">
                        {`${person.email} will be signed out everywhere and can no longer sign in. Their notes and history stay.`}
                      </p>
                      <Button type="submit" variant="danger" size="small">
                        {`Yes, disable ${person.name || person.email}`}
                      </Button>
                    </Form>
                  </details>
                )}
              </div>
            </li>
          ))}
        </ul>
      </Panel>
    </AdminPage>
  );
}
