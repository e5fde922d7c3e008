import type { SupabaseClient } from "@supabase/supabase-js";
import { sharedImport } from "./retry-import";

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const loadClient = sharedImport(() => import("./supabase-client"));
let client: Promise<SupabaseClient> | null = null;

/**
 * The supabase-js client, loaded on first use: about 50 kB of JavaScript that neither a visitor's
 * first screen nor the sign-in form needs before the person submits it. The module's evaluation
 * and the client's start (it reads the stored session and sets its timers) run in two tasks,
 * not one long one that would hold the page (issue 21).
 */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= loadClient().then(
    async ({ createSupabaseClient }) => {
      await nextTask();
      return createSupabaseClient();
    },
    (error: unknown) => {
      // Not loaded after its retries: the next caller tries again.
      client = null;
      throw error;
    },
  );
  return client;
}
