import { SESSION_CACHE_KEY } from "./session-cache";

/** supabase-js keeps its session (and a PKCE verifier) under `sb-<project>-auth-token…`. */
const SUPABASE_KEY = "^sb-.+-auth-token";

/**
 * Whether this browser may hold a session: our cached copy, supabase-js's own storage, or an
 * auth redirect in the URL (detectSessionInUrl). When none of them is there the visitor is
 * signed out, and the first screen need not wait for supabase-js to load and say so.
 */
export function mayHaveSession(storage: Pick<Storage, "length" | "key" | "getItem"> | null, url: URL): boolean {
  return storedSessionHint(storage, url, SESSION_CACHE_KEY, SUPABASE_KEY);
}

/**
 * mayHaveSession's rule with its keys as arguments. It refers to nothing outside itself: the
 * prerendered pages run its source inline, before they paint (prerender/session-hint.ts).
 */
export function storedSessionHint(
  storage: Pick<Storage, "length" | "key" | "getItem"> | null,
  url: URL,
  cacheKey: string,
  supabaseKey: string,
): boolean {
  if (url.hash.includes("access_token") || url.hash.includes("error_description") || url.searchParams.has("code")) return true;
  if (!storage) return true; // storage blocked: let supabase-js decide
  try {
    if (storage.getItem(cacheKey)) return true;
    const pattern = new RegExp(supabaseKey);
    for (let i = 0; i < storage.length; i++) {
      if (pattern.test(storage.key(i) ?? "")) return true;
    }
    return false;
  } catch {
    return true;
  }
}

/** The arguments storedSessionHint needs besides storage and URL, for the inline copy. */
export const SESSION_HINT_KEYS = [SESSION_CACHE_KEY, SUPABASE_KEY] as const;
