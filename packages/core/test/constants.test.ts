import { describe, expect, test } from "vitest";
import {
  COLLECTION_FORM_DEFAULT_COLOR,
  COLLECTION_SWATCHES,
  DEFAULT_COLLECTION_COLOR,
  DEFAULT_RESPONSE_LENGTH,
  ONBOARDING_SWATCHES,
  ONBOARDING_TEMPLATES,
  RESPONSE_LENGTHS,
  RESPONSE_LENGTH_LABELS,
  RESPONSE_LENGTH_TARGET_WORDS,
} from "../src/constants.js";
import { DEFAULT_SUMMARY_PROMPT, isDefaultPrompt } from "../src/prompts.js";

const HEX = /^#[0-9a-f]{6}$/;

describe("collection constants (SPEC §3)", () => {
  test("five templates with the spec's names and colours, each with a sentence", () => {
    expect(ONBOARDING_TEMPLATES.map((t) => [t.name, t.color])).toEqual([
      ["Work Journal", "#3b82f6"],
      ["Creative Ideas", "#8b5cf6"],
      ["Personal Growth", "#ef4444"],
      ["Learning Log", "#10b981"],
      ["Travel Adventures", "#f59e0b"],
    ]);
    for (const t of ONBOARDING_TEMPLATES) expect(t.description).toMatch(/^[A-Z].{20,}\.$/);
  });

  test("each swatch set has eight distinct colours and starts with its form default", () => {
    for (const [set, first] of [
      [ONBOARDING_SWATCHES, DEFAULT_COLLECTION_COLOR],
      [COLLECTION_SWATCHES, COLLECTION_FORM_DEFAULT_COLOR],
    ] as const) {
      expect(set).toHaveLength(8);
      expect(new Set(set).size).toBe(8);
      for (const c of set) expect(c).toMatch(HEX);
      expect(set[0]).toBe(first);
    }
  });
});

describe("response lengths", () => {
  test("short, medium, long with rising word targets and labels; medium by default", () => {
    expect(RESPONSE_LENGTHS).toEqual(["short", "medium", "long"]);
    expect(RESPONSE_LENGTHS.map((l) => RESPONSE_LENGTH_TARGET_WORDS[l])).toEqual([100, 250, 400]);
    expect(RESPONSE_LENGTHS.map((l) => RESPONSE_LENGTH_LABELS[l])).toEqual(["Short", "Medium", "Long"]);
    expect(DEFAULT_RESPONSE_LENGTH).toBe("medium");
  });
});

describe("default summary prompt", () => {
  test("opens with the themes question and adds wording about what mattered and recurring trends", () => {
    expect(DEFAULT_SUMMARY_PROMPT.startsWith("What are the key themes, patterns, and insights from my recent reflections? ")).toBe(true);
    expect(DEFAULT_SUMMARY_PROMPT).toMatch(/most important/);
    expect(DEFAULT_SUMMARY_PROMPT).toMatch(/recurring trends/);
  });

  test("isDefaultPrompt recognises it (and the bare question) but not custom prompts", () => {
    expect(isDefaultPrompt(DEFAULT_SUMMARY_PROMPT)).toBe(true);
    expect(isDefaultPrompt(`  ${DEFAULT_SUMMARY_PROMPT.replace(/ /g, "  ")}\n`)).toBe(true);
    expect(isDefaultPrompt("What are the key themes, patterns, and insights from my recent reflections?")).toBe(true);
    expect(isDefaultPrompt("What did I learn about cooking this week?")).toBe(false);
    expect(isDefaultPrompt("")).toBe(false);
    expect(isDefaultPrompt(null)).toBe(false);
    expect(isDefaultPrompt(undefined)).toBe(false);
  });
});
