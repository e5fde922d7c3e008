import { ONBOARDING_SWATCHES, COLLECTION_SWATCHES } from "@vj/core";
import { describe, expect, it } from "vitest";
import { contrastRatio, luminance, readableTextOn, tintOf } from "../src/features/journal-view/tint";

describe("text on a collection colour", () => {
  it("is dark on light colours (amber, lime) and white on deep ones", () => {
    expect(readableTextOn("#f59e0b")).toBe("#0f172a");
    expect(readableTextOn("#84cc16")).toBe("#0f172a");
    expect(readableTextOn("#4338ca")).toBe("#ffffff");
    expect(readableTextOn("#1f2937")).toBe("#ffffff");
  });

  it("reaches the 4.5:1 text contrast on every swatch the app offers", () => {
    for (const swatch of [...ONBOARDING_SWATCHES, ...COLLECTION_SWATCHES]) {
      const ratio = contrastRatio(luminance(swatch)!, luminance(readableTextOn(swatch))!);
      expect(ratio, swatch).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("falls back to a neutral tint for a malformed colour", () => {
    expect(tintOf("red")).toBe("#475569");
    expect(tintOf("#3B82F6")).toBe("#3B82F6");
    expect(luminance("#12345")).toBeNull();
  });
});
