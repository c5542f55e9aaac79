import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { href, Link, useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input, Notice, Textarea } from "#app/components/ui/field.tsx";
import { contactCopy } from "#app/content/contact.ts";
import { type ContactField, contactLimits } from "#app/lib/contact-fields.ts";
import type { ContactResult } from "#app/lib/contact-result.ts";

const inputFields = [
  { name: "name", type: "text" },
  { name: "email", type: "email" },
] as const;
// The toast library loads when the visitor first reaches the form, not with the page.
const loadSonner = () => import("sonner");
// So do the form's checks (the schema the server checks with, and zod: some 7 KB of the
// page's script). A form sent before they have arrived waits for them; one whose checks
// cannot be loaded (the connection gone) is sent as it is, and the server checks it.
const loadChecks = () => import("#app/lib/contact-schema.ts");
let checks: Awaited<ReturnType<typeof loadChecks>> | undefined;
const prepareChecks = () =>
  loadChecks().then(
    (module) => {
      checks = module;
    },
    () => undefined,
  );
const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

// A toast raised before the Toaster has mounted would be lost: wait for it.
let markToasterMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  markToasterMounted = resolve;
});
function ToasterMounted() {
  useEffect(() => markToasterMounted(), []);
  return null;
}

async function showToast(kind: "success" | "error", title: string, description?: string) {
  const [{ toast }] = await Promise.all([loadSonner(), toasterMounted]);
  toast[kind](title, { description });
}

function announce(result: ContactResult) {
  const { toasts } = contactCopy;
  if (result.ok) void showToast("success", toasts.success.title, toasts.success.description);
  else void showToast("error", result.title, result.description);
}

const toastClasses = {
  toast:
    "flex w-[calc(100vw-2rem)] max-w-md items-start gap-3 font-sans rounded-xl border-2 bg-white p-4 text-ink shadow-lg",
  error: "border-red-700",
  success: "border-green-700",
  title: "font-semibold",
  description: "mt-1 text-sm text-ink-soft",
  icon: "mt-0.5 shrink-0",
  closeButton:
    "order-last ml-auto inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-slate-100",
};

/**
 * The contact form. Its fields are plain (uncontrolled) inputs read with FormData, so text
 * typed before the page's scripts have started is still there after they start. Without
 * JavaScript it posts to the page, which answers with the outcome (`serverResult`); with
 * JavaScript a fetcher posts it and toasts tell the outcome, a field refused before sending
 * says why under it (and takes the focus), and a stored message leaves a note under the
 * button of the emptied form once its toast has gone. `page` (this page's path and
 * query) goes with it either way; with JavaScript, so does the visit's source.
 */
