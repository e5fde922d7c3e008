import { DEFAULT_SUMMARY_PROMPT, DEFAULT_SUMMARY_QUESTION, previewText, SUMMARY_PREVIEW_CHARS } from "@vj/core";
import { describe, expect, it } from "vitest";
import {
  balancedPreview,
  emptyStateText,
  engineLabel,
  generateButtonLabel,
  noteCountLabel,
  pagedHeading,
  quotedPrompt,
  summaryHeading,
} from "../src/features/summaries/labels";
import { clampIndex, indexAfterDelete } from "../src/features/summaries/paging";
import { GENERAL, isSelected, toggleSelection, withoutType, type TypeSelection } from "../src/features/summaries/selection";

describe("type selection (SPEC §4)", () => {
  const work = { kind: "type", id: "type-work" } as const;
  const mood = { kind: "type", id: "type-mood" } as const;

  it("selects the general summary, and a second click deselects it", () => {
    const first = toggleSelection(null, GENERAL);
    expect(first).toEqual(GENERAL);
    expect(toggleSelection(first, GENERAL)).toBeNull();
  });

  it("keeps the general summary and a custom type mutually exclusive", () => {
    const general = toggleSelection(null, GENERAL);
    const typed = toggleSelection(general, work);
    expect(typed).toEqual(work);
    expect(isSelected(typed, GENERAL)).toBe(false);
    const backToGeneral = toggleSelection(typed, GENERAL);
    expect(isSelected(backToGeneral, work)).toBe(false);
    expect(isSelected(backToGeneral, GENERAL)).toBe(true);
  });

  it("switches between custom types and deselects the selected one on a second click", () => {
    const a = toggleSelection(null, work);
    const b = toggleSelection(a, mood);
    expect(b).toEqual(mood);
    expect(isSelected(b, work)).toBe(false);
    expect(toggleSelection(b, mood)).toBeNull();
  });

  it("clears a selection whose type was deleted, and only that one", () => {
    expect(withoutType(work, "type-work")).toBeNull();
    expect(withoutType(mood, "type-work")).toEqual(mood);
    expect(withoutType(GENERAL, "type-work")).toEqual(GENERAL);
    expect(withoutType(null as TypeSelection, "type-work")).toBeNull();
  });
});

describe("paging after a delete (SPEC §4)", () => {
  it("moves from the last summary to the new last one", () => {
    expect(indexAfterDelete(4, 5)).toBe(3);
  });
  it("stays on a middle index, which now shows the next summary", () => {
    expect(indexAfterDelete(1, 5)).toBe(1);
    expect(indexAfterDelete(0, 3)).toBe(0);
  });
  it("goes back to 0 when the only summary is deleted", () => {
    expect(indexAfterDelete(0, 1)).toBe(0);
  });
  it("treats an index beyond the last item like the last", () => {
    expect(indexAfterDelete(7, 3)).toBe(1);
  });
  it("keeps an index inside a list that changed length", () => {
    expect(clampIndex(5, 2)).toBe(1);
    expect(clampIndex(-1, 2)).toBe(0);
    expect(clampIndex(3, 0)).toBe(0);
  });
});

describe("Summary tab texts (SPEC §2)", () => {
  it("labels the generate button for today, this day, this week and this month", () => {
    expect(generateButtonLabel("day", true)).toBe("Generate Summary for Today");
    expect(generateButtonLabel("day", false)).toBe("Generate Summary for This Day");
    expect(generateButtonLabel("week", true)).toBe("Generate Summary for This Week");
    expect(generateButtonLabel("week", false)).toBe("Generate Summary for This Week");
    expect(generateButtonLabel("month", false)).toBe("Generate Summary for This Month");
  });

  it("names the period in the empty state", () => {
    expect(emptyStateText("day")).toBe("Generate insights from your daily notes");
    expect(emptyStateText("week")).toBe("Generate insights from your weekly notes");
    expect(emptyStateText("month")).toBe("Generate insights from your monthly notes");
  });

  it("heads the paged mode in the singular for one summary and the plural for more", () => {
    expect(pagedHeading("day", 1)).toBe("Summary of the Day");
    expect(pagedHeading("week", 2)).toBe("Summaries of the Week");
    expect(pagedHeading("month", 5)).toBe("Summaries of the Month");
  });

  it("counts notes as note or notes", () => {
    expect(noteCountLabel(0)).toBe("0 notes");
    expect(noteCountLabel(1)).toBe("1 note");
    expect(noteCountLabel(12)).toBe("12 notes");
  });

  it("says which engine wrote a summary", () => {
    expect(engineLabel("extractive")).toBe("Offline extractive engine");
    expect(engineLabel("openai:gpt-4o-mini")).toBe("AI model gpt-4o-mini");
    expect(engineLabel("something-else")).toBe("something-else");
  });
});

describe("summary card heading and prompt (SPEC §2)", () => {
  it("shows the custom type's name and quotes its prompt", () => {
    const summary = { summaryTypeName: "Gratitude", prompt: "What was I grateful for?" };
    expect(summaryHeading(summary)).toBe("Gratitude");
    expect(quotedPrompt(summary)).toBe('"What was I grateful for?"');
  });

  it("shows General Summary for the default prompt (or its bare question) and quotes nothing", () => {
    for (const prompt of [DEFAULT_SUMMARY_PROMPT, DEFAULT_SUMMARY_QUESTION, `  ${DEFAULT_SUMMARY_PROMPT}\n`]) {
      expect(summaryHeading({ summaryTypeName: null, prompt })).toBe("General Summary");
      expect(quotedPrompt({ prompt })).toBeNull();
    }
  });

  it("shows Summary for another prompt without a type (its type was renamed away or is unknown)", () => {
    expect(summaryHeading({ summaryTypeName: null, prompt: "Focus on sleep" })).toBe("Summary");
    expect(quotedPrompt({ prompt: "Focus on sleep" })).toBe('"Focus on sleep"');
    expect(summaryHeading({ summaryTypeName: null, prompt: null })).toBe("Summary");
  });
});

describe("summary preview (SPEC §2, §9)", () => {
  it("cuts text over 200 characters to 200 plus ...", () => {
    const text = "a".repeat(SUMMARY_PREVIEW_CHARS + 1);
    const preview = previewText(text);
    expect(preview.truncated).toBe(true);
    expect(preview.text).toBe(`${"a".repeat(200)}...`);
  });
  it("leaves text of exactly 200 characters whole", () => {
    const text = "b".repeat(200);
    expect(previewText(text)).toEqual({ text, truncated: false });
  });
});

describe("balanced preview", () => {
  it("closes a bold run the 200-character cut left open, before the ...", () => {
    expect(balancedPreview("Intro\n\n**Key points from Wednes...")).toBe("Intro\n\n**Key points from Wednes**...");
  });
  it("leaves balanced text alone", () => {
    expect(balancedPreview("**Key** points...")).toBe("**Key** points...");
    expect(balancedPreview("plain")).toBe("plain");
  });
});
