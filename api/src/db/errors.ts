/** PostgreSQL (and PGlite) report a unique-index violation with SQLSTATE 23505. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === "23505";
}
