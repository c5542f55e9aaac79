import { execFileSync, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { runAdminCli, signInLinkIn, signInWithLink } from "../support/back-office.ts";
import { formToken, postContact } from "../support/contact.ts";
import { migratedDataDirectory } from "../support/database-template.ts";
import { type SpawnedServer, startBuiltServer } from "../support/server.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const hasJava = spawnSync("java", ["-version"]).status === 0;
const vnuJar = path.join(
  path.dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")),
  "build/dist/vnu.jar",
);

let server: SpawnedServer;
/** A signed-in admin's session cookie, for the back office's pages. */
let admin = "";
/** The page of a lead sent through the contact form. */
let leadPath = "";
/** A post with a cover image, and its first revision as the editor shows it. */
let postPaths: string[] = [];
let previewPaths: string[] = [];
beforeAll(async () => {
  if (!hasJava) return;
  const dataDir = await migratedDataDirectory("vnu-data");
  const invited = await runAdminCli(["invite", "vnu@example.com", "--role", "admin"], {
    DATA_DIR: dataDir,
  });
  server = await startBuiltServer({ DATA_DIR: dataDir, CONTACT_MIN_FILL_MS: "0" });
  admin = await signInWithLink(
    server.url,
    signInLinkIn(invited.stdout).replace(/^http:\/\/[^/]+/, server.url),
  );
  // A lead, sent through the contact form, for the inbox and the lead's page.
  const sent = await postContact(server.url, {
    message: "Two lines\nand <b>markup</b> & an ampersand",
    token: await formToken(server.url),
  });
  expect(sent.status).toBe(200);
  const inbox = await (
    await fetch(`${server.url}/admin/leads`, { headers: { Cookie: admin } })
  ).text();
  const lead = /href="(\/admin\/leads\/[0-9a-f-]{36})"/.exec(inbox)?.[1];
  expect(lead).toBeDefined();
  leadPath = lead ?? "";

  // A post with a cover image, saved twice, for the editor and a revision's view.
  const sharp = (await import("sharp")).default;
  const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: "#444" } })
    .png()
    .toBuffer();
  const body = new FormData();
  body.set("image", new Blob([new Uint8Array(png)]), "cover.png");
  const uploaded = await fetch(`${server.url}/admin/posts/images`, {
    method: "POST",
    headers: { Origin: server.url, Cookie: admin },
    body,
  });
  const { image } = (await uploaded.json()) as { image: { id: string } };
  const fields = {
    title: "Checked Markup",
    slug: "checked-markup",
    excerpt: "",
    author: "The Northstory Team",
    tags: "linkedin",
    // A heading: the editor shows it under its own (aria-level) in the preview and revision.
    markdown: "## A section\n\nSome **text**.",
    coverImage: image.id,
    coverAlt: "A grey band",
  };
  const created = await fetch(`${server.url}/admin/posts/new`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.url,
      Cookie: admin,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ intent: "save", ...fields }),
  });
  const post = /^\/admin\/posts\/\d+/.exec(created.headers.get("location") ?? "")?.[0];
  expect(post).toBeDefined();
  postPaths = [`${post}`, `${post}?revision=1`, `${post}/draft`, `${post}/share`];
  // Its preview link, as the person it is sent to opens it (signed out), and one turned off.
  await fetch(`${server.url}${post}/share`, {
    method: "POST",
    headers: {
      Origin: server.url,
      Cookie: admin,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ intent: "share" }),
  });
  const shared = await (
    await fetch(`${server.url}${post}/share`, { headers: { Cookie: admin } })
  ).text();
  const preview = /\/preview\/[A-Za-z0-9_-]{32}/.exec(shared)?.[0];
  expect(preview).toBeDefined();
  // The founder's note on it, listed on the preview and on the share page.
  const noted = await fetch(`${server.url}${preview}`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "changes",
      name: "Dana Whitfield",
      comment: "A shorter opening, please.\nAnd one example from our own pipeline.",
    }),
  });
  expect(noted.status).toBe(200);
  previewPaths = [preview ?? "", `/preview/${"x".repeat(32)}`];
}, 60_000);

// Back-office pages, read as the signed-in admin (the sign-in page as anyone).
const backOfficePaths = [
  "/admin",
  "/admin/team",
  "/admin/account",
  "/admin/no-such-page",
  "/admin/leads",
  "/admin/leads?q=nobody-matches-this",
  "/admin/leads/new",
  "/admin/leads/pipeline",
  "/admin/settings",
  "/admin/posts",
  "/admin/posts/new",
  "/admin/analytics",
  "/admin/analytics?from=2026-01-01&to=2026-01-31",
];
afterAll(async () => {
  await server?.stop();
});

test.runIf(hasJava)(
  "the Nu Html Checker finds no errors on any page",
  async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const paths = [
      ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname),
      "/blog?page=2",
      "/no-such-page",
      "/admin/sign-in",
      ...backOfficePaths,
      leadPath,
      ...postPaths,
      ...previewPaths,
    ];
    const dir = temporaryDirectory("vnu");
    const files = await Promise.all(
      paths.map(async (urlPath, index) => {
        const file = path.join(dir, `${index}.html`);
        const headers: Record<string, string> = [
          ...backOfficePaths,
          leadPath,
          ...postPaths,
        ].includes(urlPath)
          ? { Cookie: admin }
          : {};
        const response = await fetch(`${server.url}${urlPath}`, { headers, redirect: "manual" });
        expect(response.status, urlPath).toBeLessThan(500);
        expect(response.status, urlPath).not.toBe(302);
        writeFileSync(file, await response.text());
        return { file, urlPath };
      }),
    );
    let output = "";
    try {
      output = execFileSync(
        "java",
        [
          "-jar",
          vnuJar,
          "--errors-only",
          "--format",
          "json",
          "--stdout",
          ...files.map((f) => f.file),
        ],
        {
          encoding: "utf8",
          maxBuffer: 64 * 1024 * 1024,
        },
      );
    } catch (error) {
      // vnu exits 1 when it reports errors; the JSON is still on stdout.
      output = (error as { stdout?: string }).stdout ?? "";
    }
    const { messages } = JSON.parse(output) as {
      messages: { type: string; url: string; message: string; extract?: string }[];
    };
    const byPage = messages
      // vnu's CSS checker predates @property, @starting-style and other valid CSS that
      // Tailwind 4 emits into the inlined stylesheet; only its HTML findings are judged here.
      .filter((m) => m.type === "error" && !m.message.startsWith("CSS:"))
      .map(
        (m) =>
          `${files.find((f) => m.url.endsWith(path.basename(f.file)))?.urlPath}: ${m.message} ${m.extract ?? ""}`,
      );
    expect(byPage).toEqual([]);
  },
  180_000,
);
