import { lazy, Suspense, useEffect, useState } from "react";
import { Form, href, redirect, useNavigation } from "react-router";
import { clearSessionCookie } from "#app/.server/auth/cookie.ts";
import { currentUser, signedInOnly } from "#app/.server/auth/guard.ts";
import { deletePasskey, listPasskeys } from "#app/.server/auth/passkeys.ts";
import { canUse } from "#app/.server/auth/roles.ts";
import { endUserSessions, listUserSessions } from "#app/.server/auth/sessions.ts";
import { renameUser, setFollowUpDigest, setTimeZone } from "#app/.server/auth/users.ts";
import { requireApp } from "#app/.server/context.ts";
import { acceptForm, parseForm, refuseForm } from "#app/.server/http/form-data.ts";
import { AdminPage, Notice, Panel } from "#app/components/admin/ui.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { CheckboxField, Field, Input, Select } from "#app/components/ui/field.tsx";
import { roleLabels } from "#app/lib/back-office.ts";
import { formatMoment } from "#app/lib/format-date.ts";
import { DIGEST_HOUR } from "#app/lib/leads.ts";
import { timeZoneNames, zoneOf } from "#app/lib/time-zone.ts";
import type { Route } from "./+types/admin.account";
import { accountForm } from "./admin.account.server.ts";

// WebAuthn's browser code loads only on this page, and only where passkeys work.
const PasskeyAdd = lazy(() => import("#app/components/admin/passkey-add.tsx"));

export const middleware: Route.MiddlewareFunction[] = [signedInOnly];

export async function loader({ context }: Route.LoaderArgs) {
  const db = requireApp(context).database.db;
  const { user, session } = currentUser(context);
  const zone = zoneOf(user);
  const [keys, sessions] = await Promise.all([
    listPasskeys(db, user.id),
    listUserSessions(db, user.id),
  ]);
  return {
    user: {
      name: user.name,
      email: user.email,
      role: roleLabels[user.role],
      timeZone: zoneOf(user),
      // Only for the roles that own leads; null for the others.
      followUpEmail: canUse(user.role, "leads") ? user.followUpDigest : null,
    },
    timeZones: timeZoneNames(),
    passkeys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      created: formatMoment(key.createdAt, zone),
      lastUsed: formatMoment(key.lastUsedAt, zone),
    })),
    sessions: sessions.map((entry, index) => ({
      key: index,
      current: entry.id === session.id,
      device: describeDevice(entry.userAgent),
      method: entry.method === "passkey" ? "passkey" : "email link",
      started: formatMoment(entry.createdAt, zone),
      lastSeen: formatMoment(entry.lastSeenAt, zone),
    })),
  };
}

