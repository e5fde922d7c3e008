import type { SearchHit } from "@vj/core";
import { describe, expect, test } from "vitest";
import { noteLink, summaryLink } from "../src/features/journal-view/links";
import { shiftPeriod } from "../src/features/journal-view/moves";
import { validateJournalSearch } from "../src/features/journal-view/search-params";
import { dayLabel, groupHitsByDay, snippetParts } from "../src/features/search/group-by-day";
import { isSearchShortcut } from "../src/features/search/use-search-shortcut";

const note = (id: string, createdAt: string): SearchHit => ({
  kind: "note", id, domainId: "d", title: id, createdAt, snippet: "", highlights: [], duration: 1,
});

describe("search results", () => {
  test("are grouped by local day in ranked order, the best hit's day first", () => {
    const now = new Date("2026-03-12T10:00:00Z");
    const groups = groupHitsByDay(
      [note("a", "2026-03-10T23:30:00Z"), note("b", "2026-03-12T08:00:00Z"), note("c", "2026-03-11T01:00:00Z")],
      "Europe/Berlin",
      now,
    );
    // 23:30 UTC on the 10th is already the 11th in Berlin: a and c share a day.
    expect(groups.map((g) => [g.label, g.hits.map((h) => h.id)])).toEqual([
      ["Yesterday", ["a", "c"]],
      ["Today", ["b"]],
    ]);
    expect(dayLabel("2026-03-01", "UTC", now)).toBe("Sunday, March 1, 2026");
  });

  test("snippets are cut at the highlight ranges into plain text parts; bad ranges are ignored", () => {
    expect(snippetParts("We walked the greyhound", [[14, 23], [0, 2]])).toEqual([
      { text: "We", marked: true },
      { text: " walked the ", marked: false },
      { text: "greyhound", marked: true },
    ]);
    expect(snippetParts("<b>x</b>", [[3, 4], [3, 5], [7, 99]])).toEqual([
      { text: "<b>", marked: false },
      { text: "x", marked: true },
      { text: "</b>", marked: false },
    ]);
  });

  test("/ opens search outside text fields; Ctrl or Cmd+K anywhere", () => {
    const key = (k: string, mods: Partial<Record<"ctrlKey" | "metaKey" | "altKey" | "shiftKey", boolean>> = {}) => ({
      key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods,
    });
    expect(isSearchShortcut(key("/"), false)).toBe(true);
    expect(isSearchShortcut(key("/"), true)).toBe(false);
    expect(isSearchShortcut(key("k", { ctrlKey: true }), true)).toBe(true);
    expect(isSearchShortcut(key("K", { metaKey: true }), false)).toBe(true);
    expect(isSearchShortcut(key("k"), false)).toBe(false);
    expect(isSearchShortcut(key("k", { ctrlKey: true, shiftKey: true }), false)).toBe(false);
  });
});

describe("links into the journal", () => {
  test("a note opens its local day with the note to highlight; any move drops it", () => {
    const link = noteLink({ slug: "home" }, { id: "0b7e3a52-1c8e-4d1f-9a59-6f1d2c3b4a5e", createdAt: "2026-03-10T23:30:00Z" }, "Asia/Tokyo");
    expect(link).toEqual({ to: "/$slug", params: { slug: "home" }, search: { date: "2026-03-11", note: "0b7e3a52-1c8e-4d1f-9a59-6f1d2c3b4a5e" } });
    expect(validateJournalSearch({ ...link.search })).toEqual(link.search);
    expect(validateJournalSearch({ note: "<script>" })).toEqual({});
    expect(shiftPeriod(link.search, -1, "2026-03-20")).toEqual({ date: "2026-03-10" });
  });

  test("a summary opens its period's Summary tab", () => {
    expect(summaryLink({ slug: "home" }, { period: "week", periodKey: "2026-W11" }).search).toEqual({ view: "week", date: "2026-03-08", tab: "summary" });
    expect(summaryLink({ slug: "home" }, { period: "day", periodKey: "2026-03-10" }).search).toEqual({ date: "2026-03-10", tab: "summary" });
    expect(summaryLink({ slug: "home" }, { period: "month", periodKey: "2026-02" }).search).toEqual({ view: "month", date: "2026-02-01", tab: "summary" });
  });
});
