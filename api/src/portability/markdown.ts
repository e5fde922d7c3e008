import { slugify } from "@vj/core";

/** A file-name piece: the slug rule, bounded, never empty. */
export function fileSlug(text: string, fallback: string): string {
  return slugify(text).slice(0, 60).replace(/-+$/, "") || fallback;
}

/** A YAML scalar that any reader takes as a string (JSON strings are valid YAML). */
const yaml = (value: string | number | null) => (value === null ? "null" : typeof value === "number" ? String(value) : JSON.stringify(value));

/** Front matter and body, readable as they are in Obsidian. */
export function markdownFile(fields: Record<string, string | number | null | string[]>, body: string): string {
  const lines = Object.entries(fields).map(([k, v]) => (Array.isArray(v) ? `${k}: [${v.map((x) => yaml(x)).join(", ")}]` : `${k}: ${yaml(v)}`));
  return `---\n${lines.join("\n")}\n---\n\n${body.trim()}\n`;
}
