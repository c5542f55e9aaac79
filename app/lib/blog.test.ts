import { describe, expect, test } from "vitest";
import {
  blogPagePath,
  countWords,
  narrowPageNumbers,
  pageCount,
  pageNumbers,
  readTimeFor,
} from "#app/lib/blog.ts";

describe("blog rules", () => {
  test("read time is about 230 words a minute and never under a minute", () => {
    expect(readTimeFor(0)).toBe("1 min read");
    expect(readTimeFor(230)).toBe("1 min read");
    expect(readTimeFor(1150)).toBe("5 min read");
    expect(readTimeFor(2760)).toBe("12 min read");
  });

  test("words are counted, markup and punctuation are not", () => {
    expect(countWords("  Founders — who post ## every week\n\nwin. ")).toBe(6);
  });

  test("8 posts make a page", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(8)).toBe(1);
    expect(pageCount(9)).toBe(2);
    expect(pageCount(41)).toBe(6);
  });

  test("page 1 is /blog and later pages carry their number", () => {
    expect(blogPagePath(1)).toBe("/blog");
    expect(blogPagePath(3)).toBe("/blog?page=3");
  });

  test("few pages are all numbered; many pages keep the ends and the neighbours", () => {
    expect(pageNumbers(2, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, 4, "gap", 20]);
    expect(pageNumbers(10, 20)).toEqual([1, "gap", 9, 10, 11, "gap", 20]);
    expect(pageNumbers(20, 20)).toEqual([1, "gap", 17, 18, 19, 20]);
  });

  test("on a phone, the first page, this one and the last", () => {
    expect(narrowPageNumbers(1, 6)).toEqual([1, "gap", 6]);
    expect(narrowPageNumbers(2, 6)).toEqual([1, 2, "gap", 6]);
    expect(narrowPageNumbers(4, 6)).toEqual([1, "gap", 4, "gap", 6]);
    expect(narrowPageNumbers(2, 2)).toEqual([1, 2]);
  });
});
