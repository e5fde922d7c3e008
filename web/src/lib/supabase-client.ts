import { createClient } from "@supabase/supabase-js";
import { supabaseAnonKey, supabaseStorageKey, supabaseUrl } from "./supabase-config";

export const supabase = createClient(supabaseUrl, supabaseAnonKey, {
  auth: {
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
    storageKey: supabaseStorageKey,
  },
});
