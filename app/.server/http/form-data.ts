import { data } from "react-router";
import { type core, safeParse, type z } from "zod";
import type { FormAnswer } from "#app/lib/form-answer.ts";

export type { FormAnswer };

const formTypes = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

const refusal = (message: string, status = 415) =>
  new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** The body, read until `limit` bytes; null once it is larger (the rest is left unread). */
async function readLimited(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(request.headers.get("content-length") ?? "0") > limit) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * A posted form's fields. A body that is not form data (JSON, plain text, multipart
 * without its boundary) is the client's mistake: 415 with a short reason (the page's error
 * boundary shows it; a resource route answers it as is), never the TypeError
 * request.formData() throws, which answered 500. With `maxBytes` (a tighter limit than
 * the server's for every form), a larger body is refused with 413 before it is parsed.
 */
export async function readFormData(
  request: Request,
  options: { maxBytes?: number } = {},
): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!formTypes.test(type)) {
    throw refusal("Send the form as a normal form post.");
  }
  try {
    if (options.maxBytes === undefined) return await request.formData();
    const body = await readLimited(request, options.maxBytes);
    if (body === null) throw refusal("The form is too large.", 413);
    return await new Response(body, { headers: { "content-type": type } }).formData();
  } catch (error) {
    if (error instanceof Response) throw error;
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
export async function parseForm<Schema extends core.$ZodType>(
  request: Request,
  schema: Schema,
): Promise<ParsedForm<z.output<Schema>>> {
  return checkForm(await readFormData(request), schema);
}

/** parseForm's check, for a form already read (zod's classic schemas or its mini ones). */
export function checkForm<Schema extends core.$ZodType>(
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
  const parsed = safeParse(schema, input);
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
