import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build, type BuildEnvironmentOptions, type PluginOption } from "vite";
import { afterAll } from "vitest";

/**
 * A small project of `files` (name → text) in a temporary folder, removed after the test file's
 * tests, for the build scripts' plugins: `build` runs a real Vite build of it with `plugins` into
 * a new folder and returns that folder.
 */
export function scratchProject(prefix: string, files: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(root, name), text);
  return {
    root,
    async build(plugins: PluginOption[], options: BuildEnvironmentOptions = {}): Promise<string> {
      const outDir = fs.mkdtempSync(path.join(root, "dist-"));
      await build({ root, logLevel: "silent", configFile: false, plugins, build: { ...options, outDir } });
      return outDir;
    },
  };
}
