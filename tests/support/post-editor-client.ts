import { expect } from "vitest";

/**
 * Requests to a test server as the back office's pages make them, for the post editor's
 * integration tests: GET and form POSTs (same origin, redirects not followed), a post's
 * fields, and creating a post as the editor whose cookie `editor()` gives.
 */
export function postEditorClient(server: { base: () => string; editor: () => string }) {
  const get = (url: string, cookie?: string) =>
    fetch(`${server.base()}${url}`, {
      redirect: "manual",
      headers: cookie ? { Cookie: cookie } : {},
    });
  const post = (url: string, body: Record<string, string>, cookie?: string) =>
    fetch(`${server.base()}${url}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: server.base(),
        "Content-Type": "application/x-www-form-urlencoded",
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(body),
    });
  const fields = (slug: string, markdown = "Hello **world**.") => ({
    title: `Post ${slug}`,
    slug,
    excerpt: "",
    author: "Ed Itor",
    tags: "linkedin, founders",
    markdown,
  });
  /** Creates a post as the editor; resolves with its id. */
  async function create(slug: string, markdown?: string, intent = "save"): Promise<number> {
    const response = await post(
      "/admin/posts/new",
      { intent, ...fields(slug, markdown) },
      server.editor(),
    );
    expect(response.status, await response.clone().text()).toBe(302);
    const id = /\/admin\/posts\/(\d+)\?created=/.exec(response.headers.get("location") ?? "")?.[1];
    expect(id).toBeDefined();
    return Number(id);
  }
  return { get, post, fields, create };
}
