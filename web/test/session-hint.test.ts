import { describe, expect, test } from "vitest";
import { SESSION_HINT_CLASS, sessionHintSource } from "../src/prerender/session-hint";

/** Runs the prerendered pages' inline script on its own, as a page would before anything else. */
function runHint(stored: Record<string, string>, href = "https://vj.example/"): string[] {
  const added: string[] = [];
  const storage = {
    get length() {
      return Object.keys(stored).length;
    },
    key: (i: number) => Object.keys(stored)[i] ?? null,
    getItem: (k: string) => stored[k] ?? null,
  };
  const document = { documentElement: { classList: { add: (c: string) => added.push(c) } } };
  new Function("window", "location", "document", sessionHintSource())({ localStorage: storage }, { href }, document);
  return added;
}

describe("the prerendered pages' session hint", () => {
  test("marks a browser holding our cached session", () => {
    expect(runHint({ "voice-journal.session": "{}" })).toEqual([SESSION_HINT_CLASS]);
  });
  test("marks a browser holding supabase-js's session", () => {
    expect(runHint({ "sb-abc-auth-token": "{}" })).toEqual([SESSION_HINT_CLASS]);
  });
  test("marks an auth redirect", () => {
    expect(runHint({}, "https://vj.example/?code=xyz")).toEqual([SESSION_HINT_CLASS]);
  });
  test("leaves a visitor's page alone, other stored data notwithstanding", () => {
    expect(runHint({ "voice-journal.query-cache": "{}" })).toEqual([]);
  });
});
