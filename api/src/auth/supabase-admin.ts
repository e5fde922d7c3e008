import { ApiError } from "../errors.js";

export interface SupabaseAdminConfig {
  SUPABASE_URL?: string | undefined;
  SUPABASE_SERVICE_ROLE_KEY?: string | undefined;
}

/**
 * Supabase mode: removes the user from the project's auth with the service-role
 * key (GoTrue admin API), so a deleted account cannot sign in again. A user the
 * project no longer has counts as removed, which makes a retry safe.
 */
export async function deleteSupabaseUser(config: SupabaseAdminConfig, userId: string): Promise<void> {
  const base = config.SUPABASE_URL!.replace(/\/+$/, "");
  const key = config.SUPABASE_SERVICE_ROLE_KEY!;
  let status: number;
  try {
    const res = await fetch(`${base}/auth/v1/admin/users/${encodeURIComponent(userId)}`, {
      method: "DELETE",
      headers: { apikey: key, authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(15_000),
    });
    status = res.status;
    await res.body?.cancel();
  } catch {
    status = 0;
  }
  if ((status >= 200 && status < 300) || status === 404) return;
  throw new ApiError(
    "auth_provider_unavailable",
    "Your recordings and data were deleted, but your sign-in account could not be removed right now. Please try again.",
  );
}
