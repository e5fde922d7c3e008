import { describe, expect, test } from "vitest";
import { deliveredNoteOf, errorMessageOf } from "../../src/features/outbox/upload-answer";

describe("the outbox's reading of upload answers (no zod in the worker)", () => {
  test("the error shape's message; anything else is not one", () => {
    expect(errorMessageOf(JSON.stringify({ error: { code: "payload_too_large", message: "Too big" } }))).toBe("Too big");
    expect(errorMessageOf(JSON.stringify({ error: { message: "no code" } }))).toBeNull();
    expect(errorMessageOf("<html>Bad gateway</html>")).toBeNull();
    expect(errorMessageOf("null")).toBeNull();
  });

  test("a stored note when the answer has a note's shape, else null", () => {
    const note = { id: "n1", domainId: "d1", clientId: "rec-1", title: "T", createdAt: "2026-03-10T12:00:00.000Z", duration: 3, isTranscribing: true };
    expect(deliveredNoteOf(JSON.stringify(note))).toEqual(note);
    expect(deliveredNoteOf(JSON.stringify({ ...note, duration: "3" }))).toBeNull();
    expect(deliveredNoteOf(JSON.stringify([note]))).toBeNull();
    expect(deliveredNoteOf("")).toBeNull();
  });
});
