import { describe, expect, test } from "vitest";
import { collectionSlug, slugify } from "../src/slug.js";

describe("slugify", () => {
  test.each([
    ["Work Journal", "work-journal"],
    ["  Work -- Journal!! ", "work-journal"],
    ["Q4 2025 Plans", "q4-2025-plans"],
    ["already-a-slug", "already-a-slug"],
    ["a___b...c", "a-b-c"],
    ["Café Notes", "caf-notes"],
    ["日記 Diary", "diary"],
    ["!!!", ""],
    ["日記", ""],
    ["", ""],
  ])("%j -> %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe("collectionSlug", () => {
  const id = "3f2a9c1e-7b4d-4e2a-9f10-0c1d2e3f4a5b";

  test("uses the name's slug when it has one", () => {
    expect(collectionSlug("Personal Growth", id)).toBe("personal-growth");
  });

  test.each(["日記", "!!!", "  ", "—"])("falls back to c- and the first 8 characters of the id for %j", (name) => {
    expect(collectionSlug(name, id)).toBe("c-3f2a9c1e");
  });
});

describe("collectionSlug for the app's own path segments", () => {
  const id = "3f2a9c1e-7b4d-4e2a-9f10-0c1d2e3f4a5b";

  test.each(["Collections", "onboarding", "Search", "Settings", "Auth", "API"])("keeps %j reachable with the id suffix", (name) => {
    expect(collectionSlug(name, id)).toBe(`${name.toLowerCase()}-3f2a9c1e`);
  });

  test("leaves names that only contain a reserved word alone", () => {
    expect(collectionSlug("My Collections", id)).toBe("my-collections");
  });
});
