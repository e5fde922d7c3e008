import type { SupabaseClient } from "@supabase/supabase-js";
import { nextTask } from "./next-task";
import { sharedImport } from "./retry-import";

/**
 * The supabase-js client, loaded on first use: about 50 kB of JavaScript that neither a visitor's
 * first screen nor the sign-in form needs before the person submits it. The module's evaluation
 * and the client's start (it reads the stored session and sets its timers) run in two tasks,
 * not one long one that would hold the page. One client for the page: the load is
 * shared, and forgotten only if it failed.
 */
let markRequested!: () => void;
/** Resolved when anything first asks for the client (a sign-out, a token refresh, an upload's token). */
export const supabaseRequested = new Promise<void>((resolve) => (markRequested = resolve));

export const getSupabase: () => Promise<SupabaseClient> = sharedImport(async () => {
  markRequested();
  const { createSupabaseClient } = await import("./supabase-client");
  await nextTask();
  return createSupabaseClient();
});
