import {
  findPublishedPostRow,
  findRedirectedSlug,
  listPublishedPostRows,
  type PostRow,
} from "#app/.server/blog/db-posts.ts";
import { checkedHtml } from "#app/.server/blog/post-store.ts";
import { findStaticPost, staticPosts } from "#app/.server/blog/static-posts.ts";
import type { AppContext } from "#app/.server/context.ts";
import type { Db } from "#app/.server/db/client.ts";
import { findImage, findImages, type StoredImage } from "#app/.server/media/image-rows.ts";
import {
  countWords,
  type Post,
  type PostLink,
  type PostSummary,
  readTimeFor,
  SIDEBAR_POSTS,
} from "#app/lib/blog.ts";
import type { ImageRef } from "#app/lib/images.ts";
import { withScrollingTables } from "#app/lib/post-tables.ts";

/** What the blog needs from the running server; null while prerendering at build time. */
export type BlogDeps = Pick<AppContext, "database" | "log" | "renderer"> | null;

// A stalled database must not hold the page: the listing answers with the static posts.
const DATABASE_TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} timed out after ${DATABASE_TIMEOUT_MS} ms`)),
      DATABASE_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

// Only for counting words and deriving a missing excerpt (shown as text, so its entities
// are decoded), never for safety.
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== "#") return entities[name.toLowerCase()] ?? whole;
      const code =
        name[1] === "x" || name[1] === "X"
          ? Number.parseInt(name.slice(2), 16)
          : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, " ")
    .trim();

/**
 * A card's excerpt when the post has none: its first paragraph (not a heading run into the
 * list below it), at most 155 characters, cut at a word.
 */
function excerptFrom(html: string): string {
  const firstParagraph = /<p\b[^>]*>([\s\S]*?)<\/p>/i.exec(html)?.[1];
  const text = textOf(firstParagraph ?? html) || textOf(html);
  if (text.length <= 155) return text;
  return `${text.slice(0, 155).replace(/\s+\S*$/, "")}…`;
}

/**
 * A database row as a card shows it: an empty excerpt or read_time is derived from the
 * content (the first paragraph, 155 characters at most; the word count at 230 words a
 * minute), tags as stored.
 */
export function rowToSummary(row: PostRow): PostSummary {
  return {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt.trim() || excerptFrom(row.content),
    date: row.date,
    readTime: row.readTime?.trim() || readTimeFor(countWords(textOf(row.content))),
    author: row.author,
    tags: row.tags ?? [],
    source: "database",
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSummary({
  html: _html,
  seo: _seo,
  cover: _cover,
  excerptDerived: _excerptDerived,
  ...summary
}: Post): PostSummary {
  return summary;
}

const staticSummaries: readonly PostSummary[] = staticPosts.map(toSummary);

const newestFirst = (a: PostSummary, b: PostSummary) =>
  b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug);

/**
 * Static and database posts, newest first, each slug once. A static article wins over a
 * database post with its slug: it is reviewed with the code, and its page is prerendered.
 */
export function mergePosts(
  staticList: readonly PostSummary[],
  databaseList: readonly PostSummary[],
): PostSummary[] {
  const bySlug = new Map<string, PostSummary>();
  for (const post of databaseList) if (!bySlug.has(post.slug)) bySlug.set(post.slug, post);
  for (const post of staticList) bySlug.set(post.slug, post);
  return [...bySlug.values()].sort(newestFirst);
}

/**
 * Every post a visitor may see. When the database fails, the failure is logged and the
 * static articles are still listed: a blog with fewer posts beats an error page.
 */
export async function listPosts(deps: BlogDeps): Promise<PostSummary[]> {
  if (!deps) return [...staticSummaries];
  let rows: PostRow[] = [];
  try {
    rows = await withTimeout(listPublishedPostRows(deps.database.db), "Listing posts");
  } catch (error) {
    deps.log.error("Failed to fetch dynamic posts", { error });
  }
  let covers = new Map<string, StoredImage>();
  try {
    const ids = rows.flatMap((row) => (row.coverImage && row.coverAlt ? [row.coverImage] : []));
    covers = new Map(
      (await withTimeout(findImages(deps.database.db, ids), "Listing covers")).map((image) => [
        image.id,
        image,
      ]),
    );
  } catch (error) {
    // Cards without their pictures beat no cards.
    deps.log.error("Failed to fetch post covers", { error });
  }
  return mergePosts(
    staticSummaries,
    rows.map((row) => {
      const summary = rowToSummary(row);
      const image = row.coverImage ? covers.get(row.coverImage) : undefined;
      if (image && row.coverAlt) summary.cover = coverOf(image, row.coverAlt);
      return summary;
    }),
  );
}

/**
 * Every post a visitor may see, as listPosts has them but without their covers: one query,
 * for the post editor's link suggestions (its loader runs again after every autosave).
 */
export async function listPostsWithoutCovers(db: Db): Promise<PostSummary[]> {
  return mergePosts(staticSummaries, (await listPublishedPostRows(db)).map(rowToSummary));
}

/** What a page needs of a stored image to show it as a post's cover. */
function coverOf(image: StoredImage, alt: string): ImageRef {
  return { id: image.id, width: image.width, height: image.height, widths: image.widths, alt };
}

/** The database could not answer; the page says so (503) rather than claiming the post is gone. */
export class PostsUnavailableError extends Error {
  override name = "PostsUnavailableError";
}

/**
 * The post for /blog/{slug}: the static article, else the published database post. A
 * database failure is logged and thrown as PostsUnavailableError; static articles never
 * touch the database, so they are served whatever its state.
 */
/**
 * The slug a post has now when `slug` is an address it had before (its slug changed after
 * it was published); undefined otherwise, or while the database is away.
 */
export async function findMovedPost(slug: string, deps: BlogDeps): Promise<string | undefined> {
  if (!deps) return undefined;
  try {
    return await withTimeout(findRedirectedSlug(deps.database.db, slug), "Fetching a redirect");
  } catch (error) {
    deps.log.warn("Failed to look up a moved post", { slug, error });
    return undefined;
  }
}

export async function findPost(slug: string, deps: BlogDeps): Promise<Post | null> {
  const article = findStaticPost(slug);
  if (article) return article;
  if (!deps) return null;
  try {
    const row = await withTimeout(findPublishedPostRow(deps.database.db, slug), "Fetching a post");
    if (!row) return null;
    return await postFromRow(deps, row);
  } catch (error) {
    deps.log.error("Failed to fetch post", { slug, error });
    throw new PostsUnavailableError("Failed to fetch post", { cause: error });
  }
}

/**
 * A database row as its page shows it, whatever its state (the post page asks only for
 * live ones; the back office's draft view for any).
 */
export async function postFromRow(deps: NonNullable<BlogDeps>, row: PostRow): Promise<Post> {
  // Database HTML may come from any SQL client: it shows only as this sanitiser left it.
  const post: Post = {
    ...rowToSummary(row),
    ...(row.excerpt.trim() ? {} : { excerptDerived: true }),
    html: await checkedHtml(deps.database.db, deps.renderer, row),
  };
  if (row.seoTitle || row.seoDescription) {
    post.seo = {
      ...(row.seoTitle ? { title: row.seoTitle } : {}),
      ...(row.seoDescription ? { description: row.seoDescription } : {}),
    };
  }
  const image =
    row.coverImage && row.coverAlt
      ? await withTimeout(findImage(deps.database.db, row.coverImage), "Fetching an image")
      : undefined;
  if (image && row.coverAlt) post.cover = coverOf(image, row.coverAlt);
  return post;
}

const link = ({ title, slug, cover }: PostSummary): PostLink =>
  cover ? { title, slug, cover } : { title, slug };

/**
 * The sidebar's "Recent Posts": the five newest, other than the one being read (`current`,
 * on an article's page). `all` is newest first.
 */
export function recentPosts(
  all: readonly PostSummary[],
  current?: Pick<PostSummary, "slug">,
  count = SIDEBAR_POSTS,
): PostLink[] {
  return all
    .filter((post) => post.slug !== current?.slug)
    .slice(0, count)
    .map(link);
}

/**
 * The sidebar's "Related Posts": up to five sharing a tag with the current one, newest first,
 * then others to fill the list: first the newest that "Recent Posts" beside it does not
 * already show, so that the two lists do not repeat each other. `all` is newest first; the
 * current post is left out.
 */
export function relatedPosts(
  all: readonly PostSummary[],
  current: Pick<PostSummary, "slug" | "tags"> | undefined,
  count = SIDEBAR_POSTS,
): PostLink[] {
  const others = all.filter((post) => post.slug !== current?.slug);
  const tags = new Set(current?.tags ?? []);
  const sharing = others.filter((post) => post.tags.some((tag) => tags.has(tag)));
  const rest = others.filter((post) => !sharing.includes(post));
  const recent = new Set(recentPosts(all, current, count).map((post) => post.slug));
  const unseen = rest.filter((post) => !recent.has(post.slug));
  const seen = rest.filter((post) => recent.has(post.slug));
  return [...sharing, ...unseen, ...seen].slice(0, count).map(link);
}

/**
 * A saved post, whatever its state, as readers will see it once it is live: its page's
 * article and the sidebar's lists (the staff's draft view and a preview link show it).
 */
export async function savedPostArticle(deps: NonNullable<BlogDeps>, row: PostRow) {
  const { html, ...post } = await postFromRow(deps, row);
  const all = (await listPosts(deps)).filter((other) => other.slug !== row.slug);
  return {
    post,
    html: withScrollingTables(html),
    recent: recentPosts(all, post),
    related: relatedPosts(all, post),
  };
}
