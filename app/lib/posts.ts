// What the back office's post pages and the server's post module share.

/** Where a database post stands: derived from `published` and `publish_at`. */
export const postStatuses = ["draft", "scheduled", "published", "unpublished"] as const;
export type PostStatus = (typeof postStatuses)[number];

export const postStatusLabels: Record<PostStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  unpublished: "Unpublished",
};

/** Turns a title into a slug: "Why 90 Days?" → "why-90-days". */
export function slugFromTitle(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}
