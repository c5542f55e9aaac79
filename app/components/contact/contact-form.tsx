import { lazy, Suspense, useEffect, useState } from "react";
import { contactCopy } from "#app/content/contact.ts";
import type { ContactResult, ContactValues } from "#app/lib/contact-result.ts";
import { contactLimits, contactSchema, firstContactProblem } from "#app/lib/contact-schema.ts";

const empty: ContactValues = { name: "", email: "", message: "" };
const inputFields = [
  { name: "name", type: "text" },
  { name: "email", type: "email" },
] as const;
const fieldClass =
  "mt-2 block w-full rounded-lg border border-slate-400 bg-white px-4 py-3 text-base text-ink placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100";

// The toast library loads when the visitor first reaches the form, not with the page.
const loadSonner = () => import("sonner");
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

/**
 * With JavaScript the form posts to /api/contact and answers with toasts; without it, the
 * same form posts to /contact and the page shows the outcome (`serverResult`).
 */
export function ContactForm({
  idempotencyKey,
  startedAt,
  serverResult,
}: {
  idempotencyKey: string;
  startedAt: number;
  serverResult?: ContactResult;
}) {
  const { toasts } = contactCopy;
  const [values, setValues] = useState<ContactValues>(
    serverResult && !serverResult.ok && serverResult.values ? serverResult.values : empty,
  );
  const [submitting, setSubmitting] = useState(false);
  const [toasterWanted, setToasterWanted] = useState(false);
  const [key, setKey] = useState(idempotencyKey);
  const update = (field: keyof ContactValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setToasterWanted(true);
    const checked = contactSchema.safeParse(values);
    if (!checked.success) {
      const problem = firstContactProblem(checked.error);
      if (problem === toasts.invalid.title) void showToast("error", problem);
      else void showToast("error", "Please check the form", problem);
      return;
    }
    const body = new FormData(event.currentTarget);
    const failure: ContactResult = { ok: false, kind: "failed", ...toasts.failure };
    setSubmitting(true);
    let result: ContactResult;
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        body: new URLSearchParams(body as unknown as Record<string, string>),
        headers: { Accept: "application/json" },
      });
      const answer = (await response.json().catch(() => null)) as ContactResult | null;
      // Anything but a well-formed answer (a proxy error page, an outage) is a failure.
      result =
        answer && (answer.ok === true || (answer.ok === false && answer.title)) ? answer : failure;
    } catch {
      result = failure;
    }
    setSubmitting(false);
    announce(result);
    if (result.ok) {
      setValues(empty);
      setKey(crypto.randomUUID());
    }
  }

  return (
    <>
      {toasterWanted ? (
        <Suspense fallback={null}>
          <Toaster
            position="top-center"
            closeButton
            toastOptions={{
              classNames: {
                toast: "!border-2 !text-ink",
                error: "!border-red-700",
                success: "!border-green-700",
                description: "!text-ink-soft",
              },
            }}
          />
          <ToasterMounted />
        </Suspense>
      ) : null}
      <form
        onFocus={() => setToasterWanted(true)}
        onPointerEnter={() => setToasterWanted(true)}
        method="post"
        action="/contact"
        onSubmit={onSubmit}
        noValidate
        aria-describedby="contact-required-note"
      >
        {serverResult ? <ServerOutcome result={serverResult} /> : null}
        <p id="contact-required-note" className="text-sm text-ink-soft">
          Fields marked * are required.
        </p>
        <input type="hidden" name="idempotencyKey" value={key} />
        <input type="hidden" name="startedAt" value={startedAt} />
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
            <div key={field.name}>
              <label htmlFor={`contact-${field.name}`} className="font-semibold">
                {contactCopy.labels[field.name]}
              </label>
              <input
                id={`contact-${field.name}`}
                name={field.name}
                type={field.type}
                autoComplete={field.name}
                required
                maxLength={contactLimits[field.name]}
                value={values[field.name]}
                onChange={update(field.name)}
                className={fieldClass}
              />
            </div>
          ))}
          <div>
            <label htmlFor="contact-message" className="font-semibold">
              {contactCopy.labels.message}
            </label>
            <textarea
              id="contact-message"
              name="message"
              rows={6}
              required
              maxLength={contactLimits.message}
              value={values.message}
              onChange={update("message")}
              className={fieldClass}
            />
          </div>
          <button
            type="submit"
            className="inline-flex min-h-11 w-full items-center justify-center rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:bg-brand-600 sm:w-auto"
          >
            {submitting ? contactCopy.submitting : contactCopy.submit}
          </button>
        </fieldset>
      </form>
    </>
  );
}

/** The outcome of a form post made without JavaScript, shown in the returned page. */
function ServerOutcome({ result }: { result: ContactResult }) {
  const { toasts } = contactCopy;
  const title = result.ok ? toasts.success.title : result.title;
  const description = result.ok ? toasts.success.description : result.description;
  return (
    <div
      role={result.ok ? "status" : "alert"}
      className={`mb-6 rounded-lg border-l-4 p-4 ${
        result.ok
          ? "border-green-700 bg-green-50 text-green-900"
          : "border-red-700 bg-red-50 text-red-900"
      }`}
    >
      <p className="font-semibold">{title}</p>
      {description ? <p className="mt-1">{description}</p> : null}
    </div>
  );
}
