import { answerSchema, ApiError, apiRequest } from "../../lib/api-client";

/** SPEC §5: the Delete Account button is enabled only on exactly "delete" and while nothing is pending. */
export function canConfirmDeletion(confirmText: string, pending: boolean): boolean {
  return confirmText === "delete" && !pending;
}

const NO_TOKEN = "No authentication token found";
const FALLBACK = "Failed to delete account. Please try again.";

/** DELETE /api/auth/delete-account with the session token (SPEC §7); no token is the spec's own error. */
export async function deleteAccount(accessToken: string | null): Promise<void> {
  if (!accessToken) throw new Error(NO_TOKEN);
  await apiRequest("/api/auth/delete-account", { method: "DELETE", body: {}, schema: answerSchema((s) => s.successSchema) });
}

/**
 * The failure toast (SPEC §8) shows the server's message, the missing-token error, or the spec's
 * fallback; a browser's own network wording ("Failed to fetch") is not a message for users.
 */
export function deletionFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage || FALLBACK;
  if (error instanceof Error && error.message === NO_TOKEN) return NO_TOKEN;
  return FALLBACK;
}
