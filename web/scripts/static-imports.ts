import type { Rolldown } from "vite";

type OutputBundle = Rolldown.OutputBundle;

/**
 * `files` (chunks of `bundle`) and every chunk they import statically, directly or not: what a
 * page preloads beside a script so that none of it is found only once the script has arrived.
 * Each file once, in the order a depth-first walk meets them.
 */
export function withStaticImports(bundle: OutputBundle, files: readonly string[]): string[] {
  const found = new Set<string>();
  const stack = [...files];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (found.has(file)) continue;
    found.add(file);
    const chunk = bundle[file];
    if (chunk?.type === "chunk") stack.push(...chunk.imports);
  }
  return [...found];
}
