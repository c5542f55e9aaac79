import { ArrowLeft, ArrowRight, ChevronDown } from "lucide-react";
import { Fragment, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { DeliveryBadge } from "#app/components/admin/lead-badges.tsx";
import { LeadProperties } from "#app/components/admin/lead-properties.tsx";
import { LeaveNotice, useLeaveGuard } from "#app/components/admin/leave-guard.tsx";
import { LinkedInField } from "#app/components/admin/linkedin-field.tsx";
import { type Shortcut, ShortcutHelp, useShortcuts } from "#app/components/admin/shortcuts.tsx";
import { SpammedNotice } from "#app/components/admin/spammed-notice.tsx";
import { AdminPage, Notice, Panel, SignInAgain } from "#app/components/admin/ui.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { CheckboxField, Field, Input, Select, Textarea } from "#app/components/ui/field.tsx";
import { keepPageWhenSignedOut, stayWhenSignedOut } from "#app/lib/form-answer.ts";
import { withTemplate } from "#app/lib/reply-template.ts";
import type { Route } from "./+types/admin.leads.$id";
import { leadAction, loadLead } from "./admin.leads.$id.server.ts";

export const loader = (args: Route.LoaderArgs) => loadLead(args);

export const action = (args: Route.ActionArgs) => leadAction(args);

// A reply or a note sent after the session has ended stays on the page, as in the editor
// (stayWhenSignedOut), instead of following the server to the sign-in page.
export const clientAction = (args: Route.ClientActionArgs) => stayWhenSignedOut(args);

export const shouldRevalidate = keepPageWhenSignedOut;

const termClass = "text-sm font-semibold text-ink-soft";
const definitionClass = "mb-3 [overflow-wrap:anywhere]";

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, delivery, activity } = loaderData;
  // Emptied after its own note is saved, and only then: a draft survives a status change.
  // (Without JavaScript the page comes back from the server with an empty field anyway.)
  const noteField = useRef<HTMLTextAreaElement>(null);
  const replyField = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!actionData?.ok) return;
    const sent =
      actionData.intent === "note" ? noteField : actionData.intent === "reply" ? replyField : null;
    if (sent?.current) sent.current.value = "";
  }, [actionData]);
  // The form pressed is gone or disabled while it was sent, and the answer is at the top of
  // a long page: the focus goes to the answer, which comes into view and is read out. Not
  // for the answer the page was rendered with (without JavaScript it opens at its top).
  const answer = useRef<HTMLDivElement>(null);
  const answered = useRef(actionData);
  useEffect(() => {
    if (actionData === answered.current) return;
    answered.current = actionData;
    answer.current?.focus();
  }, [actionData]);
  // A reply or note written and not sent yet: leaving asks first (a link, Back, a shortcut).
  const [unsent, setUnsent] = useState({ reply: false, note: false });
  const checkUnsent = () =>
    setUnsent({
      reply: Boolean(replyField.current?.value.trim()),
      note: Boolean(noteField.current?.value.trim()),
    });
  // After the effect above has emptied what was sent; at first for a refused one kept.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reads the fields after each answer
  useEffect(checkUnsent, [actionData]);
  const leaveGuard = useLeaveGuard(unsent.reply || unsent.note, {
    ask:
      unsent.reply && unsent.note
        ? "Your reply is not sent and your note is not added. Leave this lead anyway?"
        : unsent.reply
          ? "Your reply is not sent. Leave this lead without sending it?"
          : "Your note is not added. Leave this lead without adding it?",
    leave: "Leave this lead",
  });
  const { leaveTo } = leaveGuard;
  const submit = useSubmit();
  const shortcuts: Shortcut[] = [
    {
      key: "j",
      label: "Next lead",
      run: () => loaderData.neighbours.next && leaveTo(loaderData.neighbours.next),
    },
    {
      key: "k",
      label: "Previous lead",
      run: () => loaderData.neighbours.previous && leaveTo(loaderData.neighbours.previous),
    },
    {
      key: "a",
      label: "Assign this lead to me",
      run: () => {
        if (!loaderData.mine) submit({ intent: "assign-me" }, { method: "post" });
      },
    },
    { key: "r", label: "Write a reply", run: () => replyField.current?.focus() },
    { key: "u", label: "Back to the list", run: () => leaveTo(loaderData.backTo) },
  ];
  const { helpOpen, setHelpOpen } = useShortcuts(shortcuts);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const fields: Partial<
    Record<"note" | "confirm" | "reply" | "subject" | "on" | "owner" | "value" | "linkedin", string>
  > = actionData?.fields ?? {};
  const noteProblem = fields.note;
  const confirmProblem = fields.confirm;
  const plural = loaderData.fromAddress === 1 ? "lead" : "leads";
  return (
    <AdminPage
      title={lead.name || "(no name)"}
      lead={
        <>
          <span className="[overflow-wrap:anywhere]">{lead.email}</span> ·{" "}
          {lead.added ? "added" : "received"}{" "}
          <time dateTime={lead.receivedIso}>{lead.received}</time>
        </>
      }
      actions={
        <>
          <LeadNavigation backTo={loaderData.backTo} neighbours={loaderData.neighbours} />
          {/* Beside the way to the next lead: spam is done with, and the next one opens (the
              page it opens offers Undo). */}
          {lead.status === "spam" ? null : (
            // Answered with the next lead: a reply being written would be lost.
            <Form method="post" data-leaves-page="">
              <input type="hidden" name="intent" value="spam" />
              <Button type="submit" variant="outline" size="small" disabled={busy}>
                Mark as spam
              </Button>
            </Form>
          )}
        </>
      }
    >
      {actionData ? (
        <Notice tone={actionData.ok ? "success" : "error"} ref={answer} tabIndex={-1}>
          {actionData.message}
          {actionData.signedOut ? <SignInAgain /> : null}
        </Notice>
      ) : loaderData.spammed ? (
        <SpammedNotice spammed={loaderData.spammed} />
      ) : null}
      <LeaveNotice {...leaveGuard} />
      <ShortcutHelp shortcuts={shortcuts} open={helpOpen} onClose={() => setHelpOpen(false)} />
      <LeadProperties
        lead={lead}
        owners={loaderData.owners}
        mine={loaderData.mine}
        busy={busy}
        pageAnswer={actionData}
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="min-w-0 space-y-8">
          {/* A lead added by hand sent no message: its first note says who they are. */}
          {lead.added ? (
            <Panel title="Added by hand" id="added-heading">
              {lead.added.note ? (
                <p className="whitespace-pre-wrap rounded-lg bg-sand p-3 text-ink [overflow-wrap:anywhere]">
                  {lead.added.note}
                </p>
              ) : (
                <p className="text-ink-soft">
                  No note about them yet: add one under Notes and history.
                </p>
              )}
              <dl className="mt-4 grid gap-x-6 sm:grid-cols-2">
                <div>
                  <dt className={termClass}>How they reached us</dt>
                  <dd className={definitionClass}>{lead.added.origin}</dd>
                </div>
                <div>
                  <dt className={termClass}>Added by</dt>
                  <dd className={definitionClass}>{lead.added.by}</dd>
                </div>
              </dl>
            </Panel>
          ) : (
            <Panel title="Message" id="message-heading">
              {/* Shown as text, line breaks kept: nothing a visitor wrote is read as HTML. */}
              <p className="whitespace-pre-wrap text-ink [overflow-wrap:anywhere]">
                {lead.message}
              </p>
            </Panel>
          )}

          <Panel title="Reply" id="reply-heading">
            {loaderData.templates.length > 0 ? (
              <Form
                method="get"
                className="mb-4 flex flex-wrap items-end gap-3"
                onSubmit={(event) => {
                  // With scripts the template goes straight into the reply.
                  event.preventDefault();
                  const id = new FormData(event.currentTarget).get("template");
                  const chosen = loaderData.templates.find((template) => template.id === id);
                  const field = replyField.current;
                  if (!chosen || !field) return;
                  field.value = withTemplate(
                    field.value,
                    chosen.body,
                    loaderData.templates.map((template) => template.body),
                  );
                  checkUnsent();
                  field.focus();
                }}
              >
                {loaderData.filterParams.map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <div className="w-full sm:w-64">
                  <Field id="reply-template" label="Template">
                    {(control) => (
                      <Select
                        {...control}
                        name="template"
                        defaultValue={loaderData.chosenTemplate ?? ""}
                      >
                        <option value="">Choose a saved reply</option>
                        {loaderData.templates.map((template) => (
                          <option key={template.id} value={template.id}>
                            {template.title}
                          </option>
                        ))}
                      </Select>
                    )}
                  </Field>
                </div>
                <Button type="submit" variant="outline" size="small">
                  Use template
                </Button>
              </Form>
            ) : null}
            <Form
              method="post"
              noValidate
              className="space-y-4 [overflow-wrap:anywhere]"
              onInput={checkUnsent}
            >
              <input type="hidden" name="intent" value="reply" />
              <Field id="reply-subject" label="Subject" error={fields.subject}>
                {(control) => (
                  <Input
                    {...control}
                    name="subject"
                    maxLength={loaderData.replySubjectMaxLength}
                    defaultValue={actionData?.values?.subject ?? loaderData.replySubject}
                  />
                )}
              </Field>
              <Field
                id="lead-reply"
                label="Your reply"
                hint={`Sent to ${lead.email} from the site's address in your name; answers come to you.${lead.added ? "" : " Their message is quoted below yours."}`}
                error={fields.reply}
              >
                {(control) => (
                  <Textarea
                    ref={replyField}
                    {...control}
                    name="reply"
                    rows={6}
                    maxLength={loaderData.replyMaxLength}
                    defaultValue={
                      actionData?.values?.reply ??
                      loaderData.templates.find(
                        (template) => template.id === loaderData.chosenTemplate,
                      )?.body
                    }
                  />
                )}
              </Field>
              <Button type="submit" disabled={busy}>
                Send reply
              </Button>
            </Form>
          </Panel>

          <Panel title="Notes and history" id="history-heading">
            <Form method="post" noValidate className="space-y-4" onInput={checkUnsent}>
              <input type="hidden" name="intent" value="note" />
              <Field
                id="lead-note"
                label="Add a note"
                hint={`Only the team sees notes. Up to ${loaderData.noteMaxLength.toLocaleString("en-US")} characters.`}
                error={noteProblem}
              >
                {(control) => (
                  <Textarea
                    ref={noteField}
                    {...control}
                    name="note"
                    rows={4}
                    maxLength={loaderData.noteMaxLength}
                    defaultValue={actionData?.values?.note}
                  />
                )}
              </Field>
              <Button type="submit" disabled={busy}>
                Add note
              </Button>
            </Form>
            <h3 className="mt-8 font-semibold text-ink">History, newest first</h3>
            <ol className="mt-3 space-y-4">
              {activity.map((entry) => (
                <li key={entry.id} className="border-l-4 border-slate-200 pl-4">
                  <p className="text-sm text-ink-soft">
                    <span className="font-semibold text-ink">{entry.who}</span> ·{" "}
                    <time dateTime={entry.whenIso}>{entry.when}</time>
                  </p>
                  <p>
                    {entry.what}
                    {entry.delivery ? (
                      <>
                        {" "}
                        <DeliveryBadge state={entry.delivery} />
                      </>
                    ) : null}
                  </p>
                  {entry.note ? (
                    <p className="mt-1 whitespace-pre-wrap rounded-lg bg-sand p-3 [overflow-wrap:anywhere]">
                      {entry.note}
                    </p>
                  ) : null}
                  {entry.edited ? (
                    <p className="mt-1 text-sm text-ink-soft">{`Edited ${entry.edited}`}</p>
                  ) : null}
                  {entry.editable ? (
                    <NoteActions id={entry.id} note={entry.note ?? ""} busy={busy} />
                  ) : null}
                </li>
              ))}
              {/* A lead added by hand starts with its "added" entry instead. */}
              {lead.added ? null : (
                <li className="border-l-4 border-slate-200 pl-4">
                  <p className="text-sm text-ink-soft">
                    <time dateTime={lead.receivedIso}>{lead.received}</time>
                  </p>
                  <p>Message received through the contact form</p>
                </li>
              )}
            </ol>
          </Panel>
        </div>

        <div className="min-w-0 space-y-8">
          {/* A lead added by hand came through no visit: the panel above says how it came. */}
          {lead.added ? null : (
            <Panel title="Source" id="source-heading">
              <SourceWords words={lead.sourceWords} />
              <details className="mt-2 text-sm">
                <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-700">
                  Raw visit data
                </summary>
                <dl className="mt-2">
                  {lead.source.map((line) => (
                    <Fragment key={line.label}>
                      <dt className={termClass}>{line.label}</dt>
                      <dd className={cn(definitionClass, "font-mono text-xs")}>{line.value}</dd>
                    </Fragment>
                  ))}
                </dl>
              </details>
            </Panel>
          )}

          <Panel title="Details" id="details-heading">
            <dl>
              <dt className={termClass}>Email</dt>
              <dd className={definitionClass}>
                <a href={`mailto:${lead.email}`} className="font-semibold text-brand-700 underline">
                  {lead.email}
                </a>
              </dd>
              <dt className={termClass}>LinkedIn</dt>
              <dd className={definitionClass}>
                {lead.linkedin ? (
                  <a
                    href={lead.linkedin.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-semibold text-brand-700 underline"
                  >
                    {lead.linkedin.label}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : (
                  <span className="text-ink-soft">Not noted</span>
                )}
                {/* Open again after a refusal, with what was typed and why; closed again once
                    the profile has changed (drawn anew for it). */}
                <details
                  key={lead.linkedin?.url ?? "none"}
                  open={fields.linkedin ? true : undefined}
                >
                  <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-brand-700">
                    {lead.linkedin ? "Change" : "Add their profile"}
                    <span className="sr-only"> (LinkedIn)</span>
                  </summary>
                  <Form method="post" noValidate className="space-y-3">
                    <input type="hidden" name="intent" value="linkedin" />
                    <LinkedInField
                      id="lead-linkedin"
                      label="LinkedIn profile"
                      error={fields.linkedin}
                      defaultValue={
                        actionData?.ok === false && actionData.values?.linkedin !== undefined
                          ? actionData.values.linkedin
                          : (lead.linkedin?.url ?? "")
                      }
                    />
                    <div className="flex flex-wrap gap-3">
                      <Button type="submit" variant="outline" size="small" disabled={busy}>
                        Save profile
                      </Button>
                      {lead.linkedin ? (
                        <Button
                          type="submit"
                          name="remove"
                          value="yes"
                          variant="outline"
                          size="small"
                          disabled={busy}
                        >
                          Remove
                          <span className="sr-only"> the LinkedIn profile</span>
                        </Button>
                      ) : null}
                    </div>
                  </Form>
                </details>
              </dd>
              <dt className={termClass}>{lead.added ? "Added" : "Received"}</dt>
              <dd className={definitionClass}>{lead.received}</dd>
              <dt className={termClass}>From this address</dt>
              <dd className={definitionClass}>
                {loaderData.fromAddress > 1 ? (
                  // All of them in the inbox (spam aside, which has its own status).
                  <Link
                    to={loaderData.fromAddressList}
                    className="font-semibold text-brand-700 underline"
                  >
                    {`${loaderData.fromAddress} ${plural} in total`}
                  </Link>
                ) : (
                  `${loaderData.fromAddress} ${plural} in total`
                )}
              </dd>
            </dl>
          </Panel>

          {/* The plumbing (the team's notification email, the visitor's address, export and
              erasure) is out of the way until someone needs it. */}
          <details className="group rounded-2xl border border-slate-200 bg-white">
            <summary className="flex min-h-11 cursor-pointer items-center gap-2 p-5 font-display text-xl font-bold text-ink sm:px-6">
              Delivery and privacy
              {delivery && delivery.status !== "sent" ? (
                <span className="font-sans text-base font-normal">
                  <DeliveryBadge state={delivery.status} />
                </span>
              ) : null}
              <ChevronDown aria-hidden="true" className="ml-auto size-5 group-open:rotate-180" />
            </summary>
            <div className="space-y-8 border-t border-slate-200 p-5 sm:p-6">
              <dl>
                <dt className={termClass}>Client IP address</dt>
                <dd className={definitionClass}>{lead.clientIp ?? "Not recorded"}</dd>
              </dl>
              <Panel
                title="Notification email"
                id="delivery-heading"
                className="border-0 p-0 sm:p-0"
              >
                {delivery ? (
                  <>
                    <dl>
                      <dt className={termClass}>State</dt>
                      <dd className={definitionClass}>
                        <DeliveryBadge state={delivery.status} />
                      </dd>
                      <dt className={termClass}>Attempts</dt>
                      <dd className={definitionClass}>{delivery.attempts}</dd>
                      <dt className={termClass}>Sent</dt>
                      <dd className={definitionClass}>{delivery.sentAt ?? "Not yet"}</dd>
                      {delivery.status === "pending" ? (
                        <>
                          <dt className={termClass}>Next attempt</dt>
                          <dd className={definitionClass}>{delivery.nextAttempt}</dd>
                        </>
                      ) : null}
                      {delivery.lastError ? (
                        <>
                          <dt className={termClass}>Last error</dt>
                          <dd className={`${definitionClass} font-mono text-sm`}>
                            {delivery.lastError}
                          </dd>
                        </>
                      ) : null}
                    </dl>
                    {delivery.queued ? (
                      <p className="text-ink-soft">It is queued and goes out within seconds.</p>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="resend" />
                        <Button type="submit" variant="outline" size="small" disabled={busy}>
                          Resend email
                        </Button>
                      </Form>
                    )}
                  </>
                ) : (
                  <p className="text-ink-soft">
                    {lead.added
                      ? "None: a lead added by hand notifies nobody."
                      : "No notification email was queued for this message."}
                  </p>
                )}
              </Panel>

              <Panel title="Privacy" id="privacy-heading" className="border-0 p-0 sm:p-0">
                <p className="text-ink-soft [overflow-wrap:anywhere]">
                  {`For a request from this person: everything we hold about ${lead.email} (${loaderData.fromAddress} ${plural}, their history and delivery).`}
                </p>
                {/* A post (the export is recorded), sent by the browser itself: the answer is
                  a file to save, not a page for the router. */}
                <Form
                  method="post"
                  action={loaderData.exportAction}
                  reloadDocument
                  className="mt-4"
                >
                  <input type="hidden" name="email" value={lead.email} />
                  <Button type="submit" variant="outline" size="small">
                    Export everything about this address
                  </Button>
                </Form>
                <Form method="post" className="mt-6 space-y-4 border-t border-slate-200 pt-6">
                  <input type="hidden" name="intent" value="erase" />
                  <CheckboxField
                    id="erase-confirm"
                    name="confirm"
                    value="yes"
                    required
                    danger
                    label={`I understand this deletes the ${loaderData.fromAddress} ${plural} from ${lead.email}, their notes, history and email copies, and cannot be undone.`}
                    error={confirmProblem}
                  />
                  <Button type="submit" variant="danger" size="small" disabled={busy}>
                    Erase this person
                  </Button>
                </Form>
              </Panel>
            </div>
          </details>
        </div>
      </div>
    </AdminPage>
  );
}

/** "All leads", and the newer and older leads of the same list (the inbox's filter). */
function LeadNavigation({
  backTo,
  neighbours,
}: {
  backTo: string;
  neighbours: { previous: string | null; next: string | null; position: number; total: number };
}) {
  const step = buttonVariants({ variant: "outline", size: "small" });
  return (
    <nav aria-label="Leads" className="flex flex-wrap items-center gap-2">
      <Link to={backTo} className={step}>
        All leads
      </Link>
      {neighbours.total > 0 ? (
        <>
          {neighbours.previous ? (
            <Link to={neighbours.previous} rel="prev" className={step}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              {/* Arrows alone on a phone, so the lead's actions keep to one line. */}
              <span className="max-sm:sr-only">Previous</span>
              <span className="sr-only"> lead</span>
            </Link>
          ) : null}
          <span className="px-1 text-sm text-ink-soft">{`${neighbours.position} of ${neighbours.total}`}</span>
          {neighbours.next ? (
            <Link to={neighbours.next} rel="next" className={step}>
              <span className="max-sm:sr-only">Next</span>
              <span className="sr-only"> lead</span>
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          ) : null}
        </>
      ) : null}
    </nav>
  );
}

type Words = { label: string; value: string }[];

/** Where the lead came from, in words: this visit, the call to action, the first visit. */
function SourceWords({
  words,
}: {
  words: {
    visit: Words | null;
    firstVisit: Words | null;
    firstVisitAt: string | null;
    cta: string | null;
    formPage: string | null;
  };
}) {
  const list = (entries: Words) =>
    entries.map((entry) => (
      <Fragment key={entry.label}>
        <dt className={termClass}>{entry.label}</dt>
        <dd className={definitionClass}>{entry.value}</dd>
      </Fragment>
    ));
  return (
    <>
      {words.visit ? (
        <dl>{list(words.visit)}</dl>
      ) : (
        <p className="mb-3 text-ink-soft">
          Not known: the visitor's browser sent no visit details (scripts off or storage blocked).
        </p>
      )}
      {words.cta || words.formPage ? (
        <dl>
          {list([
            ...(words.cta ? [{ label: "Call to action", value: words.cta }] : []),
            ...(words.formPage ? [{ label: "Form sent from", value: words.formPage }] : []),
          ])}
        </dl>
      ) : null}
      {words.firstVisit ? (
        <>
          <h3 className="mt-4 mb-2 font-semibold text-ink">
            {words.firstVisitAt ? `First visit, ${words.firstVisitAt}` : "First visit"}
          </h3>
          <dl>{list(words.firstVisit)}</dl>
        </>
      ) : null}
    </>
  );
}

/** Edit and Delete under a note of one's own (without scripts too: two details, a form in each). */
function NoteActions({ id, note, busy }: { id: number; note: string; busy: boolean }) {
  return (
    <div className="mt-1 flex flex-wrap items-start gap-x-4">
      <details className="group">
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-brand-700">
          Edit<span className="sr-only"> this note</span>
        </summary>
        <Form method="post" className="mt-2 space-y-3" key={note}>
          <input type="hidden" name="intent" value="note-edit" />
          <input type="hidden" name="noteId" value={id} />
          <Field id={`note-edit-${id}`} label="Note">
            {(control) => <Textarea {...control} name="note" rows={3} defaultValue={note} />}
          </Field>
          <Button type="submit" variant="outline" size="small" disabled={busy}>
            Save note
          </Button>
        </Form>
      </details>
      {/* A deleted note's text is gone for good, so Delete asks first. */}
      <details className="group">
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-red-800">
          Delete<span className="sr-only"> this note</span>
        </summary>
        <Form method="post" className="mt-2 space-y-3">
          <input type="hidden" name="intent" value="note-delete" />
          <input type="hidden" name="noteId" value={id} />
          <p className="text-sm text-ink-soft">
            Its text cannot be brought back; the history keeps a line saying you deleted a note.
          </p>
          <Button type="submit" variant="danger" size="small" disabled={busy}>
            Delete note
          </Button>
        </Form>
      </details>
    </div>
  );
}
