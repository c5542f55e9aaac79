import { describe, expect, test } from "vitest";
import { contentExamples, embeddedPosts } from "#app/content/content-examples.ts";

describe("content examples", () => {
  test("ten distinct LinkedIn posts whose embed and original URLs name the same share", () => {
    expect(embeddedPosts).toHaveLength(10);
    expect(new Set(embeddedPosts.map((post) => post.originalUrl)).size).toBe(10);
    for (const post of embeddedPosts) {
      const id = post.embedUrl.match(
        /^https:\/\/www\.linkedin\.com\/embed\/feed\/update\/urn:li:share:(\d+)$/,
      )?.[1];
      expect(id).toBeDefined();
      expect(post.originalUrl).toBe(`https://www.linkedin.com/feed/update/urn:li:share:${id}/`);
    }
  });

  test("the description is 110 to 160 characters", () => {
    expect(contentExamples.meta.description.length).toBeGreaterThanOrEqual(110);
    expect(contentExamples.meta.description.length).toBeLessThanOrEqual(160);
  });
});
