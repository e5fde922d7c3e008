import fs from "node:fs";
import path from "node:path";
import { RESERVED_SLUGS } from "@vj/core";
import { describe, expect, it } from "vitest";

const routes = path.join(import.meta.dirname, "../src/routes");

/** The first path segment of every route file: pathless parts (`_authed`) and the root's own files left out. */
function firstSegments(dir: string, prefix: string[] = []): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const name = entry.isDirectory() ? entry.name : entry.name.replace(/\.tsx?$/, "");
    const parts = [...prefix, ...name.split(".")].filter((p) => !p.startsWith("_") && p !== "index" && p !== "route");
    if (entry.isDirectory()) found.push(...firstSegments(path.join(dir, entry.name), parts));
    else if (parts[0]) found.push(parts[0]);
  }
  return [...new Set(found)];
}

describe("the app's own screens and collection slugs", () => {
  it("reserves every screen's first path segment, so no collection's address is shadowed by a screen", () => {
    const screens = firstSegments(routes).filter((segment) => !segment.startsWith("$"));
    expect(screens).toEqual(expect.arrayContaining(["collections", "search", "settings", "auth"]));
    expect(screens.filter((segment) => !RESERVED_SLUGS.includes(segment))).toEqual([]);
  });
});
