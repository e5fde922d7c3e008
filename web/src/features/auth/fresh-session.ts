import type { Session } from "@supabase/supabase-js";

/**
 * How long the stored access token must still be valid for the app to open on it before
 * supabase-js has loaded: supabase-js itself treats a token within 90 s of expiry as expired
 * (and refreshes it), so this leaves it room to load and take over the refresh.
 */
export const FRESH_SESSION_MARGIN_MS = 5 * 60_000;

/**
 * When the app opened on such a session, how long after its first screen supabase-js loads (in
 * the page's next idle period after that): nothing on the start needs it (a token refresh, a
 * sign-out, an upload's token ask for it at once), and its evaluation and start are ~45 ms of a
 * phone's CPU while the screen is still settling. Well inside the margin above.
 */
export const SUPABASE_LOAD_DELAY_MS = 8_000;

/**
 * The session supabase-js keeps under `key`, when it is one supabase-js's getSession() would
 * hand back as it is, with no call to the server: well formed and not near its expiry. Then the
 * signed-in first screen need not wait for supabase-js (about 200 kB of JavaScript) to load and
 * read the same value. Null for anything else (no value, a malformed one, an expiring token, an
 * auth redirect in the URL that supabase-js must handle first): the app asks supabase-js.
 */
export function readFreshSession(
  storage: Pick<Storage, "getItem"> | null,
  key: string,
  url: URL,
  now: number,
): Session | null {
  if (!storage) return null;
  if (url.hash.includes("access_token") || url.hash.includes("error_description") || url.searchParams.has("code")) return null;
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Session> | null;
    if (!value || typeof value.access_token !== "string" || typeof value.refresh_token !== "string") return null;
    if (typeof value.expires_at !== "number" || value.expires_at * 1000 - now < FRESH_SESSION_MARGIN_MS) return null;
    if (!value.user || typeof value.user.id !== "string") return null;
    return value as Session;
  } catch {
    return null;
  }
}
