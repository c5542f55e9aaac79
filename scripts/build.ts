// `npm run build`: the React Router build (client, server, prerendered pages), then a
// link-preview image for every page, made from its title (see socialImagePath).
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { renderSocialImage } from "../app/.server/social-image.ts";
import { blogCopy } from "../app/content/blog.ts";
import { contactCopy } from "../app/content/contact.ts";
import { site } from "../app/content/site.ts";
import { socialImageFile } from "../app/lib/social-image-path.ts";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
const clientDir = path.join(buildDir, "client");

const built = spawnSync(
  process.execPath,
  [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"],
  {
    cwd: root,
    stdio: "inherit",
    env: process.env,
  },
);
if (built.status !== 0) process.exit(built.status ?? 1);

const decode = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
const suffix = ` | ${site.name}`;

// Prerendered pages carry their title; the two static pages rendered per request say theirs.
const pages = new Map<string, string>([
  ["/blog", blogCopy.meta.title],
  ["/contact", contactCopy.meta.title],
]);
const walk = (dir: string) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== "assets" && entry.name !== "social") walk(full);
    else if (entry.name === "index.html") {
      const title = readFileSync(full, "utf8").match(/<title>([^<]*)<\/title>/)?.[1];
      const relative = path.relative(clientDir, dir).split(path.sep).join("/");
      if (title) pages.set(relative ? `/${relative}` : "/", decode(title));
    }
  }
};
walk(clientDir);

const started = Date.now();
for (const [urlPath, title] of pages) {
  const file = path.join(clientDir, socialImageFile(urlPath));
  mkdirSync(path.dirname(file), { recursive: true });
  const heading = title.endsWith(suffix)
    ? title.slice(0, -suffix.length)
    : title.replace(`${site.name} | `, "");
  writeFileSync(
    file,
    renderSocialImage(heading, { brand: site.name, tagline: site.socialTagline }),
  );
}
console.log(`Link-preview images: ${pages.size} in ${Date.now() - started} ms`);
