import { createClient } from "@supabase/supabase-js";

// The API serves the Supabase-compatible auth at /auth/v1 on the app's own origin (DESIGN §3);
// VITE_SUPABASE_URL points the same build at a real Supabase project instead.
const url = import.meta.env.VITE_SUPABASE_URL || window.location.origin;
const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY || "public-anon-key";

export const supabase = createClient(url, anonKey, {
  auth: {
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
  },
});
