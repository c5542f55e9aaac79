import { startRegistration } from "@simplewebauthn/browser";
import { type FormEvent, useState } from "react";
import { href, useRevalidator } from "react-router";
import { Notice } from "#app/components/admin/ui.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";

type Answer = { ok: true; options?: unknown } | { ok: false; message: string };

async function post(body: unknown): Promise<Answer> {
  const response = await fetch(href("/admin/account/passkeys"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Answer;
}

/** Creates a passkey on this device (or a phone nearby) for the signed-in person. */
export default function PasskeyAdd() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "");
    setBusy(true);
    setOutcome(null);
    try {
      const options = await post({ step: "options" });
      if (!options.ok) throw new Error(options.message);
      const response = await startRegistration({
        optionsJSON: options.options as Parameters<typeof startRegistration>[0]["optionsJSON"],
      });
      const answer = await post({ step: "verify", response, name });
      if (!answer.ok) throw new Error(answer.message);
      form.reset();
      setOutcome({
        ok: true,
        message: `Passkey “${name.trim()}” added. Next time, sign in with it.`,
      });
      await revalidator.revalidate();
    } catch (error) {
      setOutcome({
        ok: false,
        message:
          error instanceof Error && error.name !== "NotAllowedError"
            ? error.message
            : "No passkey was created. Try again when you are ready.",
      });
    } finally {
      setBusy(false);
    }
  }
  const error = outcome && !outcome.ok ? outcome.message : undefined;
  return (
    <form onSubmit={add} className="mt-6 space-y-4">
      {outcome?.ok ? <Notice tone="success">{outcome.message}</Notice> : null}
      <Field
        id="passkey-name"
        label="Name for the new passkey"
        hint="So you can tell your passkeys apart, e.g. “Work laptop”."
        error={error}
      >
        {(control) => <Input {...control} name="name" required maxLength={60} />}
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? "Waiting for your device…" : "Add a passkey"}
      </Button>
    </form>
  );
}
