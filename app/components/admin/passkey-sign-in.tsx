import { startAuthentication } from "@simplewebauthn/browser";
import { useState } from "react";
import { href } from "react-router";
import { Notice } from "#app/components/admin/ui.tsx";
import { Button } from "#app/components/ui/button.tsx";

type Answer = { ok: true; options?: unknown; to?: string } | { ok: false; message: string };

async function post(body: unknown): Promise<Answer> {
  const response = await fetch(href("/admin/sign-in/passkey"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Answer;
}

/** Asks the browser for one of the team's passkeys and signs in with it. */
export default function PasskeySignIn({ next }: { next: string | null }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function signIn() {
    setBusy(true);
    setProblem(null);
    try {
      const options = await post({ step: "options" });
      if (!options.ok) throw new Error(options.message);
      const response = await startAuthentication({
        optionsJSON: options.options as Parameters<typeof startAuthentication>[0]["optionsJSON"],
      });
      const answer = await post({ step: "verify", response, next });
      if (!answer.ok) throw new Error(answer.message);
      // A full page load: every part of the back office is read again as the signed-in person.
      window.location.assign(answer.to ?? href("/admin"));
    } catch (error) {
      setProblem(
        error instanceof Error && error.name !== "NotAllowedError"
          ? error.message
          : "No passkey was used. Try again, or use an email link.",
      );
      setBusy(false);
    }
  }
  return (
    <div className="mt-4 space-y-4">
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      <Button type="button" variant="outline" onClick={signIn} disabled={busy}>
        {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </Button>
    </div>
  );
}
