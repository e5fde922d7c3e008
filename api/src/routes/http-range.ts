/** A single satisfiable byte range, inclusive at both ends. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads an HTTP Range header against a resource of `size` bytes (RFC 9110 §14).
 * null: serve the whole resource (no header, another unit, or several ranges, which a
 * server may answer in full). "unsatisfiable": answer 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const units = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!units) return null;
  const specs = units[1]!.split(",").map((s) => s.trim());
  if (specs.length !== 1) return null;
  const m = /^(\d*)-(\d*)$/.exec(specs[0]!);
  if (!m || (m[1] === "" && m[2] === "")) return "unsatisfiable";
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
