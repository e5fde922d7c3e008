const KB = 1024;
const MB = 1024 * KB;

/** A size as people read it: "640 KB", "3.4 MB", "80 MB" (at least 1 KB, so a short take never shows 0). */
export function formatBytes(bytes: number): string {
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / KB))} KB`;
  return `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`;
}
