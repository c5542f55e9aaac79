import {
  createSignInLink,
  SIGN_IN_LINK_MINUTES,
  type SignInLink,
} from "#app/.server/auth/sign-in-links.ts";
import type { User } from "#app/.server/auth/users.ts";
import type { AppContext } from "#app/.server/context.ts";
import { enqueueEmail } from "#app/.server/mail/outbox.ts";
import { site } from "#app/content/site.ts";
import { INVITE_LINK_DAYS } from "#app/lib/back-office.ts";

/** A sign-in asked for on the sign-in page may carry the page to return to afterwards. */
type Purpose =
  | { kind: "sign-in"; next?: string | null }
  | { kind: "invite"; invitedBy: string | null; next?: string | null };

/**
 * A new sign-in link for this person, emailed through the outbox (SMTP, or an .eml file
 * under DATA_DIR/mail when no SMTP server is configured). The link and its email are
 * stored together; an email still unsent when the link expires is dropped, not sent late.
 */
export async function emailSignInLink(
  app: Pick<AppContext, "database" | "kickMail">,
  options: { user: User; origin: string } & Purpose,
): Promise<SignInLink> {
  const link = await app.database.db.transaction(async (tx) => {
    const created = await createSignInLink(tx, {
      userId: options.user.id,
      origin: options.origin,
      next: options.next,
      // An invitation waits for days; a sign-in link asked for now is for now.
      minutes: options.kind === "invite" ? INVITE_LINK_DAYS * 24 * 60 : SIGN_IN_LINK_MINUTES,
    });
    const mail =
      options.kind === "invite" ? inviteEmail(options, created) : signInEmail(options, created);
    await enqueueEmail(tx, { ...mail, to: options.user.email, expiresAt: created.expiresAt });
    return created;
  });
  app.kickMail();
  return link;
}

function greeting(user: User) {
  return user.name ? `Hello ${user.name},` : "Hello,";
}

function signInEmail(options: { user: User }, link: SignInLink) {
  return {
    kind: "sign-in",
    subject: `Your sign-in link for the ${site.name} back office`,
    text: [
      greeting(options.user),
      "",
      `Open this link to sign in to the ${site.name} back office:`,
      "",
      link.url,
      "",
      `It works once, for ${SIGN_IN_LINK_MINUTES} minutes. If you did not ask to sign in, ignore this email: nobody can sign in without the link.`,
    ].join("\n"),
  };
}

function inviteEmail(options: { user: User; invitedBy: string | null }, link: SignInLink) {
  return {
    kind: "invite",
    subject: `You're invited to the ${site.name} back office`,
    text: [
      greeting(options.user),
      "",
      `${options.invitedBy ?? "An admin"} invited you to the ${site.name} back office (role: ${options.user.role}).`,
      "Open this link to sign in:",
      "",
      link.url,
      "",
      `It works once, within ${INVITE_LINK_DAYS} days. After that, ask for a new link on the sign-in page with this email address.`,
      "Once signed in, you can add a passkey to sign in without email next time.",
    ].join("\n"),
  };
}
