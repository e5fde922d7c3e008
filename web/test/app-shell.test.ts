import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appShell } from "../scripts/app-shell";
import { scratchProject } from "./scratch-build";

// An app whose entry shares a module with what it loads later: a screen (with a module of its own
// and the shared one) and a page nobody preloads.
const project = scratchProject("vj-app-shell-", {
  "index.html": `<!doctype html><html><head><title>t</title></head><body><script type="module" src="/main.js"></script></body></html>`,
  "shared.js": "export const shared = () => 'shared';\n",
  "widgets.js": "export const widgets = () => 'widgets';\n",
  "main.js": "import { shared } from './shared.js';\nconsole.log(shared());\nimport('./screen.js');\nimport('./other.js');\n",
  "screen.js": "import { shared } from './shared.js';\nimport { widgets } from './widgets.js';\nexport const screen = shared() + widgets();\n",
  "other.js": "import { widgets } from './widgets.js';\nexport const other = widgets();\n",
});

async function buildWith(names: string[]) {
  const outDir = await project.build([appShell(names)], { minify: false });
  const read = (file: string) => fs.readFileSync(path.join(outDir, file), "utf8");
  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([a-z]+)-[^"]+\.js">/g)].map((m) => m[1]);
  return { read, preloads };
}

describe("the installed app's shell", () => {
  it("names the chunks of the start it is given and what they import, beside the entry's own tags", async () => {
    const { read, preloads } = await buildWith(["screen"]);
    const index = read("index.html");
    const shell = read("app-shell.html");
    // The screen's chunk and the one it shares with the other page: each once, its own first.
    expect(preloads(shell).sort()).toEqual([...preloads(index), "screen", "widgets"].sort());
    expect(preloads(shell).indexOf("screen")).toBeLessThan(preloads(shell).indexOf("widgets"));
    expect(preloads(shell)).not.toContain("other");
    // A first visit's page is left as it was: it asks for nothing of the screen before it is needed.
    expect(preloads(index)).not.toContain("screen");
    const withoutPreloads = (html: string) => html.replace(/<link rel="modulepreload"[^>]*>/g, "").replace(/\s+/g, "");
    expect(withoutPreloads(shell)).toBe(withoutPreloads(index));
  });

  it("fails the build when no chunk carries a name, rather than leave its chunks out", async () => {
    await expect(buildWith(["screen", "renamed"])).rejects.toThrow(/no chunk named renamed/);
  });
});