/** A browser's User-Agent in a few words ("Chrome on Android"). */
function describeDevice(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "A browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "an unknown system";
  return `${browser} on ${system}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = requireApp(context);
  const db = app.database.db;
  const { user } = currentUser(context);
  const form = await parseForm(request, accountForm);
  if (!form.ok) {
    if (form.fields.intent) return refuseForm("Unknown action.");
    // Only the name can be wrong: said beside it, not above the page.
    if (form.fields.timeZone) {
      return refuseForm<"timeZone">("The time zone was not changed.", {
        fields: { timeZone: form.fields.timeZone },
      });
    }
    return refuseForm<"name">(form.fields.name ?? "The change was not made.", form);
  }
  const sent = form.data;
  if (sent.intent === "rename") {
    await renameUser(db, user.id, sent.name);
    return acceptForm("Your name is saved.");
  }
  if (sent.intent === "time-zone") {
    const changed = await setTimeZone(db, user.id, sent.timeZone, {
      onlyIfUnset: sent.auto === "yes",
    });
    return acceptForm(
      changed ? `Times are now shown in ${sent.timeZone}.` : `Times are shown in ${zoneOf(user)}.`,
      { intent: "time-zone" },
    );
  }
  if (sent.intent === "follow-up-email") {
    if (!canUse(user.role, "leads")) return refuseForm("Only those who work the leads own any.");
    await setFollowUpDigest(db, user.id, sent.on);
    return acceptForm(
      sent.on
        ? `You will get an email at ${DIGEST_HOUR}:00 (your time) on mornings when leads of yours are due a follow-up.`
        : "You will get no more morning emails of follow-ups.",
    );
  }
  if (sent.intent === "delete-passkey") {
    return (await deletePasskey(db, user.id, sent.id))
      ? acceptForm("The passkey is removed. It can no longer sign you in.")
      : refuseForm("That passkey was already removed.", { status: 404 });
  }
  const ended = await endUserSessions(db, user.id);
  app.log.info("signed out everywhere", { userId: user.id, sessions: ended });
  throw redirect(`${href("/admin/sign-in")}?signed-out=everywhere`, {
    headers: { "Set-Cookie": clearSessionCookie(request) },
  });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, passkeys, sessions } = loaderData;
  const navigation = useNavigation();
  const [passkeysWork, setPasskeysWork] = useState(false);
  useEffect(() => setPasskeysWork(typeof window.PublicKeyCredential === "function"), []);
  const fields: Partial<Record<"name" | "timeZone", string>> = actionData?.fields ?? {};
  const nameError = fields.name;
  const zoneError = fields.timeZone;
  return (
    <AdminPage title="Your account" lead={`${user.email} · ${user.role}`}>
      {actionData && !nameError && !zoneError ? (
        <Notice tone={actionData.ok ? "success" : "error"}>{actionData.message}</Notice>
      ) : null}
      <Panel title="Your name" id="name-heading">
        <Form method="post" className="max-w-md space-y-4">
          <input type="hidden" name="intent" value="rename" />
          <Field
            id="account-name"
            label="Name"
            hint="Shown beside your notes and status changes."
            error={nameError}
          >
            {(control) => (
              <Input
                {...control}
                name="name"
                autoComplete="name"
                maxLength={100}
                defaultValue={user.name}
              />
            )}
          </Field>
          <Button type="submit" disabled={navigation.state === "submitting"}>
            Save name
          </Button>
        </Form>
      </Panel>
      <Panel title="Time zone" id="time-zone-heading">
        <Form method="post" className="max-w-md space-y-4" key={user.timeZone}>
          <input type="hidden" name="intent" value="time-zone" />
          <Field
            id="account-time-zone"
            label="Show and enter times in"
            hint="Every time in the back office, scheduling included. Stored in UTC."
            error={zoneError}
          >
            {(control) => (
              <Select {...control} name="timeZone" defaultValue={user.timeZone}>
                {loaderData.timeZones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll("_", " ")}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button type="submit" disabled={navigation.state === "submitting"}>
            Save time zone
          </Button>
        </Form>
      </Panel>
      {user.followUpEmail === null ? null : (
        <Panel title="Morning email" id="follow-up-email-heading">
          <Form method="post" className="max-w-xl space-y-4" key={String(user.followUpEmail)}>
            <input type="hidden" name="intent" value="follow-up-email" />
            <CheckboxField
              id="account-follow-up-email"
              name="on"
              defaultChecked={user.followUpEmail}
              label="Email me my follow-ups each morning"
              hint={`At ${DIGEST_HOUR}:00 in your time zone, when leads of yours are due a follow-up (today or overdue): each one, with its link. No email when none is due.`}
            />
            <Button type="submit" disabled={navigation.state === "submitting"}>
              Save morning email
            </Button>
          </Form>
        </Panel>
      )}
      <Panel title="Passkeys" id="passkeys-heading">
        <p className="text-ink-soft">
          A passkey signs you in with your fingerprint, face or device PIN, without waiting for an
          email. It never leaves your device.
        </p>
        {passkeys.length === 0 ? (
          <p className="mt-4">You have no passkeys yet.</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
            {passkeys.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-semibold">{key.name}</p>
                  <p className="text-sm text-ink-soft">
                    Added {key.created} · last used {key.lastUsed}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete-passkey" />
                  <input type="hidden" name="id" value={key.id} />
                  <Button type="submit" variant="danger" size="small">
                    Remove<span className="sr-only"> passkey {key.name}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {passkeysWork ? (
          <Suspense fallback={null}>
            <PasskeyAdd />
          </Suspense>
        ) : (
          <p className="mt-4 text-sm text-ink-soft">
            Adding a passkey needs a browser with JavaScript and passkey support.
          </p>
        )}
      </Panel>
      <Panel title="Where you are signed in" id="sessions-heading">
        <ul className="divide-y divide-slate-200 border-y border-slate-200">
          {sessions.map((entry) => (
            <li key={entry.key} className="py-3">
              <p className="font-semibold">
                {entry.device}
                {entry.current ? " (this browser)" : ""}
              </p>
              <p className="text-sm text-ink-soft">
                Signed in {entry.started} with {entry.method} · last seen {entry.lastSeen}
              </p>
            </li>
          ))}
        </ul>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <Button type="submit" variant="outline" size="small">
            Sign out everywhere, this browser too
          </Button>
        </Form>
      </Panel>
    </AdminPage>
  );
}
