import { deleteSupabaseUser } from "../auth/supabase-admin.js";
import { notFound } from "../errors.js";
import { accountRepository } from "../repositories/account.js";
import { adminRepository } from "../repositories/admin.js";
import type { ServiceContext } from "./context.js";

/**
 * Deletes the user with every row they own (foreign keys cascade, sessions included, so
 * their tokens stop working at once) and then every audio blob. Keys are read before the
 * rows go; blobs are deleted only after the delete committed, so a failed delete loses nothing.
 * In Supabase mode the project's auth user goes last: if that call fails the data is already
 * gone and a retry (the still-valid token recreates the empty user row) finishes the job.
 */
export async function deleteAccount(ctx: ServiceContext, userId: string): Promise<void> {
  const account = accountRepository(ctx.db);
  const keys = await account.listAudioKeys(userId);
  const deleted = await account.deleteUser(userId);
  if (!deleted) throw notFound("Account");
  ctx.onAccountRevoked?.(userId);
  if (deleted.wasAdmin && (await adminRepository(ctx.db).otherActiveAdmins(userId)) === 0) {
    // The last admin left: the oldest account that can sign in runs the instance from now on.
    const promoted = await adminRepository(ctx.db).promoteOldest();
    if (promoted) ctx.logger.warn({ userId: promoted }, "the last admin deleted their account; the oldest account is now the admin");
  }
  const results = await Promise.allSettled(keys.map((key) => ctx.blobs.delete(key)));
  // The user's prefix also catches a blob whose upload raced the deletion.
  results.push(...(await Promise.allSettled([ctx.blobs.deletePrefix(userId)])));
  for (const r of results) {
    if (r.status === "rejected") ctx.logger.error({ err: r.reason, userId }, "audio left behind after account deletion");
  }
  if (ctx.config.SUPABASE_URL) {
    if (ctx.config.SUPABASE_SERVICE_ROLE_KEY) await deleteSupabaseUser(ctx.config, userId);
    else ctx.logger.warn({ userId }, "SUPABASE_SERVICE_ROLE_KEY is not set: the Supabase auth user was not deleted");
  }
}
