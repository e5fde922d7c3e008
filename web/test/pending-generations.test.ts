import { describe, expect, it } from "vitest";
import {
  inScope,
  isExpired,
  isResolved,
  PENDING_GENERATION_EXPIRY_MS,
  type PendingGeneration,
} from "../src/features/summaries/pending-generations";

const entry = (over: Partial<PendingGeneration> = {}): PendingGeneration => ({
  id: "gen-1",
  domainId: "d1",
  period: "day",
  periodKey: "2026-11-22",
  typeName: null,
  prompt: null,
  responseLength: "medium",
  startedAt: 1_000_000,
  knownIds: ["s1", "s2"],
  ...over,
});

describe("pending generations (placeholders that survive leaving the page)", () => {
  it("belongs to one collection and period", () => {
    expect(inScope(entry(), { domainId: "d1", period: "day", periodKey: "2026-11-22" })).toBe(true);
    expect(inScope(entry(), { domainId: "d1", period: "week", periodKey: "2026-W47" })).toBe(false);
    expect(inScope(entry(), { domainId: "d2", period: "day", periodKey: "2026-11-22" })).toBe(false);
  });

  it("a request this page awaits resolves only when the list shows the summary it returned", () => {
    expect(isResolved(entry(), ["s1", "s2", "s3"], true)).toBe(false);
    expect(isResolved(entry({ resultId: "s3" }), ["s1", "s2"], false)).toBe(false);
    expect(isResolved(entry({ resultId: "s3" }), ["s3", "s1", "s2"], false)).toBe(true);
  });

  it("a request whose page went away resolves when a summary new since its start appears", () => {
    expect(isResolved(entry(), ["s1", "s2"], false)).toBe(false);
    expect(isResolved(entry(), ["s1"], false)).toBe(false);
    expect(isResolved(entry(), ["s9", "s1", "s2"], false)).toBe(true);
  });

  it("expires after its time is up", () => {
    expect(isExpired(entry(), 1_000_000 + PENDING_GENERATION_EXPIRY_MS)).toBe(false);
    expect(isExpired(entry(), 1_000_001 + PENDING_GENERATION_EXPIRY_MS)).toBe(true);
  });
});