export function ContactForm({
  token,
  page,
  cameFrom = null,
  serverResult,
}: {
  token: string;
  page: string;
  /** The campaign page the visitor came from (see cameFromCampaign), when there was one. */
  cameFrom?: string | null;
  serverResult?: ContactResult;
}) {
  const { toasts } = contactCopy;
  const fetcher = useFetcher<ContactResult>();
  const form = useRef<HTMLFormElement>(null);
  const [toasterWanted, setToasterWanted] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<ContactField, string>>>({});
  const [received, setReceived] = useState(false);
  const submitting = fetcher.state !== "idle";
  const kept = serverResult && !serverResult.ok ? serverResult.values : undefined;

  const announced = useRef<ContactResult | null>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || announced.current === result) return;
    announced.current = result;
    announce(result);
    if (result.ok) {
      form.current?.reset();
      setReceived(true);
    }
  }, [fetcher.state, fetcher.data]);

  /** The form's fields as the server will check them; false (and said) when one is refused. */
  function passesChecks(sent: HTMLFormElement, schema: NonNullable<typeof checks>): boolean {
    const values = new FormData(sent);
    const checked = schema.contactSchema.safeParse({
      name: values.get("name"),
      email: values.get("email"),
      message: values.get("message"),
    });
    if (checked.success) {
      setProblems({});
      return true;
    }
    const found = schema.contactFieldProblems(checked.error);
    setProblems(found);
    const first = (["name", "email", "message"] as const).find((field) => found[field]);
    if (first) (sent.elements.namedItem(first) as HTMLElement | null)?.focus();
    const problem = schema.firstContactProblem(checked.error);
    if (problem === toasts.invalid.title) void showToast("error", problem);
    else void showToast("error", "Please check the form", problem);
    return false;
  }

  function reachForm() {
    setToasterWanted(true);
    void prepareChecks();
  }

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    setToasterWanted(true);
    setReceived(false);
    const sent = event.currentTarget;
    if (checks) {
      if (!passesChecks(sent, checks)) event.preventDefault();
      return;
    }
    // Sent before the checks arrived (a tap straight on the button): checked once they
    // have, then sent as the form would have been.
    event.preventDefault();
    void prepareChecks().then(() => {
      if (!checks || passesChecks(sent, checks)) void fetcher.submit(sent);
    });
  }

  return (
    <>
      {toasterWanted ? (
        <Suspense fallback={null}>
          <Toaster
            position="top-center"
            // Below the sticky header and the strip above it (101 px at the top of the
            // page), so a toast never covers the menu or the logo.
            offset={{ top: "7rem" }}
            mobileOffset={{ top: "7rem", left: "1rem", right: "1rem" }}
            closeButton
            toastOptions={{ unstyled: true, classNames: toastClasses }}
          />
          <ToasterMounted />
        </Suspense>
      ) : null}
      <fetcher.Form
        ref={form}
        onFocus={reachForm}
        onPointerEnter={reachForm}
        method="post"
        action="/contact"
        onSubmit={checkBeforeSending}
        // A field being put right is no longer marked; the others keep their message.
        onInput={(event) => {
          const name = (event.target as HTMLInputElement).name as ContactField;
          if (problems[name]) setProblems(({ [name]: _fixed, ...rest }) => rest);
        }}
        noValidate
        data-visit-source=""
        aria-describedby="contact-required-note"
      >
        {serverResult ? <ServerOutcome result={serverResult} /> : null}
        <p id="contact-required-note" className="text-sm text-ink-soft">
          Fields marked * are required.
        </p>
        <input type="hidden" name="token" value={token} />
        {/* sourceFields.page of visit-source.ts, named here so that module stays out of
            this page's scripts; the visit's touches join on submit (data-visit-source). */}
        <input type="hidden" name="page" value={page} />
        {cameFrom ? <input type="hidden" name="came_from" value={cameFrom} /> : null}
        {/* Left empty by people; bots that fill every field are dropped quietly. */}
        <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
          <label htmlFor="contact-website">Website</label>
          <input
            id="contact-website"
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <fieldset disabled={submitting} className="mt-4 space-y-5">
          {inputFields.map((field) => (
            <Field
              key={field.name}
              id={`contact-${field.name}`}
              label={contactCopy.labels[field.name]}
              error={problems[field.name]}
            >
              {(control) => (
                <Input
                  {...control}
                  name={field.name}
                  type={field.type}
                  autoComplete={field.name}
                  required
                  maxLength={contactLimits[field.name]}
                  defaultValue={kept?.[field.name]}
                />
              )}
            </Field>
          ))}
          <Field id="contact-message" label={contactCopy.labels.message} error={problems.message}>
            {(control) => (
              <Textarea
                {...control}
                name="message"
                rows={6}
                required
                maxLength={contactLimits.message}
                defaultValue={kept?.message}
              />
            )}
          </Field>
          <p className="text-sm text-ink-soft">
            {contactCopy.consentNotice}{" "}
            <Link to={href("/privacy-policy")} className="font-semibold text-brand-700 underline">
              {contactCopy.privacyLink}
            </Link>
          </p>
          {/* Flat (shadow-none): the form's card already lifts it off the page. */}
          <Button
            type="submit"
            className="w-full shadow-none disabled:cursor-wait disabled:bg-brand-600 disabled:opacity-100 sm:w-auto"
          >
            {submitting ? contactCopy.submitting : contactCopy.submit}
          </Button>
          {/* Where the visitor pressed the button, once the toast has gone. */}
          {received ? (
            <p className="rounded-lg border-l-4 border-green-700 bg-green-50 p-4 text-green-900">
              {contactCopy.received}
            </p>
          ) : null}
        </fieldset>
      </fetcher.Form>
    </>
  );
}

/** The outcome of a form post made without JavaScript, shown in the returned page. */
function ServerOutcome({ result }: { result: ContactResult }) {
  const { toasts } = contactCopy;
  const title = result.ok ? toasts.success.title : result.title;
  const description = result.ok ? toasts.success.description : result.description;
  return (
    <Notice tone={result.ok ? "success" : "error"} className="mb-6">
      <p className="font-semibold">{title}</p>
      {description ? <p className="mt-1">{description}</p> : null}
    </Notice>
  );
}
