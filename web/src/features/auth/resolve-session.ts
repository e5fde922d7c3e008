import type { Session } from "@supabase/supabase-js";

type GetSessionResult = { data: { session: Session | null }; error: unknown };

export type ResolveSessionOptions = {
  getSession: () => Promise<GetSessionResult>;
  readCache: () => Session | null;
  isOnline: () => boolean;
  timeoutMs: number;
};

const TIMED_OUT = Symbol("timed out");

/**
 * SPEC §4: the session comes from the provider, or from the local cache when the browser is
 * offline, when the provider's check fails, or when it takes longer than `timeoutMs`.
 */
export async function resolveInitialSession(options: ResolveSessionOptions): Promise<Session | null> {
  if (!options.isOnline()) return options.readCache();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), options.timeoutMs);
  });
  try {
    const result = await Promise.race([options.getSession(), timeout]);
    if (result === TIMED_OUT || result.error) return options.readCache();
    return result.data.session;
  } catch {
    return options.readCache();
  } finally {
    clearTimeout(timer);
  }
}
