/** What a visitor types into the contact form. */
export type ContactFields = { name: string; email: string; message: string };

export const lead: ContactFields = {
  name: "Dana Whitfield",
  email: "dana@example.com",
  message: "We want founder-led content.",
};

/** The signed token of a freshly served contact form, as a browser would get it. */
export async function formToken(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/contact`)).text();
  const token = html.match(/name="token" value="([^"]+)"/)?.[1];
  if (!token) throw new Error("The contact page has no form token");
  return token;
}

/** Several tokens at once, then a pause so none is sent back "too fast" for a bot check. */
export async function formTokens(baseUrl: string, count: number, waitMs = 0): Promise<string[]> {
  const tokens = await Promise.all(Array.from({ length: count }, () => formToken(baseUrl)));
  if (waitMs) await new Promise((resolve) => setTimeout(resolve, waitMs));
  return tokens;
}

/** Posts the form as a browser without JavaScript does; the answer is the page with the outcome. */
export async function postContact(
  baseUrl: string,
  fields: Partial<ContactFields> & Record<string, string>,
  options: { headers?: Record<string, string>; contentType?: string; body?: string } = {},
) {
  const response = await fetch(`${baseUrl}/contact`, {
    method: "POST",
    body: options.body ?? new URLSearchParams({ ...lead, ...fields }).toString(),
    headers: {
      "content-type": options.contentType ?? "application/x-www-form-urlencoded",
      ...options.headers,
    },
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
}
