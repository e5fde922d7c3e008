import { createClient } from "@supabase/supabase-js";
import { supabaseAnonKey, supabaseStorageKey, supabaseUrl } from "./supabase-config";

/** The app's one supabase-js client (lib/supabase.ts makes it once). */
export function createSupabaseClient() {
  return createClient(supabaseUrl, supabaseAnonKey, {
    auth: {
      autoRefreshToken: true,
      persistSession: true,
      detectSessionInUrl: true,
      storageKey: supabaseStorageKey,
    },
  });
}
