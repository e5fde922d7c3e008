// Where supabase-js points and where it keeps its session, without loading supabase-js: the API
// serves the Supabase-compatible auth at /auth/v1 on the app's own origin (DESIGN §3);
// VITE_SUPABASE_URL points the same build at a real Supabase project instead.
export const supabaseUrl = import.meta.env.VITE_SUPABASE_URL || window.location.origin;
export const supabaseAnonKey = import.meta.env.VITE_SUPABASE_ANON_KEY || "public-anon-key";

/** supabase-js's own default key (`sb-<first label of the host>-auth-token`), named so both sides agree. */
export const supabaseStorageKey = `sb-${new URL(supabaseUrl).hostname.split(".")[0]}-auth-token`;
