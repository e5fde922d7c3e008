import { COLLECTION_FORM_DEFAULT_COLOR, hexColorSchema } from "@vj/core";
import { describe, expect, it } from "vitest";
import { canConfirmDeletion, deletionFailureMessage } from "../src/features/account/delete-account";
import { EMPTY_COLLECTION_DRAFT, serverErrorText, validateCollectionForm } from "../src/features/collections/collection-form";
import { lastRecordingText, totalMinutes } from "../src/features/collections/stats-text";
import { firstCollectionInput } from "../src/features/onboarding/first-collection";
import { ApiError } from "../src/lib/api-client";

describe("Delete Account confirmation (SPEC §5)", () => {
  it("is enabled only on exactly 'delete' and while nothing is pending", () => {
    expect(canConfirmDeletion("delete", false)).toBe(true);
    for (const text of ["", "Delete", "DELETE", "delete ", " delete", "delet", "deletee", "delete\n"]) {
      expect(canConfirmDeletion(text, false), JSON.stringify(text)).toBe(false);
    }
    expect(canConfirmDeletion("delete", true)).toBe(false);
  });

  it("reports the server's message, the missing-token error, or the spec's fallback", () => {
    expect(deletionFailureMessage(new ApiError(500, "Database unavailable", "internal"))).toBe("Database unavailable");
    expect(deletionFailureMessage(new ApiError(502, "", null))).toBe("Failed to delete account. Please try again.");
    expect(deletionFailureMessage(new Error("No authentication token found"))).toBe("No authentication token found");
    expect(deletionFailureMessage(new TypeError("Failed to fetch"))).toBe("Failed to delete account. Please try again.");
  });
});

describe("hex colours (SPEC §5)", () => {
  it("accepts # and six hex digits in either case, nothing else", () => {
    for (const ok of ["#6b7280", "#ABCDEF", "#00ff00"]) expect(hexColorSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ["6b7280", "#6b728", "#6b72800", "#ggg000", "#fff", "", " #6b7280x"]) {
      expect(hexColorSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe("the New Collection form validates as a whole (SPEC §5)", () => {
  const userId = "00000000-0000-4000-8000-00000000000a";

  it("starts with the form's default colour", () => {
    expect(EMPTY_COLLECTION_DRAFT.primaryColor).toBe(COLLECTION_FORM_DEFAULT_COLOR);
  });

  it("reports every field at once: 'Required' for an empty name, the hex message for a bad colour", () => {
    const result = validateCollectionForm({ name: "  ", description: "", primaryColor: "#12345" }, userId);
    expect(result).toEqual({ ok: false, errors: { name: "Required", primaryColor: "Please enter a valid hex color" } });
  });

  it("sends trimmed values, the signed-in user's id and isDefault false", () => {
    const result = validateCollectionForm({ name: "  Reading List ", description: " Books ", primaryColor: "#0F766E" }, userId);
    expect(result).toEqual({
      ok: true,
      input: { name: "Reading List", description: "Books", primaryColor: "#0F766E", isDefault: false, userId },
    });
  });

  it("shows the server's refusal under the name, or a plain retry message", () => {
    expect(serverErrorText(new ApiError(409, 'You already have a collection whose address would be "/work".', "conflict"))).toBe(
      'You already have a collection whose address would be "/work".',
    );
    expect(serverErrorText(new TypeError("Failed to fetch"))).toBe("Something went wrong. Please try again.");
  });
});

describe("onboarding's first collection (SPEC §3, §5)", () => {
  it("trims, marks it default and sends the empty userId; a blank name is refused", () => {
    expect(firstCollectionInput({ name: "  Dream Log ", description: "  Nights  ", color: "#ec4899" })).toEqual({
      name: "Dream Log",
      description: "Nights",
      primaryColor: "#ec4899",
      isDefault: true,
      userId: "",
    });
    expect(firstCollectionInput({ name: " \t ", description: "x", color: "#3b82f6" })).toBeNull();
  });
});

describe("collection card figures (SPEC §2, §9)", () => {
  it("shows total seconds as rounded minutes", () => {
    expect(totalMinutes(0)).toBe(0);
    expect(totalMinutes(29)).toBe(0);
    expect(totalMinutes(30)).toBe(1);
    expect(totalMinutes(155)).toBe(3);
    expect(totalMinutes(3600)).toBe(60);
  });

  it("reads 'Last: {date}' for the newest note and 'No recordings' without one", () => {
    expect(lastRecordingText("", "en-US")).toBe("No recordings");
    expect(lastRecordingText("2026-03-10T12:00:00.000Z", "en-US")).toBe("Last: Mar 10, 2026");
  });
});
