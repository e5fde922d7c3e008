/**
 * Collection slugs (SPEC §2): the name lowercased, every run of characters outside a-z and 0-9
 * replaced by one hyphen, leading and trailing hyphens trimmed.
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * First path segments the app itself uses: a collection named "Collections", "Search" or
 * "Settings" would be shadowed by those screens, so its slug gets the id suffix and stays
 * reachable. Every signed-in screen's first segment belongs here (web/test/reserved-slugs.test.ts).
 */
export const RESERVED_SLUGS: readonly string[] = Object.freeze(["collections", "onboarding", "search", "settings", "admin", "auth", "api"]);

/**
 * The slug a collection is reached by. A name with no a-z/0-9 at all (e.g. "日記" or "!!!")
 * would give an empty slug, so it falls back to "c-" plus the first 8 characters of the id
 * and every collection stays reachable (DESIGN §4); a reserved segment gets the same suffix.
 */
export function collectionSlug(name: string, id: string): string {
  const slug = slugify(name);
  if (!slug) return `c-${id.slice(0, 8)}`;
  return RESERVED_SLUGS.includes(slug) ? `${slug}-${id.slice(0, 8)}` : slug;
}
