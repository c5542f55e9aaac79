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
