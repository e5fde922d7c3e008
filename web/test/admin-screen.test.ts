import type { InstanceSettings } from "@vj/core";
import { describe, expect, test } from "vitest";
import { formatAiUse, formatLastActive, formatMinutes, formatStorage, formatWaited, invitationLink } from "../src/features/admin/admin-format";
import { aiFormInput } from "../src/features/admin/ai-form";
import { describeLimit, limitTexts, parseLimit, parseLimits } from "../src/features/admin/limits-form";

describe("the admin screen's limit fields", () => {
  test("an empty field is no limit of its own; a whole number from 0 is the limit", () => {
    expect(parseLimit("")).toEqual({ ok: true, value: null });
    expect(parseLimit("   ")).toEqual({ ok: true, value: null });
    expect(parseLimit("0")).toEqual({ ok: true, value: 0 });
    expect(parseLimit(" 30 ")).toEqual({ ok: true, value: 30 });
  });

  test("anything else is refused with the reason a person can act on", () => {
    expect(parseLimit("-5")).toEqual({ ok: false, error: "A limit cannot be negative" });
    expect(parseLimit("2.5")).toEqual({ ok: false, error: "A limit is a whole number" });
    expect(parseLimit("ten")).toEqual({ ok: false, error: "A limit is a whole number" });
    expect(parseLimit("1e3")).toEqual({ ok: false, error: "A limit is a whole number" });
    expect(parseLimit("1000001")).toEqual({ ok: false, error: "A limit is at most 1,000,000" });
  });

  test("the three fields together: all values, or each bad field's error", () => {
    expect(parseLimits({ transcriptionMinutes: "30", summaries: "", ask: "0" })).toEqual({
      ok: true,
      limits: { transcriptionMinutes: 30, summaries: null, ask: 0 },
    });
    expect(parseLimits({ transcriptionMinutes: "x", summaries: "5", ask: "-1" })).toEqual({
      ok: false,
      errors: { transcriptionMinutes: "A limit is a whole number", ask: "A limit cannot be negative" },
    });
  });

  test("an account's limits show in its fields and read back as words", () => {
    expect(limitTexts({ transcriptionMinutes: 30, summaries: null, ask: 0 })).toEqual({ transcriptionMinutes: "30", summaries: "", ask: "0" });
    expect(describeLimit(30, "min")).toBe("30 min a day");
    expect(describeLimit(5, "")).toBe("5 a day");
    expect(describeLimit(null, "min")).toBe("No limit");
  });
});

describe("the admin screen's figures", () => {
  test("AI use this month in one line", () => {
    expect(formatAiUse({ transcriptionMinutes: 0, summaries: 0, ask: 0 })).toBe("None");
    expect(formatAiUse({ transcriptionMinutes: 12.5, summaries: 1, ask: 3 })).toBe("12.5 min transcribed · 1 summary · 3 questions");
    expect(formatAiUse({ transcriptionMinutes: 200, summaries: 0, ask: 1 })).toBe("3 h 20 min transcribed · 0 summaries · 1 question");
  });

  test("minutes and hours", () => {
    expect(formatMinutes(0)).toBe("0 min");
    expect(formatMinutes(0.4)).toBe("0.4 min");
    expect(formatMinutes(60)).toBe("1 h");
    expect(formatMinutes(125)).toBe("2 h 5 min");
  });

  test("stored sizes from nothing to gigabytes", () => {
    expect(formatStorage(0)).toBe("0 KB");
    expect(formatStorage(300)).toBe("1 KB");
    expect(formatStorage(640 * 1024)).toBe("640 KB");
    expect(formatStorage(3.4 * 1024 * 1024)).toBe("3.4 MB");
    expect(formatStorage(80 * 1024 * 1024)).toBe("80 MB");
    expect(formatStorage(1.25 * 1024 ** 3)).toBe("1.3 GB");
  });

  test("how long the oldest job has waited", () => {
    expect(formatWaited(null)).toBe("None");
    expect(formatWaited(40)).toBe("40 s");
    expect(formatWaited(12 * 60 + 5)).toBe("12 min");
    expect(formatWaited(3 * 3600 + 5 * 60)).toBe("3 h 5 min");
    expect(formatWaited(2 * 3600)).toBe("2 h");
    expect(formatWaited(3 * 86_400)).toBe("3 days");
  });

  test("last active by the reader's day, not by 24-hour spans", () => {
    const now = new Date("2026-11-28T09:00:00Z");
    expect(formatLastActive(null, now, "UTC")).toBe("Never");
    expect(formatLastActive("2026-11-28T00:10:00Z", now, "UTC")).toBe("Today");
    expect(formatLastActive("2026-11-27T23:50:00Z", now, "UTC")).toBe("Yesterday");
    // 23:50 UTC on the 27th is already the 28th in Tokyo.
    expect(formatLastActive("2026-11-27T23:50:00Z", now, "Asia/Tokyo")).toBe("Today");
    expect(formatLastActive("2026-11-20T12:00:00Z", now, "UTC")).toBe("8 days ago");
    expect(formatLastActive("2026-09-01T12:00:00Z", now, "UTC")).toBe("1 Sept 2026");
  });

  test("an invitation's link is this instance's sign-up page with the token", () => {
    expect(invitationLink("https://journal.example.org", "ab_C-1")).toBe("https://journal.example.org/auth/signup?invitation=ab_C-1");
  });
});

const ai = (fixed: Partial<Record<keyof InstanceSettings["ai"], boolean>> = {}): InstanceSettings["ai"] => ({
  baseUrl: { value: "http://old", fromEnvironment: fixed.baseUrl ?? false },
  apiKey: { set: true, fromEnvironment: fixed.apiKey ?? false },
  transcriptionModel: { value: null, fromEnvironment: fixed.transcriptionModel ?? false },
  summaryModel: { value: null, fromEnvironment: fixed.summaryModel ?? false },
  chatModel: { value: null, fromEnvironment: fixed.chatModel ?? false },
});

describe("the AI form as it is saved or tested", () => {
  const form = { baseUrl: " http://127.0.0.1:9/v1 ", apiKey: "", transcriptionModel: "whisper-1", summaryModel: "", chatModel: "gpt-4o" };

  test("an empty field clears its setting; an untouched key field keeps the stored key", () => {
    expect(aiFormInput(form, ai())).toEqual({ baseUrl: "http://127.0.0.1:9/v1", transcriptionModel: "whisper-1", summaryModel: null, chatModel: "gpt-4o" });
    expect(aiFormInput({ ...form, apiKey: " sk-new " }, ai()).apiKey).toBe("sk-new");
  });

  test("what the environment fixes is left out, as the server would refuse it", () => {
    const input = aiFormInput({ ...form, apiKey: "sk-new" }, ai({ baseUrl: true, apiKey: true, chatModel: true }));
    expect(input).toEqual({ transcriptionModel: "whisper-1", summaryModel: null });
  });
});
