export type ContactValues = { name: string; email: string; message: string };

/** What the server answers to a contact submission, for the JSON endpoint and the page. */
export type ContactResult =
  | { ok: true }
  | {
      ok: false;
      kind: "invalid" | "rate-limited" | "failed";
      title: string;
      description?: string;
      values?: ContactValues;
    };
