import { data } from "react-router";
import type { z } from "zod";
import type { FormAnswer } from "#app/lib/form-answer.ts";

export type { FormAnswer };

const formTypes = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

const refusal = (message: string) =>
  new Response(message, {
    status: 415,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * A posted form's fields. A body that is not form data (JSON, plain text, multipart
 * without its boundary) is the client's mistake: 415 with a short reason (the page's error
 * boundary shows it; a resource route answers it as is), never the TypeError
 * request.formData() throws, which answered 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  if (!formTypes.test(request.headers.get("content-type") ?? "")) {
    throw refusal("Send the form as a normal form post.");
  }
  try {
    return await request.formData();
  } catch {
    throw refusal("Send the form as a normal form post: this one could not be read.");
  }
}

export type ParsedForm<T> =
  | { ok: true; data: T; values: Record<string, string> }
  | { ok: false; fields: Record<string, string>; values: Record<string, string> };

/**
 * Reads a posted form and checks it against `schema`: the one way an action reads its
 * fields. A field sent once is a string, one sent several times (tags, ids) an array, so
 * the schema says what it expects; an upload stays a File. After a refusal, `fields` holds
 * the first problem of each field (by its name; `intent` for an unknown action) and
 * `values` what was typed, at most 10,000 characters a field.
 */
export async function parseForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<ParsedForm<z.output<Schema>>> {
  return checkForm(await readFormData(request), schema);
}

export function checkForm<Schema extends z.ZodType>(
  form: FormData,
  schema: Schema,
): ParsedForm<z.output<Schema>> {
  const input: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  const values: Record<string, string> = {};
  for (const name of new Set(form.keys())) {
    const all = form.getAll(name);
    input[name] = all.length === 1 ? (all[0] as FormDataEntryValue) : all;
    const texts = all.filter((value): value is string => typeof value === "string");
    if (texts.length > 0) values[name] = texts.join(", ").slice(0, 10_000);
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data, values };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? "form");
    fields[name] ??= issue.message;
  }
  return { ok: false, fields, values };
}

/** The answer to a refused form: its message, status (400 unless given) and details. */
export function refuseForm<Field extends string>(
  message: string,
  details: Omit<FormAnswer<Field>, "ok" | "message"> & {
    status?: number;
    headers?: HeadersInit;
  } = {},
) {
  const { status = 400, headers, ...rest } = details;
  return data<FormAnswer<Field>>({ ok: false, message, ...rest }, { status, headers });
}

/** The answer to a form that did what was asked. */
export function acceptForm<Field extends string>(
  message: string,
  details: Pick<FormAnswer<Field>, "intent"> = {},
) {
  return data<FormAnswer<Field>>({ ok: true, message, ...details });
}
