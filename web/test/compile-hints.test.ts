import fs from "node:fs";
import path from "node:path";
import { SourceMapConsumer } from "source-map-js";
import { describe, expect, it } from "vitest";
import { compileHints } from "../scripts/compile-hints";
import { scratchProject } from "./scratch-build";

// A start chunk with a dynamic import (so Vite puts its own preload helper on top of it) and a
// chunk that loads on demand.
const project = scratchProject("vj-compile-hints-", {
  "start.js": ["export function startsTheApp() {", "  return import(\"./later.js\");", "}", "console.log(startsTheApp);", ""].join("\n"),
  "later.js": "export const later = () => 'later';\n",
});

async function buildWith(names: string[]) {
  const outDir = await project.build([compileHints(names)], {
    sourcemap: true,
    minify: false,
    rolldownOptions: { input: { start: path.join(project.root, "start.js") } },
  });
  const file = (name: string) => {
    const fileName = fs.readdirSync(path.join(outDir, "assets")).find((f) => f.startsWith(`${name}-`) && f.endsWith(".js"))!;
    return path.join(outDir, "assets", fileName);
  };
  return { file };
}

describe("the build's compile hints", () => {
  it("start the named chunks with V8's hint, leave the others lazy, and keep their source maps right", async () => {
    const { file } = await buildWith(["start"]);
    const start = fs.readFileSync(file("start"), "utf8");
    expect(start.split("\n")[0]).toBe("//# allFunctionsCalledOnLoad");
    expect(fs.readFileSync(file("later"), "utf8")).not.toContain("allFunctionsCalledOnLoad");

    const lines = start.split("\n");
    const line = lines.findIndex((l) => l.includes("function startsTheApp"));
    const column = lines[line]?.indexOf("startsTheApp") ?? -1;
    const map = new SourceMapConsumer(JSON.parse(fs.readFileSync(`${file("start")}.map`, "utf8")));
    const original = map.originalPositionFor({ line: line + 1, column });
    expect(original.source).toMatch(/start\.js$/);
    expect(original.line).toBe(1);
  });

  it("fail the build when no chunk carries a name, rather than leave it without its hint", async () => {
    await expect(buildWith(["start", "renamed"])).rejects.toThrow(/no chunk named renamed/);
  });
});
