import type { SupabaseClient } from "@supabase/supabase-js";
import { sharedImport } from "./retry-import";

const loadClient = sharedImport(() => import("./supabase-client"));

/**
 * The supabase-js client, loaded on first use: about 50 kB of JavaScript that neither a visitor's
 * first screen nor the sign-in form needs before the person submits it.
 */
export function getSupabase(): Promise<SupabaseClient> {
  return loadClient().then((m) => m.supabase);
}
