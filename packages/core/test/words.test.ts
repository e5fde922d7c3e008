import { describe, expect, test } from "vitest";
import { countWords, previewText } from "../src/words.js";

describe("countWords", () => {
  test.each([
    ["", 0],
    ["   \n\t  ", 0],
    ["hello", 1],
    ["  hello   world \n again ", 3],
    ["one\ttwo\nthree", 3],
    ["well-known — fact", 3],
  ])("%j has %i words", (text, n) => {
    expect(countWords(text)).toBe(n);
  });

  test("a missing transcription has 0 words", () => {
    expect(countWords(null)).toBe(0);
    expect(countWords(undefined)).toBe(0);
  });
});

describe("previewText", () => {
  test("text of 200 characters is shown whole", () => {
    const text = "a".repeat(200);
    expect(previewText(text)).toEqual({ text, truncated: false });
  });

  test("longer text is cut to 200 characters plus ...", () => {
    const result = previewText(`${"b".repeat(200)}cut`);
    expect(result.truncated).toBe(true);
    expect(result.text).toBe(`${"b".repeat(200)}...`);
  });

  test("never splits an emoji", () => {
    const result = previewText("😀".repeat(201));
    expect(result.text).toBe(`${"😀".repeat(200)}...`);
  });
});
