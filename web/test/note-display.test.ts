import { TRANSCRIPT_CLAMP_LINES } from "@vj/core";
import { describe, expect, it } from "vitest";
import {
  GENERIC_NOTE_ERROR,
  noteBody,
  noteMeta,
  noteTimestamp,
  overflowsClamp,
  transcriptToggleLabel,
} from "../src/features/notes/note-display";

const note = (over: Partial<Parameters<typeof noteMeta>[0]> = {}) => ({
  isError: false,
  error: null,
  isTranscribing: false,
  transcription: null as string | null,
  duration: 0,
  ...over,
});

describe("the transcript clamp", () => {
  const line = 24;
  it("offers no toggle when the text fits in three lines", () => {
    expect(overflowsClamp(line, line, TRANSCRIPT_CLAMP_LINES)).toBe(false);
    expect(overflowsClamp(3 * line, line, TRANSCRIPT_CLAMP_LINES)).toBe(false);
    expect(transcriptToggleLabel(false, false)).toBeNull();
    expect(transcriptToggleLabel(false, true)).toBeNull();
  });

  it("offers Show more on a fourth line, and Show less once expanded", () => {
    expect(overflowsClamp(4 * line, line, TRANSCRIPT_CLAMP_LINES)).toBe(true);
    expect(transcriptToggleLabel(true, false)).toBe("Show more");
    expect(transcriptToggleLabel(true, true)).toBe("Show less");
  });

  it("tolerates fractional line heights and never toggles on an unknown one", () => {
    expect(overflowsClamp(67.5, 22.5, 3)).toBe(false);
    expect(overflowsClamp(67.9, 22.5, 3)).toBe(false);
    expect(overflowsClamp(90, Number.NaN, 3)).toBe(false);
  });
});

describe("what a card says", () => {
  it("counts the words of a transcript", () => {
    expect(noteMeta(note({ transcription: "  one two\nthree  ", duration: 75 }))).toBe("3 words");
    expect(noteMeta(note({ transcription: "Hello", duration: 75 }))).toBe("1 word");
  });

  it("shows the duration as m:ss when there is no transcript", () => {
    expect(noteMeta(note({ duration: 65 }))).toBe("1:05");
    expect(noteMeta(note({ transcription: "   ", duration: 7 }))).toBe("0:07");
    expect(noteMeta(note({ isError: true, error: "boom", duration: 600 }))).toBe("10:00");
  });

  it("shows Transcribing only while there is no text yet", () => {
    expect(noteBody(note({ isTranscribing: true }))).toEqual({ kind: "transcribing" });
    expect(noteBody(note({ isTranscribing: true, transcription: "Partial words" }))).toEqual({ kind: "transcript", text: "Partial words" });
    expect(noteBody(note())).toEqual({ kind: "empty" });
    // No engine on the server: waiting, not failed; a transcript the person typed wins.
    expect(noteBody({ ...note(), awaitingEngine: true })).toEqual({ kind: "not-transcribed" });
    expect(noteBody({ ...note(), limitWaitUntil: "2026-06-15T12:00:00.000Z" })).toEqual({ kind: "limit-waiting" });
    expect(noteBody({ ...note({ transcription: "Typed" }), awaitingEngine: true })).toEqual({ kind: "transcript", text: "Typed" });
  });

  it("shows the error text, the text after ERROR:, or the generic message", () => {
    expect(noteBody(note({ isError: true, error: "Transcription failed: 400 bad audio" }))).toEqual({
      kind: "error",
      message: "Transcription failed: 400 bad audio",
    });
    expect(noteBody(note({ transcription: "ERROR: the engine gave up" }))).toEqual({ kind: "error", message: "the engine gave up" });
    expect(noteBody(note({ isError: true }))).toEqual({ kind: "error", message: GENERIC_NOTE_ERROR });
    expect(noteBody(note({ transcription: "ERROR:" }))).toEqual({ kind: "error", message: "An error occurred while processing your recording." });
  });
});

describe("a card's timestamp", () => {
  const now = new Date("2025-03-05T20:04:00Z"); // Wednesday 3:04 PM in New York
  const NY = "America/New_York";
  const at = (createdAt: string) => noteTimestamp({ createdAt }, NY, now);

  it("says Today at and Yesterday at in the browser's zone", () => {
    expect(at("2025-03-05T14:30:00Z")).toBe("Today at 9:30 AM");
    expect(at("2025-03-05T04:59:00Z")).toBe("Yesterday at 11:59 PM"); // still 4 March in New York
    expect(at("2025-03-04T05:00:00Z")).toBe("Yesterday at 12:00 AM");
  });

  it("names the weekday, month and day further back, across the year end too", () => {
    expect(at("2025-03-03T22:15:00Z")).toBe("Monday, March 3 at 5:15 PM");
    expect(noteTimestamp({ createdAt: "2024-12-31T23:00:00Z" }, "UTC", new Date("2025-01-02T08:00:00Z"))).toBe("Tuesday, December 31 at 11:00 PM");
    expect(noteTimestamp({ createdAt: "2024-12-31T23:00:00Z" }, "UTC", new Date("2025-01-01T08:00:00Z"))).toBe("Yesterday at 11:00 PM");
  });

  it("puts a late UTC evening on the next day far east of UTC", () => {
    const kiritimati = "Pacific/Kiritimati";
    expect(noteTimestamp({ createdAt: "2025-03-04T23:00:00Z" }, kiritimati, new Date("2025-03-05T01:00:00Z"))).toBe("Today at 1:00 PM");
  });
});
